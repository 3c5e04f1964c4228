/** A channel's shift changes (`/monitor digest at …`), for other features that speak of "this shift" (readings). */
import type { Store } from '../../store/store.ts';
import { alertStore } from './alert-store.ts';
import { digestRecords } from './digest-records.ts';

/** The channel's local "HH:mm" shift changes, or null when it has no digest times. */
export async function channelShiftTimes(store: Store, channel: string): Promise<string[] | null> {
  const settings = await digestRecords(alertStore(store).raw).settings(channel);
  return settings && settings.times.length > 0 ? settings.times : null;
}
