/**
 * A time budget for work done before an ack or inside a trigger's 3 s (options lists, inline modal checks,
 * shortcut lookups): the answer if it came in time, else undefined — the caller then goes on without it or
 * defers the work to after the ack. A late rejection is swallowed (the caller has moved on), an early one is
 * thrown. One promise and one timer per call (it runs on the acking thread for most requests: the access gate's
 * remembered decision).
 */
export function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
