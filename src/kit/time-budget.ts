/**
 * A time budget for work done before an ack or inside a trigger's 3 s (options lists, inline modal checks,
 * shortcut lookups): the answer if it came in time, else undefined — the caller then goes on without it or
 * defers the work to after the ack. A late rejection is swallowed (the caller has moved on), an early one is
 * thrown.
 */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
