/**
 * SSRF through platform-chosen URLs (issue 15): export `fileUrl`s and file `file` URLs pointing at this host or
 * the internal network are not fetched (a capture server on loopback, on another port than the platform,
 * receives nothing) and the person is told the file could not be fetched. The platform's own origin (the
 * sandbox on loopback) keeps working; redirects are checked hop by hop; sizes are capped.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/monitoring/guarded-fetch.ts';
import { isMonitoringError } from '../../src/monitoring/index.ts';
import { createPresignedHttp } from '../../src/monitoring/presigned-http.ts';
import { fileSendButton } from '../../src/files/render/file-send-button.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

interface Capture {
  url: string;
  port: number;
  seen: { method?: string; url?: string; headers: IncomingMessage['headers'] }[];
  server: Server;
  /** What to answer (default: the "metadata" secret). */
  answer: (req: IncomingMessage, res: ServerResponse) => void;
}

async function startCapture(): Promise<Capture> {
  const capture: Capture = {
    url: '',
    port: 0,
    seen: [],
    server: createServer((req, res) => {
      capture.seen.push({ method: req.method, url: req.url, headers: req.headers });
      capture.answer(req, res);
    }),
    answer: (_req, res) => res.end('AKIA-METADATA-SECRET'),
  };
  await new Promise<void>((resolve) => capture.server.listen(0, '127.0.0.1', resolve));
  capture.port = (capture.server.address() as AddressInfo).port;
  capture.url = `http://127.0.0.1:${capture.port}`;
  return capture;
}

let h: Harness;
let capture: Capture;
beforeAll(async () => {
  h = await startHarness();
  capture = await startCapture();
});
afterAll(async () => {
  capture.server.closeAllConnections();
  await new Promise((resolve) => capture.server.close(resolve));
  await h.stop();
});
beforeEach(() => {
  capture.seen = [];
  capture.answer = (_req, res) => res.end('AKIA-METADATA-SECRET');
});

const targets = () => [
  `${capture.url}/latest/meta-data/iam/security-credentials/`,
  `http://localhost:${capture.port}/latest/meta-data/`,
  `http://[::ffff:127.0.0.1]:${capture.port}/latest/meta-data/`,
];

describe('pre-signed URLs the platform hands out', () => {
  it('does not fetch an export fileUrl on loopback and tells the person the file could not be fetched', async () => {
    for (const target of targets()) {
      h.sandbox.admin.inject({ endpoint: 'GET /export', status: 200, body: { data: { fileUrl: target } } });
      const before = h.standin.callsTo('chat.update').length;
      const uploads = h.standin.uploads().length;
      await h.driver.command({ command: '/reading', text: 'Main Energy Meter yesterday export' });
      const told = await waitFor(
        () =>
          h.standin
            .messages('C0GENERAL')
            .find((m) => m.ephemeralTo && m.text.includes('The file could not be fetched')) ??
          h.standin
            .callsTo('chat.update')
            .slice(before)
            .find((c) => String(c.args.text).includes('could not be fetched')),
        { timeoutMs: 15_000, message: `no "could not be fetched" for ${target}` },
      );
      expect(told).toBeTruthy();
      await h.app.whenIdle();
      expect(capture.seen).toEqual([]);
      expect(h.standin.uploads().length).toBe(uploads);
    }
  });

  it('does not fetch a platform file whose download URL is on loopback, and says it could not download it', async () => {
    const fileId = h.sandbox.admin.state.files.find((f) => f.name.endsWith('.pdf'))!.id;
    const res = await fetch(`${h.sandbox.url}/files/${fileId}`, {
      headers: { 'x-api-key': h.sandbox.keys.full },
    });
    const record = ((await res.json()) as { data: Record<string, unknown> }).data;
    h.sandbox.admin.inject({
      endpoint: `GET /files/${fileId}`,
      status: 200,
      body: { data: { ...record, file: targets()[0] } },
    });
    const uploads = h.standin.uploads().length;
    const card = h.standin.addMessage({
      channel: 'C0GENERAL',
      text: 'task card',
      blocks: [{ type: 'actions', elements: [fileSendButton(fileId, 'Show report')] }],
    });
    await h.driver.blockAction({ actionId: 'file_send', message: card });
    const reply = await waitFor(() =>
      h.standin.messages('C0GENERAL').find((m) => m.ephemeralTo && m.text.includes('Could not download')),
    );
    expect(reply.text).toContain(String(record.name));
    await h.app.whenIdle();
    expect(capture.seen).toEqual([]);
    expect(h.standin.uploads().length).toBe(uploads);
  });

  it('still downloads from the platform’s own origin (the sandbox on loopback)', async () => {
    const fileId = h.sandbox.admin.state.files.find((f) => f.name.endsWith('.pdf'))!.id;
    const record = await h.deps.sharedMonitoring.files.get(fileId);
    const { body } = await h.deps.sharedMonitoring.download(record.file);
    let bytes = 0;
    for await (const chunk of body) bytes += chunk.length;
    expect(bytes).toBeGreaterThan(0);
  });
});

describe('the guarded sender', () => {
  it('re-checks every redirect hop: a trusted origin redirecting to loopback elsewhere is refused', async () => {
    const trusted = await startCapture();
    trusted.answer = (_req, res) => {
      res.writeHead(302, { location: `${capture.url}/latest/meta-data/` });
      res.end();
    };
    const sender = createPresignedHttp({ platformUrl: trusted.url, retry: { maxRetries: 0 } });
    try {
      const err = await sender
        .send({ method: 'GET', url: `${trusted.url}/_storage/x`, failCode: () => 'NO_ACCESS' })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isMonitoringError(err) && err.code).toBe('UNSAFE_URL');
      expect(trusted.seen).toHaveLength(1);
      expect(capture.seen).toEqual([]);
    } finally {
      await sender.close();
      trusted.server.closeAllConnections();
      trusted.server.close();
    }
  });

  it('refuses a redirect whose Location is not a URL, and reports a 3xx without Location with its status', async () => {
    const sender = createPresignedHttp({ platformUrl: capture.url, retry: { maxRetries: 0 } });
    try {
      capture.answer = (_req, res) => {
        res.writeHead(302, { location: 'http://[' });
        res.end();
      };
      const bad = await sender
        .send({ method: 'GET', url: `${capture.url}/bad-location`, failCode: () => 'NO_ACCESS' })
        .catch((e: unknown) => e);
      expect(isMonitoringError(bad) && bad.code).toBe('UNSAFE_URL');
      capture.answer = (_req, res) => {
        res.writeHead(302, { 'content-type': 'text/plain' });
        res.end('moved, somewhere');
      };
      const bare = await sender
        .send({ method: 'GET', url: `${capture.url}/no-location`, failCode: () => 'NO_ACCESS' })
        .catch((e: unknown) => e);
      expect(isMonitoringError(bare) && [bare.code, bare.status, bare.body]).toEqual([
        'NO_ACCESS',
        302,
        'moved, somewhere',
      ]);
    } finally {
      await sender.close();
    }
  });

  it.each(['PUT', 'POST'] as const)(
    'sends no %s (import upload, signed upload form) to a loopback address that is not the platform',
    async (method) => {
      const sender = createPresignedHttp({ platformUrl: 'http://127.0.0.1:9', retry: { maxRetries: 0 } });
      try {
        const err = await sender
          .send({
            method,
            url: `${capture.url}/upload?sig=x`,
            body: 'timestamp,a\n',
            failCode: () => 'UPLOAD_FAILED',
          })
          .catch((e: unknown) => e);
        expect(isMonitoringError(err) && err.code).toBe('UNSAFE_URL');
        expect(capture.seen).toEqual([]);
      } finally {
        await sender.close();
      }
    },
  );

  it('refuses other schemes and caps the size of an answer, declared or streamed', async () => {
    const sender = createPresignedHttp({
      platformUrl: capture.url,
      maxBytes: 1_000,
      retry: { maxRetries: 0 },
    });
    try {
      const other = await sender
        .send({ method: 'GET', url: 'file:///etc/passwd', failCode: () => 'NO_ACCESS' })
        .catch((e: unknown) => e);
      expect(isMonitoringError(other) && other.code).toBe('UNSAFE_URL');
      capture.answer = (_req, res) => res.end(Buffer.alloc(5_000, 'a'));
      await expect(
        sender.send({ method: 'GET', url: `${capture.url}/declared`, failCode: () => 'NO_ACCESS' }),
      ).rejects.toThrow(/larger than 1000 bytes/);
      capture.answer = (_req, res) => {
        res.write(Buffer.alloc(800, 'a'));
        res.end(Buffer.alloc(800, 'a'));
      };
      const res = await sender.send({
        method: 'GET',
        url: `${capture.url}/streamed`,
        failCode: () => 'NO_ACCESS',
      });
      const read = async () => {
        for await (const chunk of res.body) void chunk;
      };
      await expect(read()).rejects.toThrow(/larger than 1000 bytes/);
    } finally {
      await sender.close();
    }
  });

  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fd00:ec2::254', false],
    ['fe80::1', false],
    ['::ffff:10.0.0.1', false],
    ['93.184.216.34', true],
    ['2606:4700::1111', true],
  ])('judges %s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
