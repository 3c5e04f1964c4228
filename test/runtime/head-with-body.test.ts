/**
 * An ack with a body leaves in one piece: Content-Length, not chunked (src/runtime/head-with-body.ts). Through the
 * real app over loopback, and the shim's forms of writeHead on a plain server.
 */
import { createServer, request, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headWithBody } from '../../src/runtime/head-with-body.ts';
import { startHarness, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.app.app.command('/probe', async ({ ack }) => {
    await ack({
      response_type: 'ephemeral',
      text: 'fieldline is busy — your request is queued (position 3)',
    });
  });
  h.app.app.command('/quiet', async ({ ack }) => {
    await ack();
  });
});
afterAll(() => h.stop());

describe('acks through the app', () => {
  it('sends an ack with a body with its Content-Length, not chunked', async () => {
    const res = await h.driver.command({ command: '/probe' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      response_type: 'ephemeral',
      text: 'fieldline is busy — your request is queued (position 3)',
    });
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/json');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
  });

  it('sends a body-less ack as before', async () => {
    const res = await h.driver.command({ command: '/quiet' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
  });
});

async function answerOf(
  respond: (res: ServerResponse) => void,
): Promise<{ status: number; message: string; headers: IncomingHttpHeaders; body: string }> {
  const server = createServer((_req, res) => respond(headWithBody(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            message: res.statusMessage ?? '',
            headers: res.headers,
            body,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

describe('headWithBody', () => {
  it('keeps the status, the headers and a status message, and sends a length', async () => {
    const answer = await answerOf((res) => {
      res.writeHead(409, 'Taken', { 'content-type': 'text/plain', 'x-extra': ['a', 'b'] });
      res.end('é already');
    });
    expect(answer).toMatchObject({ status: 409, message: 'Taken', body: 'é already' });
    expect(answer.headers['content-type']).toBe('text/plain');
    expect(answer.headers['x-extra']).toBe('a, b');
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength('é already')));
    expect(answer.headers['transfer-encoding']).toBeUndefined();
  });

  it('leaves a raw header array to Node', async () => {
    const answer = await answerOf((res) => {
      res.writeHead(200, ['content-type', 'text/plain']);
      res.end('ok');
    });
    expect(answer).toMatchObject({ status: 200, body: 'ok' });
    expect(answer.headers['content-type']).toBe('text/plain');
  });
});
