/**
 * Draws the readings chart as SVG: one panel per numeric metric (each with its own y scale, because
 * units differ), x axis in the site's wall clock. Pure: the same input gives the same bytes. The input is
 * already downsampled, so the output size is bounded by buckets × series.
 */
import type { Bucket, SeriesBuckets } from './downsample.ts';
import { formatWallClock } from './wall-clock.ts';

export interface ChartSeries extends SeriesBuckets {
  label: string;
  unit: string | null;
}

export interface ChartInput {
  title: string;
  subtitle: string;
  /** IANA zone the axis is labelled in. */
  zone: string;
  startMs: number;
  endMs: number;
  bucketMs: number;
  series: ChartSeries[];
}

const WIDTH = 960;
const LEFT = 78;
const RIGHT = 24;
const TOP = 76;
const PANEL_H = 140;
const PANEL_GAP = 34;
const BOTTOM = 34;
const COLORS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0a7ea4', '#57606a'];

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Round tick values ("nice numbers") covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, target = 4): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (lo === hi) return [lo];
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9 && ticks.length < 12; v += step) {
    ticks.push(Number(v.toPrecision(12)));
  }
  return ticks;
}

function fmtNumber(v: number): string {
  const abs = Math.abs(v);
  if (abs !== 0 && (abs >= 1e6 || abs < 1e-3)) return v.toExponential(2);
  return String(Number(v.toPrecision(6)));
}

function fmt(n: number): string {
  return n.toFixed(1);
}

export function timeTicks(input: ChartInput): { x: number; label: string }[] {
  const span = input.endMs - input.startMs;
  const pattern = span <= 2 * 86_400_000 ? 'HH:mm' : span <= 14 * 86_400_000 ? 'MM-dd HH:mm' : 'yyyy-MM-dd';
  const plotW = WIDTH - LEFT - RIGHT;
  const ticks: { x: number; label: string }[] = [];
  for (let i = 0; i <= 6; i++) {
    const at = input.startMs + (span * i) / 6;
    ticks.push({ x: LEFT + (plotW * i) / 6, label: formatWallClock(at, input.zone, pattern) });
  }
  return ticks;
}

/** A bucket's place on the time axis: 0 for the range's first bucket. The picture depends on it, not on clock time. */
export function slotOf(bucket: Bucket, input: ChartInput): number {
  return Math.round((bucket.startMs - input.startMs) / input.bucketMs);
}

interface Placed {
  b: Bucket;
  slot: number;
}

function runs(series: ChartSeries, input: ChartInput): Placed[][] {
  const placed = series.buckets.map((b) => ({ b, slot: slotOf(b, input) }));
  // A gap is a step longer than the source's usual spacing (the median step): an hourly meter drawn in
  // 6-minute buckets has 9 empty buckets between readings and must still draw a line, not dots.
  const steps = placed
    .slice(1)
    .map((p, i) => p.slot - (placed[i]?.slot ?? 0))
    .sort((p, q) => p - q);
  const usual = Math.max(1, steps[Math.floor(steps.length / 2)] ?? 1);
  const out: Placed[][] = [];
  placed.forEach((p, i) => {
    const step = i === 0 ? Infinity : p.slot - (placed[i - 1]?.slot ?? 0);
    if (step > usual * 1.5) out.push([]);
    out[out.length - 1]?.push(p);
  });
  return out;
}

function panel(series: ChartSeries, index: number, input: ChartInput): string {
  const top = TOP + index * (PANEL_H + PANEL_GAP);
  const plotW = WIDTH - LEFT - RIGHT;
  const color = COLORS[index % COLORS.length] ?? '#1f6feb';
  const values = series.buckets.flatMap((b) => [b.min, b.max]);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!Number.isFinite(lo)) [lo, hi] = [0, 1];
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const pad = (hi - lo) * 0.05;
  [lo, hi] = [lo - pad, hi + pad];
  const y = (v: number) => top + PANEL_H - ((v - lo) / (hi - lo)) * PANEL_H;
  // a bucket is drawn at its middle
  const x = (slot: number) =>
    LEFT + (((slot + 0.5) * input.bucketMs) / (input.endMs - input.startMs)) * plotW;
  const parts: string[] = [];
  const unit = series.unit ? ` (${series.unit})` : '';
  parts.push(`<text x="${LEFT}" y="${top - 8}" class="label">${xmlEscape(series.label + unit)}</text>`);
  parts.push(`<rect x="${LEFT}" y="${top}" width="${plotW}" height="${PANEL_H}" class="frame"/>`);
  for (const t of niceTicks(lo, hi)) {
    const ty = fmt(y(t));
    parts.push(`<line x1="${LEFT}" x2="${LEFT + plotW}" y1="${ty}" y2="${ty}" class="grid"/>`);
    parts.push(
      `<text x="${LEFT - 6}" y="${ty}" class="tick" text-anchor="end" dy="4">${fmtNumber(t)}</text>`,
    );
  }
  // per run of adjacent buckets: a min–max band (spikes stay visible) and a midline; a missing bucket
  // breaks the run, so gaps in the data show as gaps in the chart
  for (const run of runs(series, input)) {
    const xs = run.map((p) => fmt(x(p.slot)));
    if (run.length === 1) {
      const b = run[0]?.b;
      if (b)
        parts.push(
          `<line x1="${xs[0]}" x2="${xs[0]}" y1="${fmt(y(b.min) + 2)}" y2="${fmt(y(b.max) - 2)}" stroke="${color}" stroke-width="3"/>`,
        );
      continue;
    }
    const upper = run.map(({ b }, i) => `${xs[i]} ${fmt(y(b.max))}`);
    const lower = run.map(({ b }, i) => `${xs[i]} ${fmt(y(b.min))}`).reverse();
    parts.push(
      `<path d="M${upper.join('L')}L${lower.join('L')}Z" fill="${color}" fill-opacity="0.22" stroke="none"/>`,
    );
    const mid = run.map(({ b }, i) => `${xs[i]} ${fmt(y((b.min + b.max) / 2))}`);
    parts.push(
      `<path d="M${mid.join('L')}" fill="none" stroke="${color}" stroke-width="1.5" stroke-linejoin="round"/>`,
    );
  }
  return parts.join('');
}

export function renderChartSvg(input: ChartInput): string {
  const n = Math.max(1, input.series.length);
  const height = TOP + n * (PANEL_H + PANEL_GAP) - PANEL_GAP + BOTTOM;
  const axisY = height - BOTTOM + 18;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    '<style>text{font-family:DejaVu Sans,Arial,sans-serif;fill:#24292f}.title{font-size:17px;font-weight:bold}' +
      '.sub{font-size:12px;fill:#57606a}.label{font-size:13px;font-weight:bold}.tick{font-size:11px;fill:#57606a}' +
      '.frame{fill:none;stroke:#d0d7de}.grid{stroke:#eaeef2}</style>',
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="24" class="title">${xmlEscape(input.title)}</text>`,
    `<text x="${LEFT}" y="42" class="sub">${xmlEscape(input.subtitle)}</text>`,
  ];
  input.series.forEach((s, i) => parts.push(panel(s, i, input)));
  if (input.series.length === 0) {
    parts.push(
      `<text x="${WIDTH / 2}" y="${TOP + PANEL_H / 2}" class="sub" text-anchor="middle">no numeric readings</text>`,
    );
  }
  const ticks = timeTicks(input);
  ticks.forEach((t, i) => {
    const anchor = i === 0 ? 'start' : i === ticks.length - 1 ? 'end' : 'middle';
    parts.push(
      `<text x="${fmt(t.x)}" y="${axisY}" class="tick" text-anchor="${anchor}">${xmlEscape(t.label)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
