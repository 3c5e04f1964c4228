/**
 * Bolt answers a request with `writeHead(status, headers)` and then `end(body)`. Node fixes the head at writeHead,
 * before the body's length is known, so an ack with a body (a "queued" or "busy" answer, a view, field errors) went
 * out chunked, in five pieces (one writev), and the load generator measured it as the costliest write of the acking
 * thread (CPU profile of the ack bench at 200 req/s: writev 14% of that thread, a body-less ack's write 11% of
 * bare Bolt's). Kept as plain header values until `end(body)`, the head gets a Content-Length and leaves with the
 * body in one write, as a body-less ack does.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export function headWithBody(res: ServerResponse): ServerResponse {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    // Once: end() makes the head with Node's own writeHead (its implicit header).
    delete (res as Partial<Pick<ServerResponse, 'writeHead'>>).writeHead;
    const [message, headers] = typeof rest[0] === 'string' ? rest : [undefined, rest[0]];
    // Raw header arrays keep Node's own handling.
    if (Array.isArray(headers)) return writeHead(status, ...rest);
    res.statusCode = status;
    if (typeof message === 'string') res.statusMessage = message;
    for (const [name, value] of Object.entries((headers ?? {}) as OutgoingHttpHeaders)) {
      if (value !== undefined) res.setHeader(name, value);
    }
    return res;
  }) as ServerResponse['writeHead'];
  return res;
}
