/**
 * Fair order for the in-process queue (issue 36): one person's burst must not delay everyone else's answers.
 * Every job has a lane, `team/user` from its Slack body (`laneOf`, read when the job is offered). Waiting jobs
 * are kept per lane (FIFO) and served round-robin over workspaces, then over the people of the workspace: a
 * team with many people cannot starve another team, and one person's 200th job waits behind another's 1st.
 * A person's lane also holds at most `laneMax` workers at once (by default half), so a burst always leaves
 * workers free for the next person, who starts at once instead of after one of the burst's jobs.
 */

type Json = Record<string, unknown>;
const rec = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * `team/user` of a Slack body: commands and events are flat (`team_id`, `user_id`, `event.user`), interactions
 * nest (`team.id`, `user.id`); an org-wide install may give only the enterprise. '' when it names nobody.
 */
export function laneOf(body: unknown): string {
  const b = rec(body);
  const event = rec(b.event);
  const user =
    str(b.user_id) ?? str(rec(b.user).id) ?? str(b.user) ?? str(event.user) ?? str(rec(event.user).id);
  const team =
    str(b.team_id) ??
    str(rec(b.team).id) ??
    str(rec(b.user).team_id) ??
    str(b.enterprise_id) ??
    str(rec(b.enterprise).id);
  if (!user && !team) return '';
  return `${team ?? ''}/${user ?? ''}`;
}

/**
 * What one person may hold at once unless JOB_LANE_MAX says otherwise: half the workers, and half the connections
 * to the platform when those are fewer (the jobs' calls wait for a connection in order of asking, so a person
 * holding all of them makes everyone else's first call wait behind theirs); at least one.
 */
export const defaultLaneMax = (concurrency: number, connections = Number.POSITIVE_INFINITY) =>
  Math.max(1, Math.floor(Math.min(concurrency, connections) / 2));

/** A FIFO that does not copy on every shift (a lane may hold hundreds of jobs). */
class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;
  get length(): number {
    return this.items.length - this.head;
  }
  push(item: T): void {
    this.items.push(item);
  }
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head > 64 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
  /** Takes out the items `drop` selects, keeping the others in order; returns how many went. */
  removeWhere(drop: (item: T) => boolean): number {
    const kept: T[] = [];
    for (let i = this.head; i < this.items.length; i++) {
      const item = this.items[i] as T;
      if (!drop(item)) kept.push(item);
    }
    const removed = this.length - kept.length;
    this.items = kept;
    this.head = 0;
    return removed;
  }
}

interface Lane<T> {
  key: string;
  jobs: Fifo<T>;
  running: number;
  /** When it was last served (0: never). */
  turn: number;
}

interface Team<T> {
  key: string;
  lanes: Map<string, Lane<T>>;
  waiting: number;
  turn: number;
}

export interface Started<T> {
  item: T;
  lane: string;
}

export class Lanes<T> {
  private readonly teams = new Map<string, Team<T>>();
  private turns = 0;
  waiting = 0;
  running = 0;

  constructor(private readonly limits: { concurrency: number; laneMax: number }) {}

  add(lane: string, item: T): void {
    const l = this.lane(lane, true);
    l.jobs.push(item);
    this.team(lane, true).waiting += 1;
    this.waiting += 1;
  }

  /** Whether a job of `lane` offered now starts at once (a worker free, the lane under its cap). */
  startsNow(lane: string): boolean {
    return this.running < this.limits.concurrency && !this.capped(this.lane(lane, false));
  }

  /**
   * Jobs ahead of one offered now to `lane` under the round-robin (an estimate: the cap can only delay it): its
   * place k in its lane; each other lane of its team has up to k + 1 jobs ahead of it when its turn comes first
   * in a round (served longer ago), else up to k; then the other teams alike, with its place in its team.
   */
  position(lane: string): number {
    const team = this.team(lane, false);
    const own = this.lane(lane, false);
    const k = own?.jobs.length ?? 0;
    const ahead = (count: number, turn: number, mine: number, place: number) =>
      Math.min(count, turn <= mine ? place + 1 : place);
    let inTeam = k;
    for (const l of team?.lanes.values() ?? [])
      if (l !== own) inTeam += ahead(l.jobs.length, l.turn, own?.turn ?? 0, k);
    let total = inTeam;
    for (const t of this.teams.values())
      if (t !== team) total += ahead(t.waiting, t.turn, team?.turn ?? 0, inTeam);
    return total + 1;
  }

  /**
   * The next job to start, taken out and counted running; undefined when none may start now. Round-robin: the
   * team served longest ago (never: first, in order of arrival), then its person served longest ago.
   */
  take(): Started<T> | undefined {
    if (this.running >= this.limits.concurrency || this.waiting === 0) return undefined;
    let team: Team<T> | undefined;
    let lane: Lane<T> | undefined;
    for (const t of this.teams.values()) {
      if (t.waiting === 0 || (team && t.turn >= team.turn)) continue;
      const l = this.pick(t);
      if (l) [team, lane] = [t, l];
    }
    if (!team || !lane) return undefined;
    const item = lane.jobs.shift() as T;
    lane.running += 1;
    team.waiting -= 1;
    this.waiting -= 1;
    this.running += 1;
    lane.turn = team.turn = ++this.turns;
    return { item, lane: lane.key };
  }

  /** The team's person served longest ago with a job that may start. */
  private pick(team: Team<T>): Lane<T> | undefined {
    let best: Lane<T> | undefined;
    for (const l of team.lanes.values())
      if (l.jobs.length > 0 && !this.capped(l) && (!best || l.turn < best.turn)) best = l;
    return best;
  }

  /** A started job of `lane` ended. */
  finish(lane: string): void {
    const l = this.lane(lane, false);
    if (!l) return;
    l.running -= 1;
    this.running -= 1;
    this.forgetIfEmpty(lane, l);
  }

  /**
   * Takes out every waiting job `drop` selects (its installation was removed, issue 39); running ones are left.
   * Returns how many went.
   */
  remove(drop: (item: T) => boolean): number {
    let removed = 0;
    for (const team of this.teams.values())
      for (const [key, lane] of team.lanes) {
        const n = lane.jobs.removeWhere(drop);
        team.waiting -= n;
        removed += n;
        this.forgetIfEmpty(key, lane);
      }
    this.waiting -= removed;
    return removed;
  }

  /** Drops every waiting job (closing). */
  clear(): void {
    for (const team of this.teams.values())
      for (const [key, lane] of team.lanes) {
        while (lane.jobs.shift() !== undefined);
        team.waiting = 0;
        this.forgetIfEmpty(key, lane);
      }
    this.waiting = 0;
  }

  /** Lanes known (waiting or running): for tests. */
  size(): number {
    let n = 0;
    for (const t of this.teams.values()) n += t.lanes.size;
    return n;
  }

  /** A job whose body names nobody has no one to be fair to: its lane is not capped. */
  private capped(lane: Lane<T> | undefined): boolean {
    return lane !== undefined && lane.key !== '' && lane.running >= this.limits.laneMax;
  }

  private forgetIfEmpty(key: string, lane: Lane<T>): void {
    if (lane.running > 0 || lane.jobs.length > 0) return;
    const team = this.team(key, false);
    team?.lanes.delete(key);
    if (team && team.lanes.size === 0) this.teams.delete(team.key);
  }

  private team(lane: string, make: true): Team<T>;
  private team(lane: string, make: false): Team<T> | undefined;
  private team(lane: string, make: boolean): Team<T> | undefined {
    const key = lane.slice(0, Math.max(0, lane.indexOf('/')));
    let team = this.teams.get(key);
    if (!team && make) {
      team = { key, lanes: new Map(), waiting: 0, turn: 0 };
      this.teams.set(key, team);
    }
    return team;
  }

  private lane(lane: string, make: true): Lane<T>;
  private lane(lane: string, make: false): Lane<T> | undefined;
  private lane(lane: string, make: boolean): Lane<T> | undefined {
    const team = make ? this.team(lane, true) : this.team(lane, false);
    let l = team?.lanes.get(lane);
    if (!l && team && make) {
      l = { key: lane, jobs: new Fifo<T>(), running: 0, turn: 0 };
      team.lanes.set(lane, l);
    }
    return l;
  }
}
