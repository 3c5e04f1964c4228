/**
 * Work yields to acks (issue 36): on two cores the job thread's and the chart renderer's CPU (platform answers
 * parsed, charts drawn) competed with the thread that acks Slack, and acks waited for a core. On Linux a thread's
 * nice value and scheduling policy are its own, so a thread that only does work lowers itself at its start: nice
 * WORK_NICE, then SCHED_IDLE where `chrt` exists — a waking acking thread preempts an idle-policy thread at once,
 * while a niced one may finish its time slice first (docs/decisions/0007-fair-queue.md). When the cores are not
 * busy the work runs as fast as before. Threads the lowered thread starts later inherit both. Elsewhere (no
 * /proc/thread-self) nothing changes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of threads that do work, not acks (0 is the acking thread's; 19 the lowest priority). */
export const WORK_NICE = 10;

interface DebugLog {
  debug(obj: object, msg: string): void;
}

/** Puts thread `tid` under SCHED_IDLE (util-linux `chrt`; an unprivileged thread may always lower itself). */
export function idlePolicy(tid: number): void {
  execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 2_000 });
}

/**
 * Lowers the calling thread's priority to WORK_NICE. Returns its Linux thread id, or undefined where a thread's
 * priority cannot be set alone (said at debug level: the thread then runs at the process's priority).
 */
export function lowerThreadPriority(
  log?: DebugLog,
  set: (tid: number, nice: number) => void = setPriority,
  idle: (tid: number) => void = idlePolicy,
): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) throw new Error('no thread id in /proc/thread-self');
    set(tid, WORK_NICE);
    try {
      idle(tid);
    } catch (err) {
      log?.debug({ err: err instanceof Error ? err.message : String(err) }, 'SCHED_IDLE not set: nice only');
    }
    return tid;
  } catch (err) {
    log?.debug({ err: err instanceof Error ? err.message : String(err) }, 'thread priority left as it is');
    return undefined;
  }
}

/**
 * The same, as CommonJS source for a worker evaluated from a string (`new Worker(source, { eval: true })`, which
 * cannot import this TypeScript module): put it first in the worker's source. It sets `globalThis.workNice` to
 * the thread id it lowered, or to the reason it could not.
 */
export const LOWER_THREAD_PRIORITY_CJS = `
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (!Number.isInteger(tid) || tid <= 0) throw new Error('no thread id in /proc/thread-self');
  require('node:os').setPriority(tid, ${WORK_NICE});
  try {
    require('node:child_process').execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 2000 });
  } catch {}
  globalThis.workNice = tid;
} catch (err) {
  globalThis.workNice = String(err && err.message);
}
`;

/**
 * Field `n` (1-based, as proc(5) numbers them) of /proc/<pid>/task/<tid>/stat as an integer, or undefined where /proc
 * has none. Fields are counted after the command name's last ')', which is field 2.
 */
function threadStatField(pid: number, tid: number, n: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const value = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3]);
    return Number.isInteger(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A thread's nice value (stat field 19), or undefined where /proc has none. */
export const threadNice = (pid: number, tid: number) => threadStatField(pid, tid, 19);

/** A thread's scheduling policy (stat field 41: 0 normal, 5 idle), or undefined where /proc has none. */
export const threadPolicy = (pid: number, tid: number) => threadStatField(pid, tid, 41);
