/**
 * One platform call as a dispatch handler: the answer's status, headers and body bytes, gathered without a
 * response stream. undici's request() adds, per call, an AsyncResource, a Readable body with its events and an
 * abort signal listener (about 60 µs of the ~200 µs a small call costs here); the answers are JSON read whole.
 * The call ends at its total deadline (a body that trickles cannot hold it), at once when the caller aborts
 * (even while it waits for a connection), and when the answer passes `maxBytes` (the connection is dropped).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { MonitoringError } from './errors.ts';
import { tooLargeError, type Where } from './status.ts';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

export interface ExchangeLimits {
  /** From sending to the last byte of the answer. */
  totalMs: number;
  maxBytes: number;
}

class Exchange implements Dispatcher.DispatchHandler {
  #status = 0;
  #headers: IncomingHttpHeaders = {};
  readonly #chunks: Buffer[] = [];
  #size = 0;
  #controller: Dispatcher.DispatchController | undefined;
  /** Set once the call is over: later callbacks from undici change nothing. */
  #ended = false;
  /** Why the call failed, kept to abort the request once undici has started it. */
  #failure: { reason: unknown } | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly where: Where,
    private readonly limits: ExchangeLimits,
    private readonly caller: AbortSignal | undefined,
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (reason: unknown) => void,
  ) {
    this.#timer = setTimeout(expire, limits.totalMs, this);
    // the listener is this object (handleEvent): no closure per call
    caller?.addEventListener('abort', this, { once: true });
  }

  /** The caller aborted: its own reason is the outcome. */
  handleEvent(): void {
    this.fail(this.caller?.reason);
  }

  timedOut(): void {
    const { method, path } = this.where;
    this.fail(
      new MonitoringError(
        'TIMEOUT',
        `${method} ${path} took longer than ${this.limits.totalMs} ms`,
        this.where,
      ),
    );
  }

  /** Ends the call with `reason` now; the request is aborted as soon as undici has started it. */
  fail(reason: unknown): void {
    if (this.#ended) return;
    this.#end();
    this.#failure = { reason };
    this.reject(reason);
    this.#abortRequest();
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    this.#abortRequest();
  }

  onResponseStart(_c: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders): void {
    // 1xx informational answers come before the real one
    if (this.#ended || status < 200) return;
    this.#status = status;
    this.#headers = headers;
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > this.limits.maxBytes) this.#tooLarge();
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#ended) return;
    this.#size += chunk.length;
    // Bounded whatever the platform sends: stop reading (and drop the connection) past the cap.
    if (this.#size > this.limits.maxBytes) this.#tooLarge();
    else this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#ended) return;
    this.#end();
    const chunks = this.#chunks;
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#size);
    this.resolve({ status: this.#status, headers: this.#headers, bytes });
  }

  /** undici ended the request itself (transport error, timeout, or the abort this handler asked for). */
  onResponseError(_c: Dispatcher.DispatchController | undefined, err: Error): void {
    if (this.#ended) return;
    this.#end();
    this.reject(err);
  }

  #tooLarge(): void {
    this.fail(tooLargeError(this.where, this.#status, this.limits.maxBytes));
  }

  #end(): void {
    this.#ended = true;
    clearTimeout(this.#timer);
    this.caller?.removeEventListener('abort', this);
  }

  #abortRequest(): void {
    if (!this.#failure || !this.#controller) return;
    const { reason } = this.#failure;
    this.#controller.abort(reason instanceof Error ? reason : new Error('the call was abandoned'));
  }
}

function expire(exchange: Exchange): void {
  exchange.timedOut();
}

/** Sends `request` and gathers its whole answer (see the file comment for when it ends early). */
export function exchange(
  dispatcher: Dispatcher,
  request: Dispatcher.DispatchOptions,
  where: Where,
  limits: ExchangeLimits,
  caller: AbortSignal | undefined,
): Promise<Answer> {
  // A caller that has already given up sends nothing.
  if (caller?.aborted) return Promise.reject(caller.reason);
  return new Promise<Answer>((resolve, reject) => {
    dispatcher.dispatch(request, new Exchange(where, limits, caller, resolve, reject));
  });
}
