/**
 * The ack benchmark reports the host kernel's DAMON CPU time per run (bench/lib/host-reclaim.ts): read from a /proc
 * laid out like Linux's, summed over every `kdamond` thread, and absent where there is none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kdamondCpuMs } from '../../bench/lib/host-reclaim.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A /proc with one process per entry: its comm and its stat line's utime and stime (ticks). */
function fakeProc(entries: { pid: number; comm: string; utime: number; stime: number }[]): string {
  const proc = mkdtempSync(join(tmpdir(), 'proc-'));
  dirs.push(proc);
  mkdirSync(join(proc, 'self'));
  for (const e of entries) {
    mkdirSync(join(proc, String(e.pid)));
    writeFileSync(join(proc, String(e.pid), 'comm'), `${e.comm}\n`);
    // A command name with a space and a parenthesis, as a process may have: fields count from the last ')'.
    const rest = ['S', 1, 1, 1, 0, -1, 0, 0, 0, 0, 0, e.utime, e.stime, 0, 0, 20, 0, 1].join(' ');
    writeFileSync(join(proc, String(e.pid), 'stat'), `${e.pid} (${e.comm} (x)) ${rest}\n`);
  }
  return proc;
}

describe('kdamondCpuMs', () => {
  it('sums user and system time of every kdamond thread, in ms', () => {
    const proc = fakeProc([
      { pid: 77, comm: 'kdamond.0', utime: 0, stime: 25 },
      { pid: 78, comm: 'kdamond.1', utime: 1, stime: 2 },
      { pid: 900, comm: 'node', utime: 500, stime: 40 },
    ]);
    expect(kdamondCpuMs(proc)).toBe(280);
  });

  it('is undefined where the host runs no kdamond, or has no /proc', () => {
    expect(kdamondCpuMs(fakeProc([{ pid: 900, comm: 'node', utime: 5, stime: 1 }]))).toBeUndefined();
    expect(kdamondCpuMs(join(tmpdir(), 'no-such-proc-dir'))).toBeUndefined();
  });
});
