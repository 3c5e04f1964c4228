/**
 * Pure device-health evaluator: one data source in, the conditions that currently hold out.
 * No clock, no IO: `now` is passed in so that the table tests pin every boundary.
 */
import { VALIDATION_STATUS } from '../../monitoring/api.ts';
import type { HealthThresholds } from './options.ts';
import type { AlertCondition, HealthFinding, Severity, SourceHealthInput } from './types.ts';

export function alertKey(sourceId: string, condition: AlertCondition): string {
  return `${sourceId}:${condition}`;
}

function finding(
  src: SourceHealthInput,
  condition: AlertCondition,
  severity: Severity,
  detail: string,
): HealthFinding {
  return { key: alertKey(src.id, condition), sourceId: src.id, condition, severity, detail };
}

function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}

/** Silence threshold in ms: `inactiveThreshold`, else N × `readingInterval`, else the sensor fallback; null for others. */
export function silenceThresholdMs(src: SourceHealthInput, t: HealthThresholds): number | null {
  if (src.inactiveThresholdSec !== null && src.inactiveThresholdSec > 0)
    return src.inactiveThresholdSec * 1000;
  if (src.readingIntervalSec !== null && src.readingIntervalSec > 0) {
    return src.readingIntervalSec * t.silentIntervals * 1000;
  }
  return src.isSensor ? t.fallbackSilentSec * 1000 : null;
}

function sourceFindings(src: SourceHealthInput, now: number, t: HealthThresholds): HealthFinding[] {
  const out: HealthFinding[] = [];
  const threshold = silenceThresholdMs(src, t);
  // A source that never reported has nothing to fall silent from; it is not flagged as silent.
  if (threshold !== null && src.lastReadingAt !== null) {
    const age = now - src.lastReadingAt;
    if (age > threshold) {
      const severity = age > threshold * t.silentCriticalFactor ? 'critical' : 'warning';
      out.push(finding(src, 'silent', severity, `no reading for ${formatAge(age)}`));
    }
  }
  if (src.activityStatus !== null && src.activityStatus.trim().toLowerCase() !== 'active') {
    out.push(finding(src, 'inactive', 'warning', `activity status ${src.activityStatus}`));
  }
  if (src.validationStatus === VALIDATION_STATUS.invalid) {
    out.push(finding(src, 'invalid', 'warning', 'validation status Invalid'));
  }
  return out;
}

function cameraFindings(src: SourceHealthInput, now: number, t: HealthThresholds): HealthFinding[] {
  const s = src.deviceStatus;
  if (s === null) return [finding(src, 'status_stale', 'warning', 'no device status reported')];
  const out: HealthFinding[] = [];
  // contract: device status — a low battery raises an alert unless isCharging is true
  if (typeof s.battery === 'number' && s.isCharging !== true && s.battery < t.batteryWarning) {
    const severity = s.battery < t.batteryCritical ? 'critical' : 'warning';
    out.push(finding(src, 'battery_low', severity, `battery ${s.battery} %, not charging`));
  }
  if (s.onLine === false) out.push(finding(src, 'offline', 'critical', 'device offline'));
  if (s.deviceOn === false) out.push(finding(src, 'device_off', 'critical', 'device switched off'));
  if (s.cameraOn === false) out.push(finding(src, 'camera_off', 'critical', 'camera switched off'));
  if (s.wifiConnected !== true && s.cellularConnected !== true && s.ethernetConnected !== true) {
    out.push(finding(src, 'no_network', 'critical', 'no network connected (wifi, cellular, ethernet)'));
  }
  if (typeof s.temperature === 'number' && s.temperature >= t.temperatureWarning) {
    const severity = s.temperature >= t.temperatureCritical ? 'critical' : 'warning';
    out.push(finding(src, 'temperature_high', severity, `temperature ${s.temperature} °C`));
  }
  if (s.reportedAt !== null && now - s.reportedAt > t.statusStaleMs) {
    out.push(
      finding(src, 'status_stale', 'warning', `last status report ${formatAge(now - s.reportedAt)} ago`),
    );
  }
  return out;
}

/** Every condition that holds for `src` at `now`, one finding per alert key. */
export function evaluateHealth(src: SourceHealthInput, now: number, t: HealthThresholds): HealthFinding[] {
  const out = sourceFindings(src, now, t);
  if (src.isCamera) out.push(...cameraFindings(src, now, t));
  return out;
}
