/**
 * The audit trail (issue 42): every platform write made by fieldline and every configuration change made in Slack,
 * kept in the store per workspace for AUDIT_RETENTION_DAYS, and written to stdout as a JSON line (`audit: true`) for
 * a log pipeline.
 *
 * Storage: one key per workspace and hour (`audit:<workspace>:<YYYY-MM-DDTHH>`), appended in batches with store.update (atomic
 * on every backend, so two replicas or threads never lose each other's entries), bounded at MAX_PER_HOUR entries
 * (beyond that only a count of what was not kept), and expiring with the retention period. Reading walks the hours
 * newest first and stops at the limit; entries older than the retention are never shown, whatever the store kept.
 */
import type { Logger } from '../../base/log.ts';
import { auditEntries } from '../../base/metrics.ts';
import type { Store } from '../../store/store.ts';
import type { AuditEntry, AuditKind, AuditWhat, AuditWho } from './audit-entry.ts';

export const MAX_PER_HOUR = 500;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Hours read at once when walking back. */
const READ_BATCH = 24;

interface HourRecord {
  entries: AuditEntry[];
  /** Entries not kept because the hour was full. */
  dropped: number;
}

export interface AuditRead {
  entries: AuditEntry[];
  /** More entries matched than were returned (the limit). */
  more: boolean;
  /** Entries not kept in the period because an hour was full. */
  dropped: number;
}

export interface AuditTrail {
  /** Records one change made by the current request's person (or the relay), with who and where filled in. */
  record(kind: AuditKind, what: AuditWhat, outcome?: 'ok' | 'failed', who?: AuditWho): Promise<void>;
  /** The workspace's entries since `sinceMs`, newest first (within the retention period), at most `limit`. */
  read(workspace: string, opts: { sinceMs: number; site?: string; limit: number }): Promise<AuditRead>;
  readonly retentionDays: number;
}

export interface AuditTrailOptions {
  store: Store;
  now: () => number;
  log: Logger;
  retentionDays: number;
  /** Who is acting and where, from the request being handled (the composition root knows how to ask). */
  who: () => Promise<AuditWho>;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  let reject: (err: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

export function createAuditTrail(opts: AuditTrailOptions): AuditTrail {
  const s = opts.store.namespace('audit');
  const retentionMs = opts.retentionDays * DAY_MS;
  // JSON lines for a log pipeline: the app's logger (its secret redaction included) with a fixed field to filter on.
  const stdout = opts.log.child({ audit: true });
  const keyOf = (workspace: string, ms: number) => `${workspace}:${hourOf(ms)}`;

  // Group commit: one update of an hour's key in flight per thread; entries recorded meanwhile go into the next
  // one. Appending each entry alone made concurrent jobs retry the compare-and-set on the same key, each retry
  // decoding and re-encoding the whole hour (the ack benchmark's mix: a core of CPU at 2.5 jobs/s).
  const queues = new Map<string, { next: AuditEntry[]; done: Deferred | undefined; running: boolean }>();
  const appendAll = (cur: HourRecord | undefined, batch: AuditEntry[]): HourRecord => {
    const r = cur ?? { entries: [], dropped: 0 };
    const room = Math.max(0, MAX_PER_HOUR - r.entries.length);
    return {
      entries: [...r.entries, ...batch.slice(0, room)],
      dropped: r.dropped + Math.max(0, batch.length - room),
    };
  };
  async function drain(key: string, q: { next: AuditEntry[]; done: Deferred | undefined; running: boolean }) {
    q.running = true;
    while (q.next.length > 0) {
      const batch = q.next;
      const done = q.done;
      q.next = [];
      q.done = undefined;
      try {
        // Kept a little past the retention so an hour's key outlives its last entry's retention.
        await s.update<HourRecord>(key, (cur) => appendAll(cur, batch), retentionMs + HOUR_MS);
        done?.resolve();
      } catch (err) {
        done?.reject(err);
      }
    }
    q.running = false;
    queues.delete(key);
  }
  function append(key: string, entry: AuditEntry): Promise<void> {
    let q = queues.get(key);
    if (!q) queues.set(key, (q = { next: [], done: undefined, running: false }));
    q.next.push(entry);
    const done = (q.done ??= deferred());
    if (!q.running) void drain(key, q);
    return done.promise;
  }

  return {
    retentionDays: opts.retentionDays,
    async record(kind, what, outcome = 'ok', known) {
      try {
        const who = known ?? (await opts.who());
        const at = opts.now();
        const entry: AuditEntry = {
          at: new Date(at).toISOString(),
          kind,
          outcome,
          ...who,
          ...(what.channel !== undefined ? { channel: what.channel } : {}),
          platformId: what.platformId ?? null,
          site: what.site ?? null,
          detail: what.detail ?? null,
        };
        auditEntries.inc({ kind });
        stdout.info(entry, 'audit');
        const workspace = who.workspace ?? '_';
        await append(keyOf(workspace, at), entry);
      } catch (err) {
        // The change itself was made: a trail that cannot be written is reported, never turned into a failure.
        opts.log.error(
          { err: err instanceof Error ? err.message : String(err), kind },
          'audit entry not stored',
        );
      }
    },
    async read(workspace, { sinceMs, site, limit }) {
      const now = opts.now();
      const from = Math.max(sinceMs, now - retentionMs);
      const out: AuditEntry[] = [];
      let dropped = 0;
      let more = false;
      for (let hour = now; hour >= from - HOUR_MS && !more; hour -= READ_BATCH * HOUR_MS) {
        const hours = Array.from({ length: READ_BATCH }, (_, i) => hour - i * HOUR_MS).filter(
          (h) => h >= from - HOUR_MS,
        );
        const records = await Promise.all(hours.map((h) => s.get<HourRecord>(keyOf(workspace, h))));
        for (const r of records) {
          if (!r) continue;
          dropped += r.dropped;
          const kept = r.entries
            .filter((e) => Date.parse(e.at) >= from && (site === undefined || e.site === site))
            .reverse();
          for (const e of kept) {
            if (out.length >= limit) {
              more = true;
              break;
            }
            out.push(e);
          }
          if (more) break;
        }
      }
      return { entries: out, more, dropped };
    },
  };
}
