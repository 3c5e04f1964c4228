/**
 * The sandbox and the Slack stand-in play remote services: on a 2-core machine their process must not take CPU from
 * the app or the load generator. Linux: every thread of theirs runs SCHED_IDLE (only when nothing else wants a
 * core); at nice `PLATFORM_NICE` where `chrt` is missing.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

export const PLATFORM_NICE = 10;

export function playRemote(pid: number | undefined): void {
  if (pid === undefined) return;
  setPriority(pid, PLATFORM_NICE);
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      execFileSync('chrt', ['--idle', '--pid', '0', tid], { stdio: 'ignore' });
    } catch {
      return;
    }
  }
}
