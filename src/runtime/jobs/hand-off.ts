/**
 * The one door between a listener's ack and its work (issue 18). On receipt a listener parses, runs its
 * synchronous checks and calls `handOff`: the request is offered to the job queue first (in Redis it is durable
 * before Slack hears anything), then Slack gets the ack — with an honest "queued (position N)" when others wait,
 * or "busy, try again in a minute" when the queue is full (nothing recorded; what was typed is kept). The
 * listener then returns. When the job runs (here or on another replica) the same listener is called again with
 * the job in its context: `handOff` returns it and the listener does its work; `ack` is then a no-op.
 *
 *   const job = await handOff(args, 'tasks.list');
 *   if (!job) return;   // received: acked and queued
 *   …the work…
 *
 * Not for work that must happen within Slack's windows on the receiving replica: views.open (trigger_id lives
 * 3 s), option lists and view_submission answers stay in the listener before `handOff`.
 */
import { randomUUID } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import { deliveryClaimOf, pendingClaimOf } from '../dedupe.ts';
import { bodyJson } from '../payload-text.ts';
import { placeOf } from '../../kit/request-place.ts';
import { tellPerson } from '../../kit/reply/index.ts';
import { messageModal } from '../../kit/blocks/text-blocks.ts';
import { fullAck, fullText, queuedText, surfaceOf } from './busy-answers.ts';
import type { Admission, JobQueue } from './job-queue.ts';
import { JOB_QUEUE_KEY } from '../../kit/request-context.ts';
import { laneOf } from './lanes.ts';
import { jobRunOf, type JobRun, type SlackJob } from './slack-job.ts';

type AckFn = (response?: never) => Promise<void>;

/** What handOff needs of a Bolt listener's arguments (every listener kind has these). */
export interface HandOffArgs {
  body: unknown;
  context: Record<string, unknown>;
  client: WebClient;
  ack?: AckFn | ((response?: unknown) => Promise<void>);
}

export interface HandOffOptions<T> {
  /** The ack's answer when the job is accepted (a command's first reply; a submission's response_action). */
  ack?: unknown;
  /** What the listener decided before its ack and its work needs (JSON). */
  carry?: T;
  /** view_submission: the input block that shows "busy, submit again" when the queue is full. */
  busyBlock?: string;
  /**
   * The listener acked already (it had to open a modal with the trigger_id first): only enqueue. A busy or full
   * queue is then told to the person where they are (or, with `view`, in that open modal).
   */
  acked?: boolean;
  /** With `acked`: the modal the listener opened, where a busy or full queue is said instead. */
  view?: string;
}

const QUEUE = JOB_QUEUE_KEY;

/** Installed by the app (../app.ts) on every request it receives. */
export function withJobQueue(context: Record<string, unknown>, queue: JobQueue): void {
  context[QUEUE] = queue;
}

function queueOf(context: Record<string, unknown>): JobQueue | undefined {
  const q = context[QUEUE];
  return q && typeof q === 'object' && 'offer' in q ? (q as JobQueue) : undefined;
}

/** The job this request runs as, when it does (a listener with work before handOff checks it first). */
export function jobOf<T = unknown>(args: Pick<HandOffArgs, 'context'>): JobRun<T> | undefined {
  return jobRunOf<T>(args.context);
}

export async function handOff<T = undefined>(
  args: HandOffArgs,
  kind: string,
  opts: HandOffOptions<T> = {},
): Promise<JobRun<T> | undefined> {
  const running = jobRunOf<T>(args.context);
  // Running as a job: this listener's own job does its work; another listener's job is not ours.
  if (running) return running.kind === kind ? running : undefined;
  const ack = opts.acked ? undefined : (args.ack as ((response?: unknown) => Promise<void>) | undefined);
  const queue = queueOf(args.context);
  if (!queue) {
    // No queue (a listener called directly): ack and work right here.
    await ack?.(opts.ack);
    return { id: randomUUID(), kind, carry: opts.carry, acceptedAt: Date.now() };
  }
  const body = args.body as Record<string, unknown>;
  const claim = deliveryClaimOf(args.context);
  // Defer mode (../dedupe.ts): the job makes the delivery's durable claim where it runs.
  const pending = pendingClaimOf(args.context);
  const lane = laneOf(body);
  const job = (): SlackJob => ({
    id: randomUUID(),
    kind,
    body: bodyJson(body),
    lane,
    acceptedAt: Date.now(),
    ...(claim ? { claim } : {}),
    ...(pending ? { durableClaim: { key: pending.key, ttlMs: pending.ttlMs } } : {}),
    ...(opts.carry !== undefined ? { carry: opts.carry } : {}),
  });
  let admission: Admission;
  try {
    admission = await queue.offer(kind, job, lane);
  } catch {
    // The queue could not record it (Redis down): refused like a full queue, never acked as accepted.
    admission = { kind: 'full' };
  }
  // Refused, the request did nothing: there is nothing to claim.
  if (pending) pending.fate = admission.kind === 'accepted' ? 'job' : 'refused';
  await answer(args, ack, body, admission, opts);
  return undefined;
}

async function answer(
  args: HandOffArgs,
  ack: ((response?: unknown) => Promise<void>) | undefined,
  body: Record<string, unknown>,
  admission: Admission,
  opts: HandOffOptions<unknown>,
): Promise<void> {
  const surface = surfaceOf(body);
  const position = admission.kind === 'accepted' ? admission.position : 0;
  if (admission.kind === 'accepted' && position === 0) return void (await ack?.(opts.ack));
  const text = admission.kind === 'full' ? fullText(body) : queuedText(position);
  // Acked already (or an event, which Bolt acked): the note goes where the person is; App Home opening is not a
  // request to answer (the queue's stats count the refusal).
  if (!ack && opts.view)
    return void (await args.client.views
      .update({ view_id: opts.view, view: messageModal('fieldline', text) })
      .catch(() => tellWhereTheyAre(args.client, body, text)));
  if (!ack) return void (surface === 'event' ? undefined : await tellWhereTheyAre(args.client, body, text));
  const refusal = admission.kind === 'full' ? fullAck(body, opts.busyBlock) : undefined;
  if (refusal) return void (await ack(refusal));
  if (surface === 'command') return void (await ack({ response_type: 'ephemeral', text }));
  if (surface === 'view_submission')
    return void (await ack({ response_action: 'update', view: messageModal('fieldline', text) }));
  // Buttons, shortcuts: Slack gets its ack now; the note follows where the person is.
  await ack(admission.kind === 'accepted' ? opts.ack : undefined);
  await tellWhereTheyAre(args.client, body, text);
}

async function tellWhereTheyAre(
  client: WebClient,
  body: Record<string, unknown>,
  text: string,
): Promise<void> {
  const place = placeOf(body);
  if (!place.user) return;
  await tellPerson({ client, ...place, user: place.user }, { text }).catch(() => undefined);
}
