/**
 * App Home's rounds section: each round's last completion, by whom, and its completion rate over the last 7 days
 * (slots due and past their window; a slot done late counts as done).
 */
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { context, section } from '../../kit/blocks/text-blocks.ts';
import type { BlockJson } from '../../kit/blocks/block-json.ts';
import { siteDayTime, slotsBetween } from '../rules/schedule.ts';
import type { RoundsStore } from '../service/rounds-store.ts';

const WEEK_MS = 7 * 24 * 3_600_000;
const SHOWN = 10;

export async function roundsHomeBlocks(
  deps: { rounds: RoundsStore; clock: { now(): number } },
  ws: string | undefined,
): Promise<BlockJson[]> {
  if (!ws) return [];
  const defs = await deps.rounds.rounds(ws);
  if (defs.length === 0) return [];
  const now = deps.clock.now();
  const lines: string[] = [];
  for (const def of defs.slice(0, SHOWN)) {
    const runs = Object.values(await deps.rounds.runs(ws, def.id));
    const last = runs
      .filter((r) => r.doneAt !== undefined)
      .sort((a, b) => (b.doneAt ?? 0) - (a.doneAt ?? 0))[0];
    const since = Math.max(now - WEEK_MS, def.createdAt);
    const due = slotsBetween(def, since, now - def.windowMs);
    const done = runs.filter((r) => r.doneAt !== undefined && due.includes(r.slot)).length;
    const rate =
      due.length > 0
        ? `${done} of ${due.length} done in 7 days (${Math.round((100 * done) / due.length)}%)`
        : 'none due yet in 7 days';
    const lastText = last
      ? `last done by <@${last.doneBy ?? ''}>, ${siteDayTime(last.doneAt ?? last.slot, def.zone)} site time`
      : 'not done yet';
    lines.push(
      `• *${safeName(def.sourceName, 150)}* · ${safeName(def.siteName ?? def.siteId, 100)} — ${lastText} · ${rate}`,
    );
  }
  const more = defs.length > SHOWN ? [context(`and ${defs.length - SHOWN} more: \`/round list\``)] : [];
  return [section(`:clipboard: *Rounds*\n${lines.join('\n')}`), ...more];
}
