/**
 * Shared mode: everyone acts with the shared key, so the platform's own audit shows one integration user. Every
 * write that carries text then says who acted, so the platform keeps the trail: a task's description and a post's
 * content end with "Created in Slack by Ana Silva (ana@…)". Status and priority changes carry no text of ours (the
 * platform writes their change-log comment itself), so they are not attributed.
 */
import type { MonitoringApi } from '../../monitoring/api.ts';
import type { PersonLabel } from './acting.ts';

export function attributionLine(verb: 'Created' | 'Posted', who: PersonLabel): string {
  return `${verb} in Slack by ${who.name}${who.email ? ` (${who.email})` : ''}`;
}

const withLine = (text: string | undefined, line: string) => (text ? `${text}\n\n— ${line}` : line);

export function attributeWrites(api: MonitoringApi, who: () => Promise<PersonLabel>): MonitoringApi {
  return {
    ...api,
    tasks: {
      ...api.tasks,
      async create(input, signal) {
        const line = attributionLine('Created', await who());
        return api.tasks.create({ ...input, description: withLine(input.description, line) }, signal);
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
