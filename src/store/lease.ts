/**
 * Leadership for background work (poller + deliverer). With several replicas sharing Redis exactly one holds a
 * lease: `SET key token NX PX ttl`, renewed well before expiry by its holder only (compare-and-pexpire), released
 * only by its holder (compare-and-delete). `fence()` re-reads the key before a delivery write so a paused former
 * leader cannot post. With the sqlite or memory store the single process is always the leader.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../base/log.ts';

export interface Leadership {
  /** Local belief, true only while the last renewal is younger than the lease TTL minus a safety margin. */
  isLeader(): boolean;
  /** Asks the backend: is our token still the holder? false on any error (never post when unsure). */
  fence(): Promise<boolean>;
  /** Starts trying to acquire and renewing; resolves after the first attempt. */
  start(): Promise<void>;
  /** Stops renewing and releases the lease if held. */
  stop(): Promise<void>;
  /** Called whenever leadership is gained or lost. */
  onChange(listener: (leader: boolean) => void): void;
  readonly token: string;
}

/** The few Redis commands the lease needs; @redis/client's client satisfies it. */
export interface LeaseRedis {
  set(
    key: string,
    value: string,
    opts: { condition: 'NX'; expiration: { type: 'PX'; value: number } },
  ): Promise<string | null>;
  get(key: string): Promise<string | null>;
  eval(script: string, opts: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** Remaining ms of the key (-2 absent, -1 no expiry); lets a follower retry right after the lease expires. */
  pTTL?(key: string): Promise<number>;
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface RedisLeaseOptions {
  redis: LeaseRedis;
  key: string;
  ttlMs?: number;
  log: Logger;
  now?: () => number;
  /** Identifies this replica in the token (log readability only). */
  instance?: string;
}

/** A hung connection must not stall renewals (the schedule waits for each attempt): give up after `ms`. */
function withTimeout<T>(run: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

export function alwaysLeader(): Leadership {
  return {
    isLeader: () => true,
    fence: async () => true,
    start: async () => {},
    stop: async () => {},
    onChange: (listener) => listener(true),
    token: 'single-process',
  };
}

export function redisLease(opts: RedisLeaseOptions): Leadership {
  const ttlMs = opts.ttlMs ?? 15_000;
  // Renew at a third of the TTL; trust our own belief only until TTL minus a margin for clock and pauses.
  const renewEveryMs = Math.max(100, Math.floor(ttlMs / 3));
  const trustMs = ttlMs - Math.max(50, Math.floor(ttlMs / 5));
  const now = opts.now ?? Date.now;
  const token = `${opts.instance ?? 'replica'}:${randomUUID()}`;
  const listeners: ((leader: boolean) => void)[] = [];
  let heldSince: number | null = null;
  let lastRenewal = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** When a follower should try again: right after the holder's lease would expire, or the usual period. */
  let nextAttemptMs = renewEveryMs;
  let failing = false;

  const setLeader = (leader: boolean) => {
    const was = heldSince !== null;
    if (leader === was) return;
    heldSince = leader ? now() : null;
    opts.log.info(
      { lease: token, leader },
      leader ? 'lease acquired: this replica polls and delivers' : 'lease lost',
    );
    for (const l of listeners) l(leader);
  };

  async function attempt(): Promise<void> {
    nextAttemptMs = renewEveryMs;
    try {
      await tryOnce();
      if (failing) opts.log.info('lease backend reachable again');
      failing = false;
    } catch (err) {
      // Unreachable Redis: we cannot prove we hold the lease, so we stop acting as leader at once.
      // Warn once per outage, not on every attempt.
      const reason = err instanceof Error ? err.message : String(err);
      if (!failing || heldSince !== null) opts.log.warn({ err: reason }, 'lease renewal failed');
      // Every attempt, at debug: how often a replica kept trying while the backend was away.
      opts.log.debug({ err: reason }, 'lease attempt failed');
      failing = true;
      setLeader(false);
    }
  }

  async function tryOnce(): Promise<void> {
    if (heldSince !== null) {
      const started = now();
      const renewed = await withTimeout(
        opts.redis.eval(RENEW, { keys: [opts.key], arguments: [token, String(ttlMs)] }),
        renewEveryMs,
      );
      if (Number(renewed) === 1) lastRenewal = started;
      else setLeader(false);
    } else {
      const started = now();
      const ok = await withTimeout(
        opts.redis.set(opts.key, token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }),
        renewEveryMs,
      );
      if (ok === 'OK') {
        lastRenewal = started;
        setLeader(true);
      } else if (opts.redis.pTTL) {
        const left = await withTimeout(opts.redis.pTTL(opts.key), renewEveryMs);
        // A dead holder's lease lapses after `left` ms: try again just then instead of up to a period later.
        if (left >= 0) nextAttemptMs = Math.min(renewEveryMs, left + 20);
      }
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void attempt().finally(schedule);
    }, nextAttemptMs);
    timer.unref();
  };

  return {
    token,
    isLeader: () => heldSince !== null && now() - lastRenewal < trustMs,
    async fence() {
      if (heldSince === null || now() - lastRenewal >= trustMs) return false;
      try {
        return (await withTimeout(opts.redis.get(opts.key), renewEveryMs)) === token;
      } catch {
        return false;
      }
    },
    async start() {
      stopped = false;
      await attempt();
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (heldSince !== null) {
        try {
          await withTimeout(opts.redis.eval(RELEASE, { keys: [opts.key], arguments: [token] }), renewEveryMs);
        } catch {
          /* the lease expires on its own */
        }
        setLeader(false);
      }
    },
    onChange: (listener) => void listeners.push(listener),
  };
}
