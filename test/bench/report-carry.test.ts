/**
 * A benchmark run of a subset (`npm run bench -- --only=poller`) keeps the sections it did not repeat, the ack
 * latency section included, and still lists their misses (bench/report.ts, bench/lib/carry-over.ts).
 */
import { describe, expect, it } from 'vitest';
import { carryOver } from '../../bench/lib/carry-over.ts';
import { renderReport } from '../../bench/report.ts';

const previous = `# Benchmarks

Written by \`npm run bench\` on 2026-11-28T01:10:25.075Z; the run took 520.0 s.

## Summary

| benchmark | figure | target | verdict |
| --- | --- | --- | --- |
| ack latency 50/s | p99 1.52× bare, 0 over 2500 ms | ≤ 1.3×, 0 over | **MISSED** |
| CPU per request 50/s | 5.5 ms = 0.39× the 14.1 ms baseline | ≤ 7.05 ms (halved) | **met** |

## Targets missed

- **ack latency 50/s**: p99 1.52× bare, 0 over 2500 ms (target ≤ 1.3×, 0 over).

## 1. Ack latency

The ack table.

### Acks by what they said

The outcome table.

## 2. Poller scale

Poller figures.
`;

describe('a run of a subset', () => {
  it('keeps the ack latency section and its summary rows, and lists its miss as still missed', () => {
    const carried = carryOver(
      previous,
      ['## 1. Ack latency', '## 2. Poller'],
      ['ack latency', 'CPU per request', 'saturation', 'poller'],
    );
    const markdown = renderReport({
      machine: { cpu: 'cpu', cores: 2, memoryGiB: 1, node: 'v20', os: 'linux', date: '2026-11-28T02:00:00Z' },
      mode: 'full',
      load: { before: [0, 0, 0], after: [0, 0, 0] },
      totalMs: 1,
      carried,
    });
    expect(markdown).toContain(
      '| ack latency 50/s | p99 1.52× bare, 0 over 2500 ms | ≤ 1.3×, 0 over | **MISSED** |',
    );
    expect(markdown).toContain(
      '- **ack latency 50/s**: p99 1.52× bare, 0 over 2500 ms (target ≤ 1.3×, 0 over; not re-run this time).',
    );
    expect(markdown).not.toContain('None.');
    const ack = markdown.indexOf('## 1. Ack latency');
    expect(ack).toBeGreaterThan(markdown.indexOf('## Targets missed'));
    expect(markdown.slice(ack)).toContain('### Acks by what they said');
    expect(markdown.indexOf('## 2. Poller scale')).toBeGreaterThan(ack);
  });
});
