/**
 * The one error path to users. Unexpected errors (from app.error, or from background work after ack via
 * reportError) become a short, helpful ephemeral message with a reference id; the full error is logged under
 * the same id. Nothing of the error's internals (stack, bodies) is ever sent to Slack.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../base/log.ts';
import type { MonitoringErrorCode } from '../monitoring/api.ts';
import { isMonitoringError } from '../monitoring/index.ts';
import { StoreUnavailableError } from '../store/store.ts';
import { escapeMrkdwn } from './blocks/mrkdwn.ts';
import { deliver, type RequestPlace } from './reply/index.ts';

export { deliver } from './reply/index.ts';

export interface UserMessage {
  /** Ready-to-send mrkdwn, ending with the reference id. */
  text: string;
  ref: string;
  /** Blocks an explained error offers (e.g. a "Connect your platform account" button). */
  blocks?: unknown[];
}

/**
 * An error that already says, for the person, what happened and what to do (access refusals, "connect your
 * account first"): shown as it is, without a reference id, since nothing went wrong on our side.
 */
interface ExplainedError {
  explanation: string;
  explanationBlocks?: unknown[];
}

function isExplained(err: unknown): err is ExplainedError {
  return (
    err !== null && typeof err === 'object' && 'explanation' in err && typeof err.explanation === 'string'
  );
}

/** "task 3025", "data source 1001", … from the path of the refused call (contract: Authentication rule 3). */
const REFUSED_ITEM: [RegExp, (id: string) => string][] = [
  [/^\/task\/([^/]+)$/, (id) => `task ${id}`],
  [/^\/data-sources\/([^/]+)$/, (id) => `data source ${id}`],
  [/^\/devices\/status\/([^/]+)$/, (id) => `data source ${id}`],
  [/^\/files\/([^/]+)$/, (id) => `platform file ${id}`],
];

function refusedItem(method: string | undefined, path: string | undefined): string {
  for (const [pattern, name] of REFUSED_ITEM) {
    const m = pattern.exec(path ?? '');
    if (m?.[1]) return name(decodeURIComponent(m[1]));
  }
  if (path === '/task/') return 'the site of that task';
  if (path === '/post') return 'that channel';
  if (path?.startsWith('/reading') || path === '/import' || path === '/export')
    return method === 'GET' && path !== '/import'
      ? "that data source's readings"
      : 'writing to that data source';
  if (path === '/files/signed-uploads/create') return 'uploading files to that site';
  return 'that item';
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Six characters, no look-alikes (0/O, 1/I): easy to read out over a radio. */
export function newRef(): string {
  return Array.from(randomBytes(6), (b) => REF_ALPHABET[b % REF_ALPHABET.length]).join('');
}

function retryIn(ms: number | undefined): string {
  return ms === undefined ? 'try again in a minute' : `try again in ${Math.max(1, Math.ceil(ms / 1000))} s`;
}

function monitoringText(
  code: MonitoringErrorCode,
  err: { retryAfterMs?: number; field?: string; method?: string; path?: string },
): string {
  const field = err.field ? ` (\`${escapeMrkdwn(err.field)}\`)` : '';
  switch (code) {
    case 'BAD_KEY':
      return "The monitoring platform refused fieldline's API key. Ask whoever runs fieldline to check MONITORING_API_KEY.";
    case 'NO_ACCESS':
      return `You have no access to ${escapeMrkdwn(refusedItem(err.method, err.path))} on the monitoring platform (your platform account may not read or change it).`;
    case 'VALIDATION':
      return `The monitoring platform rejected the request as invalid${field}. Check what you entered and try again.`;
    case 'CONFLICT':
      return 'That was changed on the monitoring platform in the meantime. Reload it and try again.';
    case 'RATE_LIMITED':
      return `The monitoring platform is rate limiting fieldline — ${retryIn(err.retryAfterMs)}.`;
    case 'SERVER':
    case 'NETWORK':
    case 'TIMEOUT':
      return 'The monitoring platform is unavailable right now — try again in a minute.';
    case 'BAD_RESPONSE':
      return 'The monitoring platform sent an answer fieldline could not read. Try again; if it persists, tell your admin.';
    case 'INVALID_ARGUMENT':
      return `fieldline refused to send an invalid request to the platform${field}.`;
    case 'SIGNING_FAILED':
      return 'The monitoring platform could not prepare the file upload — try again in a minute.';
    case 'UPLOAD_FAILED':
      return "The upload to the monitoring platform's file storage failed — try again.";
    case 'UNSAFE_URL':
      return 'The file could not be fetched or sent: the monitoring platform gave a link to an address fieldline does not connect to (an internal or private network). Tell your admin.';
  }
}

/** Unwraps Bolt's wrappers (UnknownError.original, MultipleListenerError.originals) to the error that matters. */
export function rootError(err: unknown): unknown {
  if (err !== null && typeof err === 'object') {
    if ('original' in err && err.original instanceof Error) return rootError(err.original);
    if ('originals' in err && Array.isArray(err.originals) && err.originals.length > 0)
      return rootError(err.originals[0]);
  }
  return err;
}

export function userMessageFor(err: unknown, ref: string = newRef()): UserMessage {
  const root = rootError(err);
  if (isExplained(root))
    return {
      text: root.explanation,
      ref,
      ...(root.explanationBlocks ? { blocks: root.explanationBlocks } : {}),
    };
  let text: string;
  if (isMonitoringError(root)) text = monitoringText(root.code, root);
  else if (root instanceof StoreUnavailableError)
    text = "fieldline's storage is unavailable right now — try again in a minute.";
  else text = 'Something went wrong on our side.';
  return { text: `:warning: ${text} (ref \`${ref}\`)`, ref };
}

/** Where the person a request came from is told (./reply/index.ts). */
export type ErrorTarget = RequestPlace;

/** Logs `err` under a fresh reference id and tells the user, ephemerally where possible. Never throws. */
export async function reportError(
  deps: { log: Logger },
  target: ErrorTarget,
  err: unknown,
  context: Record<string, unknown> = {},
): Promise<UserMessage> {
  const message = userMessageFor(err);
  const root = rootError(err);
  const fields = { ref: message.ref, user: target.user, channel: target.channel, ...context };
  // A refusal the person is told about is not a failure of ours.
  if (isExplained(root))
    deps.log.info({ ...fields, reason: root.explanation.slice(0, 80) }, 'request refused');
  else deps.log.error({ ...fields, err: root }, 'request failed');
  try {
    await deliver(target, message.text, message.blocks);
  } catch (deliveryErr) {
    deps.log.warn({ ref: message.ref, err: deliveryErr }, 'could not tell the user about a failure');
  }
  return message;
}
