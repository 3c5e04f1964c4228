/** Reads the poller and delivery state from the Store for /monitor status (any replica can answer). */
import type { Outbox } from './outbox.ts';
import type { ChannelDeliveryStatus, RelayStore } from './alert-store.ts';
import { EMPTY_STATUS, type RelayStatus } from '../rules/status.ts';

export interface RelayStatusReport {
  poller: RelayStatus;
  /** now − start of the last complete cycle; null before the first. */
  lagMs: number | null;
  channels: { channel: string; pending: number; delivery: ChannelDeliveryStatus }[];
}

export async function readRelayStatus(
  rs: RelayStore,
  outbox: Outbox,
  now: number,
  only?: string,
): Promise<RelayStatusReport> {
  const poller = { ...EMPTY_STATUS, ...(await rs.status()) };
  const names = only !== undefined ? [only] : await outbox.channels();
  const channels = [];
  for (const channel of names) {
    channels.push({
      channel,
      pending: await outbox.pending(channel),
      delivery: await rs.channelStatus(channel),
    });
  }
  return { poller, lagMs: poller.lastCompleteAt === null ? null : now - poller.lastCompleteAt, channels };
}
