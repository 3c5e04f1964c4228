/**
 * Work yields to acks in a storm (issue 36). The acking thread and the work share two cores: under SCHED_IDLE the
 * job thread gives way at once, but each job still costs the acking thread its hand-off, its end, its store
 * answers and the loopback traffic its platform pages make, and a storm's jobs started as fast as they were
 * offered. While requests that become jobs arrive faster than `stormRate` a second, jobs start at most
 * `stormStarts` a second (in slices of a tenth of a second); the rest wait in their lanes, in their turns, and
 * start at full pace once the storm is over. Below the storm rate nothing changes. docs/decisions/0010.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface PaceOptions {
  /** Offers per second above which the starts are paced. */
  stormRate: number;
  /** Job starts per second while paced. */
  stormStarts: number;
  now?: () => number;
}

export const DEFAULT_PACE: PaceOptions = { stormRate: 100, stormStarts: 20 };

const WINDOW_MS = 1_000;
const SLICE_MS = 100;

export class WorkPace {
  private readonly now: () => number;
  private readonly perSlice: number;
  private windowAt = Number.NEGATIVE_INFINITY;
  private inWindow = 0;
  private inPrevious = 0;
  private sliceAt = Number.NEGATIVE_INFINITY;
  private inSlice = 0;

  constructor(private readonly opts: PaceOptions) {
    this.now = opts.now ?? (() => performance.now());
    this.perSlice = Math.max(1, Math.round((opts.stormStarts * SLICE_MS) / WINDOW_MS));
  }

  /** A request became a job. */
  offered(): void {
    this.roll(this.now());
    this.inWindow += 1;
  }

  /** Offers a second now: the last window's share still inside the last second, and this window's. */
  rate(): number {
    const t = this.now();
    this.roll(t);
    const into = Math.min(1, (t - this.windowAt) / WINDOW_MS);
    return this.inPrevious * (1 - into) + this.inWindow;
  }

  /** Whether a job may start now (false only in a storm, when this slice's starts are used). */
  allows(): boolean {
    if (this.rate() <= this.opts.stormRate) return true;
    this.rollSlice(this.now());
    return this.inSlice < this.perSlice;
  }

  /** A job started. */
  started(): void {
    this.rollSlice(this.now());
    this.inSlice += 1;
  }

  /** Waits for the pace to allow a start, and counts it (for engines whose workers take jobs themselves). */
  async inPace(): Promise<void> {
    while (!this.allows()) await sleep(this.wait());
    this.started();
  }

  /** Milliseconds until the next slice, when `allows` said no. */
  wait(): number {
    return Math.max(1, Math.ceil(this.sliceAt + SLICE_MS - this.now()));
  }

  private roll(t: number): void {
    if (t - this.windowAt < WINDOW_MS) return;
    const whole = t - this.windowAt < 2 * WINDOW_MS;
    this.inPrevious = whole ? this.inWindow : 0;
    this.inWindow = 0;
    this.windowAt = whole ? this.windowAt + WINDOW_MS : t;
  }

  private rollSlice(t: number): void {
    if (t - this.sliceAt < SLICE_MS) return;
    this.sliceAt = t;
    this.inSlice = 0;
  }
}
