/**
 * CPU time of the host kernel's DAMON threads (`kdamond.N`), read from /proc. DAMON samples which memory is in use
 * and, with a pageout scheme, reclaims cold memory. On the machine these benchmarks ran on it samples every 0.5 s
 * (/sys/kernel/mm/damon/admin/kdamonds/0/contexts/0/monitoring_attrs/intervals/sample_us) and works in bursts of
 * ~10–20 ms, ~0.54 s apart under load. Measured there on 2026-11-29 (scratch runs of the ack benchmark at 200/s):
 * the slowest 1% of acks came in bursts on that rhythm in both apps, and 32 of fieldline's 37 such bursts began
 * within 40 ms of a kdamond burst (its CPU time sampled every 2 ms); with DAMON stopped, both apps' p99 fell by
 * about half (three cells: fieldline 4.8–7.0 ms, bare 3.0–7.2 ms; ratios 1.28×, 1.28×, 1.07×, against 1.35–1.95×
 * with it on that day). So each run reports how much of a core it took, and a run's p99 is read next to it.
 * `undefined` where the host runs no such thread (or is not Linux).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { statCpuMs } from './proc-stat.ts';

export function kdamondCpuMs(proc = '/proc'): number | undefined {
  let total: number | undefined;
  let pids: string[];
  try {
    pids = readdirSync(proc).filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`${proc}/${pid}/comm`, 'utf8').startsWith('kdamond')) continue;
      total = (total ?? 0) + statCpuMs(`${proc}/${pid}/stat`);
    } catch {
      // The process ended while the list was read.
    }
  }
  return total;
}
