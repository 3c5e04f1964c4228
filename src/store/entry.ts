/** The stored form, identical to what keyv writes itself, so `get` reads what `add` and `update` wrote. */
export function serializeEntry(value: unknown, ttlMs: number | undefined, now = Date.now()): string {
  return JSON.stringify({ value, expires: ttlMs ? now + ttlMs : undefined });
}
