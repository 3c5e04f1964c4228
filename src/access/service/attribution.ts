/**
 * Shared mode: everyone acts with the shared key, so the platform's own audit shows one integration user. Every
 * write that carries text then says who acted, so the platform keeps the trail: a task's description and a post's
 * content end with "Created in Slack by Ana Silva (ana@…)", an edited description with "Edited in Slack by …". Status
 * and priority changes carry no text of ours (the platform writes their change-log comment itself), so they are not
 * attributed.
 */
import type { MonitoringApi } from '../../monitoring/api.ts';
import type { PersonLabel } from './acting.ts';

export function attributionLine(verb: 'Created' | 'Posted' | 'Edited', who: PersonLabel): string {
  return `${verb} in Slack by ${who.name}${who.email ? ` (${who.email})` : ''}`;
}

const withLine = (text: string | undefined, line: string) => (text ? `${text}\n\n— ${line}` : line);
/** The last "— Edited in Slack by …" line goes: one edit line (the latest) follows the creation line. */
const withoutEditLine = (text: string) => text.replace(/\n\n— Edited in Slack by [^\n]*$/, '');

export function attributeWrites(api: MonitoringApi, who: () => Promise<PersonLabel>): MonitoringApi {
  return {
    ...api,
    tasks: {
      ...api.tasks,
      async create(input, signal) {
        const line = attributionLine('Created', await who());
        return api.tasks.create({ ...input, description: withLine(input.description, line) }, signal);
      },
      async update(id, patch, signal) {
        // Only an edit that writes the description carries text of ours; a status click stays a status change.
        if (patch.description === undefined) return api.tasks.update(id, patch, signal);
        const line = attributionLine('Edited', await who());
        const description = withLine(withoutEditLine(patch.description), line);
        return api.tasks.update(id, { ...patch, description }, signal);
      },
    },
    posts: {
      async create(post, signal) {
        const line = attributionLine('Posted', await who());
        return api.posts.create({ ...post, content: withLine(post.content, line) }, signal);
      },
    },
  };
}
