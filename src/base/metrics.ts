/**
 * fieldline's Prometheus metrics (issue 42): one prom-client registry per thread and the metric families every
 * layer records into. It lives in base/ because every layer records — the runtime (acks, jobs, Socket Mode), the
 * monitoring client (platform calls), kit/ (Slack Web API calls), store/ and the relay — and base/ is the one layer
 * all of them may import (README, "The dependency rule"). Exposing it (/metrics, the job thread's figures) is
 * src/ops/'s business.
 *
 * Conventions: base units (seconds), counters end in `_total`, and every label value is bounded — a surface, a job
 * kind, an HTTP method and route template, a status, a Slack method name. Never a user, channel, task or
 * workspace id (decision: per-channel outbox figures are a histogram and gauges summed over channels).
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();

/** Acks are a few ms; Slack gives up at 3 s. */
const ACK_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Jobs and platform calls: from a few ms to a minute and a half (the platform's total timeout). */
const WORK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 90];
/** Relay delivery lag and cycles: seconds to an hour. */
const LAG_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3_600];

const registers = [metricsRegistry];

// ───────────────────────── acks (src/runtime) ─────────────────────────

export const SURFACES = ['command', 'action', 'view', 'shortcut', 'event', 'options', 'other'] as const;
export type Surface = (typeof SURFACES)[number];

export const ackSeconds = new Histogram({
  name: 'fieldline_ack_duration_seconds',
  help: 'From receiving a Slack request to sending its ack, per surface.',
  labelNames: ['surface'],
  buckets: ACK_BUCKETS,
  registers,
});

/** The surface of a Slack request body (Events API, interactivity, commands), for the ack histogram's label. */
export function surfaceOf(body: Record<string, unknown>): Surface {
  if (typeof body.command === 'string') return 'command';
  switch (body.type) {
    case 'block_actions':
    case 'interactive_message':
      return 'action';
    case 'view_submission':
    case 'view_closed':
      return 'view';
    case 'shortcut':
    case 'message_action':
      return 'shortcut';
    case 'event_callback':
      return 'event';
    case 'block_suggestion':
      return 'options';
    default:
      return 'other';
  }
}

export function observeAck(body: Record<string, unknown>, startedAt: number): void {
  ackSeconds.observe({ surface: surfaceOf(body) }, (performance.now() - startedAt) / 1_000);
}

// ───────────────────────── jobs (src/runtime/jobs) ─────────────────────────

/** Job kinds are declared in code (`tasks.create`); anything else is bucketed, so a label stays bounded. */
export function kindLabel(kind: string): string {
  return /^[a-z][\w.-]{0,63}$/i.test(kind) ? kind : 'other';
}

export const jobsAccepted = new Counter({
  name: 'fieldline_jobs_accepted_total',
  help: 'Work accepted after an ack, per job kind.',
  labelNames: ['kind'],
  registers,
});
export const jobsQueued = new Counter({
  name: 'fieldline_jobs_queued_total',
  help: 'Work accepted while others waited (answered with its position), per job kind.',
  labelNames: ['kind'],
  registers,
});
export const jobsRefused = new Counter({
  name: 'fieldline_jobs_refused_total',
  help: 'Work refused because the queue was full (answered "busy, try again"), per job kind.',
  labelNames: ['kind'],
  registers,
});
export const jobsWaiting = new Gauge({
  name: 'fieldline_jobs_waiting',
  help: 'Jobs accepted and not yet started on this replica, per job kind.',
  labelNames: ['kind'],
  registers,
});
export const jobsRunning = new Gauge({
  name: 'fieldline_jobs_running',
  help: 'Jobs running on this replica, per job kind.',
  labelNames: ['kind'],
  registers,
});
export const jobWaitSeconds = new Histogram({
  name: 'fieldline_job_wait_seconds',
  help: 'From a job being accepted to its start, per job kind.',
  labelNames: ['kind'],
  buckets: WORK_BUCKETS,
  registers,
});
export const jobWorkSeconds = new Histogram({
  name: 'fieldline_job_work_seconds',
  help: 'How long a job ran, per job kind and outcome (done, failed).',
  labelNames: ['kind', 'outcome'],
  buckets: WORK_BUCKETS,
  registers,
});

export function noteJobAccepted(kind: string, position: number): void {
  const labels = { kind: kindLabel(kind) };
  jobsAccepted.inc(labels);
  jobsWaiting.inc(labels);
  if (position > 0) jobsQueued.inc(labels);
}

export function noteJobStarted(kind: string, waitedMs: number): void {
  const labels = { kind: kindLabel(kind) };
  jobsWaiting.dec(labels);
  jobsRunning.inc(labels);
  jobWaitSeconds.observe(labels, Math.max(0, waitedMs) / 1_000);
}

export function noteJobFinished(kind: string, workedMs: number, ok: boolean): void {
  const label = kindLabel(kind);
  jobsRunning.dec({ kind: label });
  jobWorkSeconds.observe({ kind: label, outcome: ok ? 'done' : 'failed' }, Math.max(0, workedMs) / 1_000);
}

// ───────────────────────── platform calls (src/monitoring) ─────────────────────────

/**
 * The route template of a platform path: every segment that is an id (digits, a UUID, a long hex or an opaque
 * token with digits) becomes `:id`, so `/tasks/123` and `/devices/status/abc-9` are one series each.
 */
export function routeTemplate(path: string): string {
  const out = path
    .split('?')[0]!
    .split('/')
    .map((seg) => (seg === '' || /^[a-z][a-z-]*$/i.test(seg) ? seg : ':id'))
    .join('/');
  return out.length > 80 ? `${out.slice(0, 80)}…` : out;
}

export const platformSeconds = new Histogram({
  name: 'fieldline_platform_request_duration_seconds',
  help: 'Platform API calls (each attempt), per method, route template and status (or transport).',
  labelNames: ['method', 'route', 'status'],
  buckets: WORK_BUCKETS,
  registers,
});
export const platformErrors = new Counter({
  name: 'fieldline_platform_request_errors_total',
  help: 'Platform API calls that failed, per method, route template and status (or transport error).',
  labelNames: ['method', 'route', 'status'],
  registers,
});

/** One attempt of a platform call: `status` is the HTTP status, or 'transport' when no answer came. */
export function observePlatformCall(
  method: string,
  path: string,
  status: number | 'transport',
  seconds: number,
) {
  const labels = { method, route: routeTemplate(path), status: String(status) };
  platformSeconds.observe(labels, seconds);
  if (status === 'transport' || status < 200 || status >= 300) platformErrors.inc(labels);
}

// ───────────────────────── Slack Web API (src/kit/slack-fetch.ts) ─────────────────────────

export const slackCalls = new Counter({
  name: 'fieldline_slack_api_calls_total',
  help: 'Slack Web API calls (each HTTP attempt), per method and HTTP status.',
  labelNames: ['method', 'status'],
  registers,
});
export const slackRateLimited = new Counter({
  name: 'fieldline_slack_api_rate_limited_total',
  help: 'Slack Web API answers 429 (rate limited), per method.',
  labelNames: ['method'],
  registers,
});
export const slackSeconds = new Histogram({
  name: 'fieldline_slack_api_duration_seconds',
  help: 'Slack Web API calls (each HTTP attempt), per method.',
  labelNames: ['method'],
  buckets: WORK_BUCKETS,
  registers,
});

/** `chat.postMessage` from `https://slack.com/api/chat.postMessage`; any other URL (a file upload) is 'upload'. */
export function slackMethodOf(url: string): string {
  const m = /\/api\/([a-z]+(?:\.[a-zA-Z]+){1,3})\/?(?:\?|$)/.exec(url);
  return m ? m[1]! : 'upload';
}

export function observeSlackCall(url: string, status: number, seconds: number): void {
  const method = slackMethodOf(url);
  slackCalls.inc({ method, status: String(status) });
  slackSeconds.observe({ method }, seconds);
  if (status === 429) slackRateLimited.inc({ method });
}

// ───────────────────────── the relay (src/alerts/engine) ─────────────────────────

export const relayCycleSeconds = new Histogram({
  name: 'fieldline_relay_cycle_duration_seconds',
  help: 'One relay poll cycle (read the platform, evaluate, fan out), per outcome (complete, failed, idle).',
  labelNames: ['outcome'],
  buckets: LAG_BUCKETS,
  registers,
});
export const alertsRaised = new Counter({
  name: 'fieldline_alerts_raised_total',
  help: 'Device alerts raised by the relay.',
  registers,
});
export const alertsResolved = new Counter({
  name: 'fieldline_alerts_resolved_total',
  help: 'Device alerts cleared by the relay.',
  registers,
});

export function observeRelayCycle(outcome: string, startedAt: number): void {
  relayCycleSeconds.observe({ outcome }, (performance.now() - startedAt) / 1_000);
}

/** The alert transitions of one complete cycle (src/alerts/rules: raise, update, clear). */
export function countAlertTransitions(changes: readonly { transition: { kind: string } }[]): void {
  for (const c of changes) {
    if (c.transition.kind === 'raise') alertsRaised.inc();
    else if (c.transition.kind === 'clear') alertsResolved.inc();
  }
}

/** Pending items per channel, kept here only to sum: channel ids never become label values. */
const backlog = new Map<string, number>();
export const outboxBacklog = new Gauge({
  name: 'fieldline_outbox_backlog_items',
  help: 'Relay messages waiting in channel outboxes (all channels this replica delivers to).',
  registers,
  collect() {
    let n = 0;
    for (const v of backlog.values()) n += v;
    this.set(n);
  },
});
export const outboxBackloggedChannels = new Gauge({
  name: 'fieldline_outbox_backlogged_channels',
  help: 'Channels with relay messages waiting.',
  registers,
  collect() {
    let n = 0;
    for (const v of backlog.values()) if (v > 0) n += 1;
    this.set(n);
  },
});
export const outboxLagSeconds = new Histogram({
  name: 'fieldline_outbox_delivery_lag_seconds',
  help: 'From a relay message being queued for a channel to its delivery.',
  buckets: LAG_BUCKETS,
  registers,
});

/** Records a channel's pending count (summed, never labelled) and returns it. */
export function noteOutboxBacklog(channel: string, pending: number): number {
  if (pending > 0) backlog.set(channel, pending);
  else backlog.delete(channel);
  return pending;
}

export function observeOutboxDelivery(channel: string, lagMs: number): void {
  outboxLagSeconds.observe(Math.max(0, lagMs) / 1_000);
  const left = (backlog.get(channel) ?? 1) - 1;
  noteOutboxBacklog(channel, left);
}

// ───────────────────────── Socket Mode and the lease ─────────────────────────

export const socketLinksOpen = new Gauge({
  name: 'fieldline_socket_mode_links_open',
  help: 'Socket Mode connections open on this replica.',
  registers,
});
export const socketReconnects = new Counter({
  name: 'fieldline_socket_mode_reconnects_total',
  help: 'Socket Mode connections replaced, per reason (asked_to_go by Slack, dropped).',
  labelNames: ['reason'],
  registers,
});

const leases = new Map<object, { held: boolean; main: boolean }>();
export const leaseHolder = new Gauge({
  name: 'fieldline_relay_lease_holder',
  help: "1 when this replica holds the default relay's lease (polls and delivers), else 0.",
  registers,
  collect() {
    this.set([...leases.values()].some((l) => l.main && l.held) ? 1 : 0);
  },
});
export const leasesHeld = new Gauge({
  name: 'fieldline_relay_leases_held',
  help: "Relay leases (the default relay's and each workspace connection's) this replica holds.",
  registers,
  collect() {
    this.set([...leases.values()].filter((l) => l.held).length);
  },
});

/** Follows a relay's leadership (src/store/lease.ts's Leadership) for the two lease gauges. */
export function trackLease<
  L extends { onChange(fn: (leader: boolean) => void): void; stop(): Promise<void> },
>(leadership: L, main: boolean): L {
  const entry = { held: false, main };
  leases.set(leadership, entry);
  leadership.onChange((leader) => {
    entry.held = leader;
  });
  const stop = leadership.stop.bind(leadership);
  leadership.stop = async () => {
    leases.delete(leadership);
    await stop();
  };
  return leadership;
}

// ───────────────────────── the audit trail (src/ops/audit) ─────────────────────────

export const auditEntries = new Counter({
  name: 'fieldline_audit_entries_total',
  help: 'Platform writes and configuration changes recorded in the audit trail, per kind.',
  labelNames: ['kind'],
  registers,
});
