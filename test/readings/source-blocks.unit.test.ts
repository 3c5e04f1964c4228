/** The /source and /reading renderers give valid Block Kit whatever the platform sends: hostile names, many metrics. */
import { describe, expect, it } from 'vitest';
import type { DataSource, MetricDef } from '../../src/monitoring/api.ts';
import { metricCatalog } from '../../src/readings/rules/metric-catalog.ts';
import type { ReadingReport } from '../../src/readings/service/reading-report.ts';
import { validateBlocks, validateView } from '../../src/slack-standin/block-kit.ts';
import { renderSourceChoice } from '../../src/readings/render/reading-choice.ts';
import { renderReadingEntryView } from '../../src/readings/render/reading-entry-view.ts';
import {
  renderCsvRejected,
  renderImportOffer,
  renderImportView,
} from '../../src/readings/render/reading-import.ts';
import { renderReadingReport } from '../../src/readings/render/reading-report.ts';
import { renderDeviceStatusView } from '../../src/readings/render/source-device-status.ts';
import { renderSourceDetail } from '../../src/readings/render/source-detail.ts';
import { renderSourceList } from '../../src/readings/render/source-list.ts';

const HOSTILE = `<!channel> & <@U123> ${'x'.repeat(400)}`;
const NOW = Date.parse('2026-11-21T06:00:00Z');

function metric(i: number): MetricDef {
  return {
    metricId: String(1000 + i),
    name: `${HOSTILE} ${i}`,
    displayName: `${HOSTILE} ${i}`,
    uom: null,
    unitLabel: '<kW>',
    isRequired: i === 0,
  };
}

function source(over: Partial<DataSource> = {}): DataSource {
  return {
    id: '1001',
    name: HOSTILE,
    description: HOSTILE,
    externalId: null,
    type: { id: '31', name: 'Camera' },
    applying: { id: '7', name: 'AI Vision' },
    site: { id: '101', name: HOSTILE, channelId: null },
    offset: 60,
    timezoneId: null,
    tzTimezoneName: 'Europe/Berlin',
    inactiveThreshold: 3600,
    validationStatus: { id: '20', name: 'Valid' },
    activityStatus: { id: '10', name: HOSTILE },
    collector: { id: '9', name: HOSTILE },
    collectorType: { id: '1', name: 'Pull' },
    collectionEnabled: true,
    readingInterval: 900,
    channelId: null,
    companyId: '42',
    isShared: false,
    metrics: Array.from({ length: 120 }, (_, i) => metric(i)),
    schemaMissing: false,
    lastReading: {
      meterId: 1001,
      eventDate: '2026-11-21T02:00:00.000000Z',
      values: { '1000': 5, '1001': HOSTILE },
    },
    deviceStatus: { battery: 12, onLine: false, version: HOSTILE, reportedAt: '2026-11-21T01:00:00Z' },
    ...over,
  };
}

function report(s: DataSource): ReadingReport {
  const catalog = metricCatalog(s);
  return {
    source: s,
    zone: 'Europe/Berlin',
    spec: { kind: 'default' },
    range: {
      startMs: NOW - 86_400_000,
      endMs: NOW,
      startLocal: '2026-11-20T07:00:00',
      endLocal: '2026-11-21T07:00:00',
      label: 'last 24 h',
      slug: 'last-24h',
    },
    summary: { rows: 10, badTimestamps: 0, firstMs: NOW - 1000, lastMs: NOW, metrics: [] },
    metrics: catalog.map((info, i) => ({
      info,
      stats: {
        metricId: info.metricId,
        count: 10,
        gaps: 1,
        textCount: 0,
        min: -1e9,
        max: 1e9,
        mean: 0.00001,
        latest: { value: i % 2 ? HOSTILE : 1.5, atMs: NOW },
      },
      lastKnown: null,
    })),
    chart: null,
    named: true,
  };
}

function mrkdwnOf(blocks: unknown): string {
  const out: string[] = [];
  JSON.stringify(blocks, (_k, v: unknown) => {
    if (v && typeof v === 'object' && 'type' in v && v.type === 'mrkdwn' && 'text' in v)
      out.push(String(v.text));
    return v;
  });
  return out.join('\n');
}

describe('source renderers', () => {
  it('list, detail and choice are valid and escape platform text', () => {
    const row = {
      id: '1',
      name: HOSTILE,
      validationStatus: 30,
      type: { id: '1', name: 'x' },
      site: { id: '1', name: HOSTILE, channelId: null },
      applying: { id: '7', name: 'AI Vision' },
      channelId: null,
      isShared: false,
    };
    const list = renderSourceList(
      HOSTILE,
      { hits: Array.from({ length: 8 }, () => ({ row, detail: source() })), next: 'c'.repeat(100) },
      NOW,
      true,
      'more',
    );
    const detail = renderSourceDetail(source(), NOW);
    const bare = renderSourceDetail(
      source({
        metrics: null,
        schemaMissing: true,
        deviceStatus: null,
        applying: { id: '1', name: 'Sensor' },
        type: { id: '11', name: 'Meter' },
      }),
      NOW,
    );
    const choice = renderSourceChoice(
      HOSTILE,
      Array.from({ length: 30 }, () => row),
      { spec: { kind: 'today' }, export: true },
    );
    for (const m of [list, detail, bare, choice]) {
      expect(validateBlocks(m.blocks, 'message')).toEqual([]);
      // mrkdwn is where a mention would fire; plain_text and button values are never parsed for mentions
      expect(mrkdwnOf(m.blocks)).not.toContain('<!channel>');
      expect(mrkdwnOf(m.blocks)).toContain('&lt;!channel&gt;');
    }
    expect(JSON.stringify(detail.blocks)).toContain('Report device status');
    expect(JSON.stringify(bare.blocks)).not.toContain('Report device status');
    expect(JSON.stringify(bare.blocks)).toContain('no schema');
  });

  it('reading answers with many metrics stay within 50 blocks', () => {
    const m = renderReadingReport(report(source()));
    expect(m.blocks.length).toBeLessThanOrEqual(50);
    expect(validateBlocks(m.blocks, 'message')).toEqual([]);
    expect(JSON.stringify(m.blocks)).toContain('80 more metrics not shown');
  });

  it('modals are valid with 120 metrics, hostile names and many files', () => {
    const s = source();
    expect(
      validateView(
        renderReadingEntryView(s, metricCatalog(s), 'Europe/Berlin', { sourceId: s.id, channel: 'C1' }),
      ),
    ).toEqual([]);
    expect(validateView(renderDeviceStatusView(s, { sourceId: s.id, channel: null }))).toEqual([]);
    const files = Array.from({ length: 40 }, (_, i) => ({ id: `F${i}`, name: `${HOSTILE}.csv` }));
    expect(validateView(renderImportView({ files, channel: 'C1', ts: '1.2' }))).toEqual([]);
    const offer = renderImportOffer({ f: [['F1', 'a.csv']], c: 'D1', ts: '1.2' }, [HOSTILE]);
    expect(validateBlocks(offer.blocks, 'message')).toEqual([]);
  });

  it('a rejection lists its problems by line and stays valid', () => {
    const problems = Array.from({ length: 15 }, (_, i) => ({
      line: i + 2,
      message: `timestamp "${HOSTILE}" does not match`,
    }));
    const m = renderCsvRejected(HOSTILE, HOSTILE, problems, 100);
    expect(validateBlocks(m.blocks, 'message')).toEqual([]);
    expect(JSON.stringify(m.blocks)).toContain('line 16:');
    expect(JSON.stringify(m.blocks)).toContain('and 100 more');
  });
});
