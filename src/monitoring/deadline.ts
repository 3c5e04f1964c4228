/**
 * One platform call's abort: the caller's signal or the call's total deadline, whichever comes first.
 * AbortSignal.timeout + AbortSignal.any cost about 40 µs a call and leave a timer (and a signal held through weak
 * references) alive for the whole deadline even after the call is done; this is one controller and one timer,
 * both let go by `done()`.
 */
export class CallDeadline extends AbortController {
  /** True once the deadline (not the caller) aborted the call. */
  timedOut = false;
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    totalMs: number,
    private readonly caller: AbortSignal | undefined,
  ) {
    super();
    this.timer = setTimeout(expire, totalMs, this);
    if (caller?.aborted) this.abort(caller.reason);
    // the listener is this object (handleEvent): no closure per call
    else caller?.addEventListener('abort', this, { once: true });
  }

  /** The caller aborted: forward its own reason, so the call rejects with it. */
  handleEvent(): void {
    this.abort(this.caller?.reason);
  }

  /** The call is over (answer read or failed): stop the timer and stop listening to the caller. */
  done(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this);
  }
}

function expire(deadline: CallDeadline): void {
  deadline.timedOut = true;
  deadline.abort();
}
