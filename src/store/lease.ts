/**
 * Leadership for background work (poller + deliverer). With several replicas sharing Redis exactly one holds a
 * lease: `SET key token NX PX ttl`, renewed well before expiry by its holder only (compare-and-pexpire), released
 * only by its holder (compare-and-delete). `fence()` re-reads the key before a delivery write so a paused former
 * leader cannot post. With the sqlite or memory store the single process is always the leader.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../log.ts';

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
  set(key: string, value: string, opts: { condition: 'NX'; expiration: { type: 'PX'; value: number } }): Promise<string | null>;
  get(key: string): Promise<string | null>;
  eval(script: string, opts: { keys: string[]; arguments: string[] }): Promise<unknown>;
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

  const setLeader = (leader: boolean) => {
    const was = heldSince !== null;
    if (leader === was) return;
    heldSince = leader ? now() : null;
    opts.log.info({ token, leader }, leader ? 'lease acquired: this replica polls and delivers' : 'lease lost');
    for (const l of listeners) l(leader);
  };

  async function attempt(): Promise<void> {
    try {
      if (heldSince !== null) {
        const renewed = await opts.redis.eval(RENEW, { keys: [opts.key], arguments: [token, String(ttlMs)] });
        if (Number(renewed) === 1) lastRenewal = now();
        else setLeader(false);
      } else {
        const started = now();
        const ok = await opts.redis.set(opts.key, token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } });
        if (ok === 'OK') {
          lastRenewal = started;
          setLeader(true);
        }
      }
    } catch (err) {
      // Unreachable Redis: we cannot prove we hold the lease, so we stop acting as leader at once.
      opts.log.warn({ err: (err as Error).message }, 'lease renewal failed');
      setLeader(false);
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void attempt().finally(schedule);
    }, renewEveryMs);
    timer.unref();
  };

  return {
    token,
    isLeader: () => heldSince !== null && now() - lastRenewal < trustMs,
    async fence() {
      if (heldSince === null || now() - lastRenewal >= trustMs) return false;
      try {
        return (await opts.redis.get(opts.key)) === token;
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
          await opts.redis.eval(RELEASE, { keys: [opts.key], arguments: [token] });
        } catch {
          /* the lease expires on its own */
        }
        setLeader(false);
      }
    },
    onChange: (listener) => void listeners.push(listener),
  };
}
