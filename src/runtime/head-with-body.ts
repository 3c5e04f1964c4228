/**
 * An ack with a body leaves in one write with a Content-Length instead of chunked: Bolt's `writeHead` is kept as
 * plain header values until `end(body)` (docs/decisions/0004-acks-fixed-length.md).
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
