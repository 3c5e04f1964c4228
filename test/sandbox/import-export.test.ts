import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { rows, startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

async function importUrl(meterId: string, format?: string): Promise<string> {
  const q = format ? `&timestampFormat=${encodeURIComponent(format)}` : '';
  const data = (await api.data(`/import?meterId=${meterId}${q}`)) as { fileUrl: string };
  expect(data.fileUrl.startsWith(`${api.sandbox.url}/`)).toBe(true);
  return data.fileUrl;
}

async function waitForImport(index: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const run = api.sandbox.admin.written().imports[index];
    if (run && run.state !== 'waiting' && run.state !== 'received') return run.state;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('import did not finish');
}

describe('CSV import', () => {
  it('accepts a raw PUT once, then parses columns by header name in the background', async () => {
    const url = await importUrl('1008', 'MM/DD/YYYY HH:mm:ss');
    const csv =
      'Submitted By,Breaker State,timestamp,Active Power,Submission Id\nana,OPEN,11/20/2026 08:00:00,123.5,77\n';
    expect((await fetch(url, { method: 'PUT', body: csv })).status).toBe(200);
    expect((await fetch(url, { method: 'PUT', body: csv })).status).toBe(403);
    expect(await waitForImport(0)).toBe('done');
    // Chicago is UTC-6 in November: 08:00 local is 14:00Z.
    const [row] = rows(
      await api.data('/reading?meterId=1008&startTime=2026-11-20T14:00:00Z&endTime=2026-11-20T14:00:00Z'),
    );
    expect(row).toMatchObject({ '1101': 123.5, '1104': 'OPEN', '1102': null });
    expect(api.sandbox.admin.written().imports[0]?.errors).toEqual([]);
  });

  it('refuses POST and multipart uploads to the import URL', async () => {
    const url = await importUrl('1008');
    expect((await fetch(url, { method: 'POST', body: 'timestamp\n' })).ok).toBe(false);
    const fd = new FormData();
    fd.append('file', new Blob(['timestamp,Active Power\n2026-11-20T08:00:00,1\n']), 'a.csv');
    expect((await fetch(url, { method: 'PUT', body: fd })).ok).toBe(false);
  });

  it('discards an empty file silently', async () => {
    const url = await importUrl('1008');
    expect((await fetch(url, { method: 'PUT', body: '' })).status).toBe(200);
    expect(api.sandbox.admin.written().imports.at(-1)?.state).toBe('discarded');
  });
});

describe('GET /export', () => {
  async function exportCsv(meterId: string, q: string): Promise<string[]> {
    const data = (await api.data(`/export?meterId=${meterId}${q}`)) as { fileUrl: string };
    const res = await fetch(data.fileUrl);
    expect(res.status).toBe(200);
    return (await res.text()).trim().split('\n');
  }

  it('writes timestamps in the site time zone (Berlin +01:00, Kolkata +05:30), oldest first, without a key', async () => {
    const berlin = await exportCsv(
      '1001',
      '&startTime=2026-11-21T10:00:00&endTime=2026-11-21T10:30:00&limit=1&sortDesc=true',
    );
    expect(berlin[0]).toBe('timestamp,Active Power,Energy,Power Factor,Breaker State,Load Factor');
    expect(berlin.slice(1).map((l) => l.split(',')[0])).toEqual([
      '2026-11-21T10:00:00+01:00',
      '2026-11-21T10:15:00+01:00',
      '2026-11-21T10:30:00+01:00',
    ]);
    const pune = api.sandbox.admin.state.sources.find((s) => s.name === 'Press Shop Energy')?.id ?? '';
    const kolkata = await exportCsv(pune, '&startTime=2026-11-21T10:00:00Z&endTime=2026-11-21T10:00:00Z');
    expect(kolkata[1]?.startsWith('2026-11-21T15:30:00+05:30,')).toBe(true);
  });

  it('round-trips a form export through import, ignoring the submission columns', async () => {
    const form = api.sandbox.admin.state.sources.find((s) => s.name === 'Shift Handover Checklist')?.id ?? '';
    const lines = await exportCsv(form, '&startTime=2026-11-19T00:00:00&endTime=2026-11-21T00:00:00');
    expect(lines[0]).toBe(
      'timestamp,Inspector,Oil Level,Result,Notes,Submission Id,Submitted By,Submitted At',
    );
    const before = api.sandbox.admin.written().imports.length;
    const url = await importUrl(form);
    expect((await fetch(url, { method: 'PUT', body: lines.join('\n') })).status).toBe(200);
    expect(await waitForImport(before)).toBe('done');
    expect(api.sandbox.admin.written().imports[before]).toMatchObject({ rows: lines.length - 1, errors: [] });
  });

  it('answers {data: null} when the range holds no readings', async () => {
    expect(
      await api.data('/export?meterId=1001&startTime=2020-01-01T00:00:00&endTime=2020-01-02T00:00:00'),
    ).toBeNull();
  });
});

describe('daylight saving', () => {
  it('switches the export offset from +01:00 to +02:00 across the Berlin DST change', async () => {
    // 2026-03-29 01:00Z: Berlin jumps from 02:00 CET to 03:00 CEST.
    const dst = await startSandbox({ now: () => Date.UTC(2026, 2, 29, 6), seed: { days: 1 } });
    try {
      const res = await fetch(
        `${dst.url}/export?meterId=1001&startTime=2026-03-29T00:30:00Z&endTime=2026-03-29T01:30:00Z`,
        {
          headers: { 'x-api-key': dst.keys.full },
        },
      );
      const { data } = (await res.json()) as { data: { fileUrl: string } };
      const lines = (await (await fetch(data.fileUrl)).text()).trim().split('\n');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
        '2026-03-29T01:30:00+01:00',
        '2026-03-29T01:45:00+01:00',
        '2026-03-29T03:00:00+02:00',
        '2026-03-29T03:15:00+02:00',
        '2026-03-29T03:30:00+02:00',
      ]);
    } finally {
      await dst.close();
    }
  });
});
