/**
 * /round: help (in the ack), then as work: the list (anyone), add and remove (workspace admins and owners, or the
 * admin group — the same rule as /monitor's settings, checked from users.info, never from the payload).
 */
import { answer, commandEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { parseRoundCommand } from '../rules/round-parse.ts';
import { slotsBetween } from '../rules/schedule.ts';
import { ROUND_HELP } from '../render/rounds-help.ts';
import { renderRoundList } from '../render/round-post.ts';
import { addRound } from '../flows/round-setup.ts';
import type { RoundsDeps } from '../flows/rounds-deps.ts';
import { recordAudit } from '../../ops/index.ts';

const WEEK_MS = 7 * 24 * 3_600_000;
export const ADMINS_ONLY =
  'Only workspace admins and owners (or the admin group) can change rounds and handovers.';

export const roundCommand = (deps: RoundsDeps) =>
  commandEntry<{ text: string }>({
    command: '/round',
    kind: 'rounds.command',
    becomesWork: (text) => {
      const k = parseRoundCommand(text).kind;
      return k !== 'help' && k !== 'invalid';
    },
    receive({ command }) {
      const parsed = parseRoundCommand(command.text);
      if (parsed.kind === 'help') return answer(renderCommandHelp(ROUND_HELP, parsed.notice));
      if (parsed.kind === 'invalid') return answer({ response_type: 'ephemeral', text: parsed.message });
      return toWork({ text: command.text });
    },
    async work({ command, client, respond, context }, { text }) {
      const reply = (t: string) => respond({ response_type: 'ephemeral', text: t });
      const ws = workspaceKeyOf(context as InstallationIds);
      if (!ws)
        return void (await reply(
          'fieldline cannot tell which workspace this is, so it keeps no rounds here.',
        ));
      const parsed = parseRoundCommand(text);
      try {
        if (parsed.kind === 'list') {
          const defs = await deps.rounds.rounds(ws);
          const now = deps.clock.now();
          const stats = new Map<string, { done: number; due: number }>();
          for (const def of defs) {
            const runs = Object.values(await deps.rounds.runs(ws, def.id)).filter(
              (r) => r.slot > now - WEEK_MS,
            );
            const due = slotsBetween(def, Math.max(now - WEEK_MS, def.createdAt), now - def.windowMs).length;
            stats.set(def.id, {
              done: runs.filter((r) => r.doneAt !== undefined).length,
              due: Math.max(due, runs.length),
            });
          }
          const list = renderRoundList(defs, stats);
          return void (await respond({ response_type: 'ephemeral', ...list }));
        }
        if (!(await deps.access.mayConfigureChannels(client))) return void (await reply(ADMINS_ONLY));
        if (parsed.kind === 'add')
          return void (await reply(
            await addRound(deps, ws, { channel: command.channel_id, user: command.user_id }, parsed.add),
          ));
        if (parsed.kind === 'remove') {
          const defs = await deps.rounds.rounds(ws);
          const n = Number(parsed.which);
          const def =
            Number.isInteger(n) && n >= 1
              ? defs[n - 1]
              : defs.find((d) => d.sourceName.toLowerCase() === parsed.which.toLowerCase());
          if (!def)
            return void (await reply(
              `There is no round “${safeName(parsed.which, 80)}”. \`/round list\` numbers them.`,
            ));
          await deps.rounds.removeRound(ws, def.id);
          await recordAudit('schedule.changed', { site: def.siteId, detail: 'round removed' });
          return void (await reply(
            `Round *${safeName(def.sourceName, 150)}* at ${def.times.join(', ')} removed.`,
          ));
        }
      } catch (err) {
        await reportError(
          deps,
          { client, channel: command.channel_id, user: command.user_id, responseUrl: command.response_url },
          err,
          {
            command: '/round',
          },
        );
      }
    },
  });
