/**
 * Polls `read` until it gives a value (not undefined), failing with `what` after `timeoutMs`: how the tests that
 * start `src/main/main.ts` as a child process wait for its output and its console. Errors from `read` end the wait.
 */
export async function poll<T>(
  read: () => Promise<T | undefined>,
  what: string,
  timeoutMs: number,
  intervalMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
