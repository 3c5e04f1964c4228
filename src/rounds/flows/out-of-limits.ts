/**
 * A value read outside its round's limits: kept (so a button can name it), shown in the round's channel with the
 * value, the limits, the source and who read it, and a task — created at once (round setting "create tasks") or
 * when someone presses Create task — always with the key of the person acting (the reader, or whoever pressed).
 * A task is created once per value: the first press claims it (atomic add), a second is told.
 */
import { randomUUID } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { Breach } from '../rules/limits.ts';
import type { OutOfLimit, RoundDef } from '../rules/model.ts';
import { renderOutOfLimit, taskFor } from '../render/round-post.ts';
import type { RoundsDeps } from './rounds-deps.ts';

const TASK_CLAIM_TTL_MS = 9 * 24 * 3_600_000;

async function nameOf(client: WebClient, user: string): Promise<string> {
  try {
    const info = await client.users.info({ user });
    const u = info.user;
    return u?.profile?.real_name || u?.real_name || u?.name || user;
  } catch {
    return user;
  }
}

export type TaskOutcome =
  { kind: 'created'; o: OutOfLimit } | { kind: 'exists'; o: OutOfLimit } | { kind: 'busy' };

/** Creates the task of `o` as the acting person, once; edits the channel's notice in place. */
export async function createTaskFor(
  deps: RoundsDeps,
  client: WebClient,
  ws: string,
  o: OutOfLimit,
  user: string,
): Promise<TaskOutcome> {
  if (!(await deps.rounds.claim(ws, `task:${o.id}`, { by: user }, TASK_CLAIM_TTL_MS))) {
    const now = await deps.rounds.outOfLimit(ws, o.id);
    return now?.taskId ? { kind: 'exists', o: now } : { kind: 'busy' };
  }
  let task;
  try {
    const body = taskFor(o, await nameOf(client, o.readBy));
    task = await deps.tasks.create(
      { name: body.name, siteId: o.siteId, typeId: '1', description: body.description },
      { site: { id: o.siteId, name: o.siteName, channelId: null }, device: null, assignee: null },
    );
  } catch (err) {
    await deps.rounds.release(ws, `task:${o.id}`);
    throw err;
  }
  const saved = (await deps.rounds.updateOutOfLimit(ws, o.id, (cur) =>
    cur ? { ...cur, taskId: task.id, taskName: task.name } : cur,
  )) ?? { ...o, taskId: task.id, taskName: task.name };
  if (saved.ts) {
    const msg = renderOutOfLimit(saved);
    await client.chat
      .update({ channel: saved.channel, ts: saved.ts, text: msg.text, blocks: msg.blocks })
      .catch((err: unknown) => deps.log.warn({ err }, 'rounds: could not update an out-of-limit notice'));
  }
  return { kind: 'created', o: saved };
}

/** Keeps each breach, posts it in the round's channel and (per the round) creates its task as the reader. */
export async function followBreaches(
  deps: RoundsDeps,
  client: WebClient,
  ws: string,
  def: RoundDef,
  slot: number,
  breaches: readonly Breach[],
  reader: string,
): Promise<void> {
  for (const x of breaches) {
    const o: OutOfLimit = {
      id: randomUUID().slice(0, 13),
      roundId: def.id,
      slot,
      metricId: x.limit.metricId,
      title: x.limit.title,
      value: x.value,
      min: x.limit.min,
      max: x.limit.max,
      sourceId: def.sourceId,
      sourceName: def.sourceName,
      siteId: def.siteId,
      siteName: def.siteName,
      readBy: reader,
      readAt: deps.clock.now(),
      channel: def.channel,
    };
    const msg = renderOutOfLimit(o);
    const posted = await client.chat.postMessage({
      channel: def.channel,
      text: msg.text,
      blocks: msg.blocks,
      unfurl_links: false,
    });
    const ts = typeof posted.ts === 'string' ? posted.ts : undefined;
    await deps.rounds.saveOutOfLimit(ws, { ...o, ...(ts ? { ts } : {}) });
    if (def.onOut === 'create')
      await createTaskFor(deps, client, ws, { ...o, ...(ts ? { ts } : {}) }, reader);
  }
}
