/**
 * Only private_metadata fieldline sealed reaches a listener (../kit/sealed-metadata.ts). Installed around
 * `processEvent` (outermost, before the delivery claim and Bolt), it opens the metadata of every payload with a
 * view — view_submission, view_closed, and block_actions or block_suggestion in a modal or App Home — and hands
 * listeners the text fieldline wrote. A missing or wrong tag is refused before anything else: a submission is
 * answered with a modal saying the form could not be verified, anything else is acked; both are logged, and nothing
 * reaches the platform. Empty metadata has nothing to trust and passes. Views answered in an ack
 * (`response_action: update | push`) are sealed on their way out, like those sent through the WebClient.
 */
import { randomBytes } from 'node:crypto';
import type { App, ReceiverEvent } from '@slack/bolt';
import type { Logger } from '../base/log.ts';
import { messageModal } from '../kit/blocks/text-blocks.ts';
import {
  deriveMetadataKey,
  metadataSeal,
  sealedView,
  type MetadataSeal,
  type Refusal,
} from '../kit/sealed-metadata.ts';

export const UNVERIFIED_FORM_TEXT =
  'This form could not be verified, so nothing was done. Close it and open it again from where you started.';

/** Views whose metadata was opened here: the same body dispatched again is not opened twice. */
const opened = new WeakSet<object>();

type Verdict = { ok: true } | { ok: false; why: Refusal };

function viewOf(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const view = (body as { view?: unknown }).view;
  return typeof view === 'object' && view !== null ? (view as Record<string, unknown>) : undefined;
}

/**
 * Replaces the body's view by one carrying the opened metadata (listeners read `body.view`, and Bolt's `view` is
 * that object). Serialized, it is the sealed original again: a job records the body as it was received
 * (./payload-text.ts keeps that text, or JSON.stringify calls `toJSON`), and the job's run opens it again
 * where it runs, so no record holds metadata that would pass as fieldline's without its tag.
 */
export function openViewMetadata(body: unknown, seal: MetadataSeal): Verdict {
  const view = viewOf(body);
  if (!view || opened.has(view)) return { ok: true };
  const meta = view.private_metadata;
  if (meta === undefined || meta === '') return { ok: true };
  if (typeof meta !== 'string') return { ok: false, why: 'unsealed' };
  const callbackId = typeof view.callback_id === 'string' ? view.callback_id : '';
  const result = seal.open(meta, callbackId);
  if (!result.ok) return result;
  const plain: Record<string, unknown> = { ...view, private_metadata: result.text };
  Object.defineProperty(plain, 'toJSON', { value: () => view });
  opened.add(plain);
  (body as { view: unknown }).view = plain;
  return { ok: true };
}

/** An ack whose `update` / `push` view leaves with its metadata sealed. */
function sealingAck(ack: ReceiverEvent['ack'], seal: MetadataSeal): ReceiverEvent['ack'] {
  // Async: metadata too long to seal is a rejected ack the listener's error path answers, not a synchronous throw.
  return async (response?: unknown) => {
    if (typeof response !== 'object' || response === null) return ack(response as never);
    const { response_action: action, view } = response as { response_action?: unknown; view?: unknown };
    if ((action !== 'update' && action !== 'push') || view === undefined) return ack(response as never);
    const sealed = sealedView(view, seal);
    return ack((sealed === view ? response : { ...response, view: sealed }) as never);
  };
}

async function refuse(event: ReceiverEvent, why: Refusal, log: Logger): Promise<void> {
  const body = event.body as { type?: unknown; user?: { id?: unknown } };
  const view = viewOf(body);
  // What was refused and why; never the metadata itself.
  log.warn(
    {
      type: body.type,
      callbackId: view?.callback_id,
      viewType: view?.type,
      user: body.user?.id,
      why,
    },
    'view private_metadata not sealed by fieldline: request refused',
  );
  if (body.type === 'view_submission')
    await event.ack({ response_action: 'update', view: messageModal('fieldline', UNVERIFIED_FORM_TEXT) });
  else await event.ack();
}

/**
 * The app's seal: the one given (the composition root derives it from the configuration, so replicas and the job
 * thread share it), else a key of this app's own (an app built without the composition root: its views submit to
 * it alone).
 */
export function sealOrOwn(given: MetadataSeal | undefined): MetadataSeal {
  return given ?? metadataSeal([deriveMetadataKey(randomBytes(32))]);
}

/**
 * Install after every other processEvent wrapper (./dedupe.ts): this one runs first. Here rather than in the app's
 * first middleware: Bolt hands each middleware a copy of the arguments, so an `ack` replaced there never reaches
 * the listeners; the event's ack is the one they all share.
 */
export function installSealedViews(app: App, seal: MetadataSeal, log: Logger): void {
  const process = app.processEvent.bind(app);
  app.processEvent = async (event: ReceiverEvent) => {
    const verdict = openViewMetadata(event.body, seal);
    if (!verdict.ok) return refuse(event, verdict.why, log);
    return process({ ...event, ack: sealingAck(event.ack, seal) });
  };
}
