/** Reads /metrics the way Prometheus does, and sums series of the text format by name and labels. */
import { expect } from 'vitest';

export const METRICS_TOKEN = 'test-metrics-token-0123456789abcdef';

export async function scrape(url: string, token = METRICS_TOKEN): Promise<string> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** `name{a="1",b="2"} 3` → labels and value. */
function parseLine(
  line: string,
): { name: string; labels: Record<string, string>; value: number } | undefined {
  const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
  if (!m) return undefined;
  const labels: Record<string, string> = {};
  for (const pair of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
  return { name: m[1]!, labels, value: Number(m[3]) };
}

/** The sum of every series of `name` whose labels include `labels`. */
export function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const s = parseLine(line);
    if (!s || s.name !== name) continue;
    if (Object.entries(labels).every(([k, v]) => s.labels[k] === v)) sum += s.value;
  }
  return sum;
}

/** Every label value of every series (to prove none is an id). */
export function labelValues(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .flatMap((l) => Object.values(parseLine(l)?.labels ?? {}));
}
