/**
 * Bolt answers a request with `writeHead(status, headers)` and then `end(body)`. Node fixes the head at writeHead,
 * before the body's length is known, so an ack with a body (a "queued" or "busy" answer, a view, field errors) went
 * out chunked, in five pieces (one writev). Kept as plain header values until `end(body)`, the head gets a
 * Content-Length and the answer is sent fixed-length, without chunk framing. (A CPU profile of the ack bench put
 * 14% of the acking thread in that writev; a loopback micro-benchmark found the same server CPU per answer either
 * way, ~73 µs, so that time was mostly the thread waiting to run again after its write, not the write's cost.)
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
