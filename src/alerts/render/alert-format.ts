/** Small pure formatters shared by the alerts' renderers (conditions, severities, durations, times). */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AlertCondition, Severity } from '../rules/types.ts';
import { slackDate } from '../../kit/blocks/mrkdwn.ts';

export const CONDITION_LABEL: Record<AlertCondition, string> = {
  silent: 'Silent source',
  inactive: 'Not active',
  invalid: 'Validation invalid',
  battery_low: 'Low battery',
  offline: 'Offline',
  device_off: 'Device off',
  camera_off: 'Camera off',
  no_network: 'No network',
  temperature_high: 'High temperature',
  status_stale: 'Status report stale',
};

export const SEVERITY_ICON: Record<Severity, string> = {
  warning: ':large_orange_diamond:',
  critical: ':red_circle:',
};
export const SEVERITY_LABEL: Record<Severity, string> = { warning: 'Warning', critical: 'Critical' };

export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  const days = Math.floor(hours / 24);
  const h = hours % 24;
  return h === 0 ? `${days} d` : `${days} d ${h} h`;
}

/** Viewer-local time with an ISO fallback for clients that cannot render dates. */
export function when(epochMs: number): string {
  return slackDate(
    epochMs,
    '{date_short_pretty} {time}',
    new Date(epochMs).toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
  );
}

/** "Raised 2026-11-23 16:32 (Europe/Berlin)": the site's wall clock, as the site's staff read it (plain text). */
export function raisedAt(epochMs: number, timeZone: string | null | undefined): string {
  for (const zone of [timeZone, 'UTC']) {
    if (!zone) continue;
    try {
      return `Raised ${format(new TZDate(epochMs, zone), 'yyyy-MM-dd HH:mm')} (${zone === 'UTC' ? 'UTC' : zone})`;
    } catch {
      // an unknown zone name: fall back to UTC
    }
  }
  return `Raised ${new Date(epochMs).toISOString()}`;
}
