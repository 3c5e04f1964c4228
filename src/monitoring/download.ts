/** Downloads from pre-signed URLs (export CSV, file download): plain GET, streamed, no auth headers. */
import type { MonitoringApi } from './api.ts';
import type { ResourceContext } from './context.ts';
import { invalidArgument } from './errors.ts';

function header(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export function downloadResource(ctx: ResourceContext): MonitoringApi['download'] {
  return async (url, signal) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalidArgument('url', 'must be an absolute URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw invalidArgument('url', 'must be http(s)');
    // contract: section 7 — "download with plain GET and no auth"; Authentication rule 4.
    const res = await ctx.presigned.send({
      method: 'GET',
      url,
      signal,
      retry: true,
      // An expired or invalid signature is refused by storage (typically 403): the link no longer grants access.
      failCode: (status) => (status >= 500 ? 'SERVER' : status === 429 ? 'RATE_LIMITED' : 'NO_ACCESS'),
    });
    const length = header(res.headers['content-length']);
    return {
      body: res.body,
      contentType: header(res.headers['content-type']),
      contentLength: length !== null && /^\d+$/.test(length) ? Number(length) : null,
    };
  };
}
