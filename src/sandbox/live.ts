/**
 * Live mode: sandbox time passes and the plant changes, so a local run shows alerts arriving. All changes
 * are deterministic functions of the time elapsed since start-up:
 * - camera batteries drain 0.5 %/min (unless charging) and re-report, raising low-battery alerts;
 * - after 5 min "Boiler Feed Flow" falls silent (no new readings);
 * - after 10 min "Dock Camera" goes offline (onLine and wifiConnected false);
 * - every 3 min one open task changes status (To Do → On Hold → Done) as another platform user.
 */
import { applyDeviceStatus } from './alerts.ts';
import { OTHER_USER_ID } from './seed-catalog.ts';
import type { SandboxState } from './state.ts';
import { applyTaskChange } from './task-ops.ts';

const MINUTE = 60_000;
const NEXT_STATUS: Record<string, string> = { '5': '10', '10': '20' };

export function runLive(state: SandboxState): void {
  const now = state.now();
  const before = state.liveClockMs - state.startMs;
  const elapsed = now - state.startMs;
  const delta = now - state.liveClockMs;
  if (delta <= 0) return;
  state.liveClockMs = now;
  for (const source of state.world.sources) {
    const status = source.deviceStatus;
    if (!status || status.isCharging === true || typeof status.battery !== 'number') continue;
    const { reportedAt: _reportedAt, ...reported } = status;
    const battery = Math.max(0, Math.round((status.battery - (delta / MINUTE) * 0.5) * 10) / 10);
    applyDeviceStatus(state, source, { ...reported, battery });
  }
  const crossed = (at: number) => before < at && elapsed >= at;
  if (crossed(5 * MINUTE)) {
    const silent = state.world.sources.find((s) => s.name === 'Boiler Feed Flow');
    if (silent) silent.silentSinceMs = state.startMs + 5 * MINUTE;
  }
  if (crossed(10 * MINUTE)) {
    const camera = state.world.sources.find((s) => s.name === 'Dock Camera');
    if (camera?.deviceStatus) {
      const { reportedAt: _reportedAt, ...reported } = camera.deviceStatus;
      applyDeviceStatus(state, camera, { ...reported, onLine: false, wifiConnected: false });
    }
  }
  const steps = Math.floor(elapsed / (3 * MINUTE)) - Math.floor(before / (3 * MINUTE));
  for (let i = 0; i < steps; i++) {
    const open = state.world.tasks.filter((t) => NEXT_STATUS[t.statusId] !== undefined);
    const task = open[(Math.floor(before / (3 * MINUTE)) + i) % Math.max(open.length, 1)];
    const next = task ? NEXT_STATUS[task.statusId] : undefined;
    if (task && next) applyTaskChange(state, task, { statusId: next }, OTHER_USER_ID);
  }
}
