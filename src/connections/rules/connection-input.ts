/**
 * What an admin types into the "Platform connection" modal, checked before anything is called or kept (pure):
 * the platform's base URL (absolute http(s), no credentials, query or fragment — the monitoring client refuses
 * those too) and the relay's API key.
 */
export type ConnectionInput =
  { ok: true; baseUrl: string; key: string } | { ok: false; field: 'baseUrl' | 'key'; text: string };

/** The URL without a trailing slash, so one platform is always written the same way. */
export function normalizeBaseUrl(raw: string): string {
  const url = new URL(raw.trim());
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

export function parseConnectionInput(
  rawUrl: string | undefined,
  rawKey: string | undefined,
): ConnectionInput {
  const text = (rawUrl ?? '').trim();
  if (text === '') return { ok: false, field: 'baseUrl', text: 'Enter the platform’s API base URL.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, field: 'baseUrl', text: 'Enter a full URL, e.g. https://api.example.com/prod' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, field: 'baseUrl', text: 'The URL must start with https:// (or http://).' };
  if (url.username !== '' || url.password !== '')
    return { ok: false, field: 'baseUrl', text: 'Leave user names and passwords out of the URL.' };
  if (url.search !== '' || url.hash !== '')
    return { ok: false, field: 'baseUrl', text: 'Leave the query (?…) and fragment (#…) out of the URL.' };
  const key = (rawKey ?? '').trim();
  if (key === '')
    return { ok: false, field: 'key', text: 'Paste the platform API key the relay should use.' };
  if (/\s/.test(key)) return { ok: false, field: 'key', text: 'An API key has no spaces: paste it again.' };
  return { ok: true, baseUrl: normalizeBaseUrl(text), key };
}
