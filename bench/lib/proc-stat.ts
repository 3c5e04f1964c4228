/** CPU time read from Linux's /proc/<pid>[/task/<tid>]/stat, for the benchmarks' per-thread and host figures. */
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in 1/100 s. */
const TICK_MS = 10;

/**
 * User + system CPU time (ms) of the process or thread whose `stat` file this is; throws where it cannot be read.
 * Fields count from the command name's last ')' (a name may hold spaces and parentheses): utime and stime are the
 * 12th and 13th after it.
 */
export function statCpuMs(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
