/**
 * Fair order for the BullMQ engine (issue 36), kept in Redis so every replica sees it. Per workspace, a hash
 * counts each person's unfinished jobs: +1 when a job is offered, −1 when it ends (done or failed) or is deleted
 * unrun (its installation was removed, issue 39). A new job's BullMQ `priority` (lower runs first, FIFO within one
 * priority) is its rank in a round-robin over the team's people: Σ over the team's people of min(their count, its
 * count). So a person's 50th job waits behind another person's 1st, and a team of many people is served in turns
 * with a team of one (each team's first jobs rank 1).
 *
 * A crash between +1 and −1 cannot keep a count high: a person whose jobs were neither offered nor ended for
 * LANE_TTL_MS is forgotten (a sorted set of when each person was last seen), and idle teams expire.
 */
import type { Queue } from 'bullmq';

/** A person's count is forgotten after this long without an offer or an end of theirs. */
export const LANE_TTL_MS = 10 * 60_000;
/** BullMQ's largest priority. */
const MAX_PRIORITY = 2_097_151;

// KEYS: wait, prioritized, delayed, team counts (hash), team last seen (zset).
// ARGV: person, bound, now ms, ttl ms, the person's cap (0: none). Returns {-1, waiting, 0} at the bound, else
// {rank, waiting, ahead}.
const OFFER = `
local waiting = redis.call('LLEN', KEYS[1]) + redis.call('ZCARD', KEYS[2]) + redis.call('ZCARD', KEYS[3])
if waiting >= tonumber(ARGV[2]) then return {-1, waiting, 0} end
local now, ttl = tonumber(ARGV[3]), tonumber(ARGV[4])
for _, who in ipairs(redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', now - ttl)) do
  redis.call('HDEL', KEYS[4], who)
  redis.call('ZREM', KEYS[5], who)
end
local mine = redis.call('HINCRBY', KEYS[4], ARGV[1], 1)
redis.call('ZADD', KEYS[5], now, ARGV[1])
redis.call('PEXPIRE', KEYS[4], ttl)
redis.call('PEXPIRE', KEYS[5], ttl)
local rank = 0
for _, v in ipairs(redis.call('HVALS', KEYS[4])) do
  local n = tonumber(v)
  if n > mine then n = mine end
  if n > 0 then rank = rank + n end
end
-- BullMQ scores a prioritized job priority * 2^32 + a counter: the jobs that run before this one.
local ahead = redis.call('LLEN', KEYS[1])
  + redis.call('ZCOUNT', KEYS[2], '-inf', '(' .. string.format('%.0f', (rank + 1) * 4294967296))
-- Past the person's cap it also waits for their own jobs (those put back wait in the delayed set).
local cap = tonumber(ARGV[5])
if cap > 0 and mine - cap > ahead then ahead = mine - cap end
return {rank, waiting, ahead}
`;

// KEYS: team counts, team last seen. ARGV: person, now ms, ttl ms.
const DONE = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[2], tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[3]))
end
return n
`;

export type LaneOffer =
  { kind: 'full'; waiting: number } | { kind: 'accepted'; priority: number; waiting: number; ahead: number };

export interface BullLanes {
  /**
   * One round trip: at the bound nothing is counted; else the job is counted in its lane and ranked. `laneMax`:
   * the person's cap (0: none), for the jobs ahead.
   */
  offer(lane: string, bound: number, laneMax?: number): Promise<LaneOffer>;
  /** The lane's job ended, was deleted unrun, or was never added. */
  done(lane: string): Promise<void>;
}

const split = (lane: string) => {
  const at = lane.indexOf('/');
  return at < 0 ? { team: '', person: lane } : { team: lane.slice(0, at), person: lane.slice(at + 1) };
};

export function bullLanes(queue: Queue, ttlMs = LANE_TTL_MS): BullLanes {
  const defined = new WeakSet<object>();
  async function client() {
    const c = await queue.getBackend().client;
    if (!defined.has(c)) {
      c.defineCommand('fieldlineLaneOffer', { numberOfKeys: 5, lua: OFFER });
      c.defineCommand('fieldlineLaneDone', { numberOfKeys: 2, lua: DONE });
      defined.add(c);
    }
    return c;
  }
  const keys = (team: string) => {
    const base = `${queue.toKey('lanes')}:${team}`;
    return [base, `${base}:seen`];
  };
  return {
    async offer(lane, bound, laneMax = 0) {
      const { team, person } = split(lane);
      const [count, waiting, ahead] = (await (
        await client()
      ).runCommand('fieldlineLaneOffer', [
        queue.toKey('wait'),
        queue.toKey('prioritized'),
        queue.toKey('delayed'),
        ...keys(team),
        person,
        bound,
        Date.now(),
        ttlMs,
        laneMax,
      ])) as [number, number, number];
      if (count < 0) return { kind: 'full', waiting };
      return { kind: 'accepted', priority: Math.min(MAX_PRIORITY, Math.max(1, count)), waiting, ahead };
    },
    async done(lane) {
      const { team, person } = split(lane);
      await (await client()).runCommand('fieldlineLaneDone', [...keys(team), person, Date.now(), ttlMs]);
    },
  };
}
