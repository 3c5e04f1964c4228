/** Reads the poller and delivery state from the Store for /monitor status (any replica can answer). */
import type { Outbox } from './outbox.ts';
import type { ChannelDeliveryStatus, AlertStore } from './alert-store.ts';
import { EMPTY_STATUS, type AlertStatus } from '../rules/status.ts';

export interface AlertStatusReport {
  poller: AlertStatus;
  /** now − start of the last complete cycle; null before the first. */
  lagMs: number | null;
  channels: { channel: string; pending: number; delivery: ChannelDeliveryStatus }[];
}

export async function readAlertStatus(
  rs: AlertStore,
  outbox: Outbox,
  now: number,
  only?: string,
): Promise<AlertStatusReport> {
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
