/**
 * Deletes what a workspace's relay kept (issue 39: the workspace left): its channels' subscriptions, digest
 * settings (the shift schedules) and logs, snoozes, storms, incidents, delivery status and pending outbox, and the
 * per-site snapshots — everything the relay's indexes lead to. What no index names (sent-message records, event
 * claims, posted digests) expires on its own or is never read again: a workspace that comes back gets a new
 * connection id, so a namespace of its own (src/connections/service/connections.ts).
 */
import type { Store } from '../../store/store.ts';
import { alertStore } from './alert-store.ts';
import { digestRecords } from './digest-records.ts';

async function deleteAll(s: Store, keys: Iterable<string>): Promise<number> {
  let n = 0;
  for (const key of keys) if (await s.delete(key)) n += 1;
  return n;
}

/** `root`: the store root whose `relay` namespace is the workspace's (never the default's). Resolves to keys deleted. */
export async function wipeRelay(root: Store): Promise<number> {
  const rs = alertStore(root);
  const s = rs.raw;
  const outbox = s.namespace('outbox');
  const digests = digestRecords(s);
  const channels = new Set([
    ...(await rs.channels()),
    ...(await digests.channels()),
    ...((await outbox.get<string[]>('index')) ?? []),
  ]);
  const sites = Object.keys(await rs.zones());
  let deleted = 0;
  for (const channel of channels) {
    const incidents = await rs.incidentIndex(channel);
    deleted += await deleteAll(s, [
      `subs:${channel}`,
      `snoozes:${channel}`,
      `storms:${channel}`,
      `inc-index:${channel}`,
      `incv:${channel}`,
      `chan:${channel}`,
      `digest-settings:${channel}`,
      `dlog:${channel}`,
      ...incidents.map((id) => `inc:${channel}:${id}`),
    ]);
    const head = (await outbox.get<number>(`${channel}:head`)) ?? 0;
    const tail = (await outbox.get<number>(`${channel}:tail`)) ?? 0;
    const items: string[] = [`${channel}:head`, `${channel}:tail`];
    for (let seq = head; seq < tail; seq += 1)
      items.push(`${channel}:item:${seq}`, `${channel}:progress:${seq}`);
    deleted += await deleteAll(outbox, items);
  }
  for (const site of sites)
    deleted += await deleteAll(s, [`health:${site}`, `tasks:${site}`, `tasks-at:${site}`, `tlog:${site}`]);
  deleted += await deleteAll(s, ['subs:index', 'digest-index', 'zones', 'status']);
  deleted += await deleteAll(outbox, ['index']);
  return deleted;
}
