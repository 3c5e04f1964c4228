/**
 * Draws the readings chart as SVG: one panel per numeric metric, stacked (each with its own y scale, because
 * units differ), x axis in the site's wall clock, shaped and lettered to be read on a phone. Pure: the same input gives the same bytes. The input is
 * already downsampled, so the output size is bounded by buckets × series.
 */
import { TZDate } from '@date-fns/tz';
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

/**
 * Phone-shaped: Slack shows an image at the width of the screen, about 324 px on a phone, so the canvas is 480 units
 * wide and the smallest type 17 units (about 11 px on that phone, 17 on a desktop's full view). One panel per metric,
 * stacked, each with its own time labels; few ticks. The PNG is rasterised at twice this size (../chart/chart-png.ts).
 */
export const CHART_WIDTH = 480;
const WIDTH = CHART_WIDTH;
const RIGHT = 18;
const PAD = 16;
const PANEL_H = 150;
/** From a panel's plot bottom to the next plot's top: its time labels, then the next metric's name. */
const PANEL_GAP = 78;
const BOTTOM = 38;
const FONT = { title: 22, sub: 17, label: 18, tick: 17 } as const;
/** Average advance of DejaVu Sans per unit of font size (bold a little wider): enough to wrap and fit labels. */
const ADVANCE = { regular: 0.6, bold: 0.68 } as const;
/** At most this many time labels under a panel. */
export const MAX_TIME_TICKS = 5;
const COLORS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0a7ea4', '#57606a'];

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Round tick values ("nice numbers") covering [lo, hi], about `target` of them and at least three when it can. */
export function niceTicks(lo: number, hi: number, target = 4): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (lo === hi) return [lo];
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const factors = [0.5, 1, 2, 2.5, 5, 10];
  const build = (step: number) => {
    const ticks: number[] = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9 && ticks.length < 12; v += step) {
      ticks.push(Number(v.toPrecision(12)));
    }
    return ticks;
  };
  let i = factors.findIndex((f) => f * mag >= raw);
  if (i < 0) i = factors.length - 1;
  let ticks = build((factors[i] ?? 1) * mag);
  // a range just over a round step would get one or two ticks: take the next smaller step
  while (ticks.length < 3 && i > 0) ticks = build((factors[--i] ?? 1) * mag);
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

/** `text` in lines of at most `chars` characters, broken at spaces, at most `lines` of them (the last cut with …). */
export function wrapText(text: string, chars: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (Array.from(next).length <= chars || line === '') line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  const kept = out.slice(0, lines);
  const last = kept.length - 1;
  const cut = (t: string) =>
    Array.from(t).length > chars
      ? `${Array.from(t)
          .slice(0, chars - 1)
          .join('')}…`
      : t;
  return kept.map((t, i) => (i === last && out.length > lines ? cut(`${t} …`) : cut(t)));
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Tick steps, smallest first: minutes, hours (as minutes), days, months. */
const STEPS: readonly { unit: 'minute' | 'day' | 'month'; n: number }[] = [
  ...[1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720].map((n) => ({ unit: 'minute' as const, n })),
  ...[1, 2, 7, 14].map((n) => ({ unit: 'day' as const, n })),
  ...[1, 2, 3, 6].map((n) => ({ unit: 'month' as const, n })),
];

function approxMs(step: (typeof STEPS)[number]): number {
  return step.unit === 'minute' ? step.n * MINUTE : step.unit === 'day' ? step.n * DAY : step.n * 30.44 * DAY;
}

/** Wall-clock fields of `ms` in `zone`, as a UTC date used only to count in wall-clock terms. */
function wallOf(ms: number, zone: string): Date {
  const [y, mo, d, h, mi] = formatWallClock(ms, zone, 'yyyy MM dd HH mm').split(' ').map(Number);
  return new Date(Date.UTC(y ?? 1970, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0));
}

function instantOf(wall: Date, zone: string): number {
  return new TZDate(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    0,
    0,
    zone,
  ).getTime();
}

/** The first wall-clock time at or before `wall` on the step's grid (whole multiples of the step). */
function alignDown(wall: Date, step: (typeof STEPS)[number]): Date {
  const w = new Date(wall);
  if (step.unit === 'minute') {
    const ofDay = w.getUTCHours() * 60 + w.getUTCMinutes();
    w.setUTCHours(0, ofDay - (ofDay % step.n), 0, 0);
  } else if (step.unit === 'day') {
    w.setUTCHours(0, 0, 0, 0);
    // 7 and 14 days start on a Monday; 2 days on every other day counted from 1970-01-01
    const days = Math.round(w.getTime() / DAY) - (step.n >= 7 ? 4 : 0);
    w.setUTCDate(w.getUTCDate() - (((days % step.n) + step.n) % step.n));
  } else {
    w.setUTCHours(0, 0, 0, 0);
    w.setUTCDate(1);
    w.setUTCMonth(w.getUTCMonth() - (w.getUTCMonth() % step.n));
  }
  return w;
}

function advance(wall: Date, step: (typeof STEPS)[number]): Date {
  const w = new Date(wall);
  if (step.unit === 'minute') w.setUTCMinutes(w.getUTCMinutes() + step.n);
  else if (step.unit === 'day') w.setUTCDate(w.getUTCDate() + step.n);
  else w.setUTCMonth(w.getUTCMonth() + step.n);
  return w;
}

/** The instants in [from, to] on the step's wall-clock grid in `zone` (a daylight-saving day keeps the grid). */
function gridTicks(
  from: number,
  to: number,
  zone: string,
  step: (typeof STEPS)[number],
  max: number,
): number[] {
  const out = new Set<number>();
  for (let w = alignDown(wallOf(from, zone), step); ; w = advance(w, step)) {
    const at = instantOf(w, zone);
    if (at > to) break;
    if (at >= from) out.add(at);
    if (out.size > max) break;
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Time labels on whole wall-clock steps of the site (06:00, 12:00; Mondays; the 1st of a month), at most
 * MAX_TIME_TICKS of them. Placed from the range's start to the minute, so the same range asked a few seconds later
 * is the same picture (../chart/chart-cache.ts keys on these labels).
 */
export function timeTicks(input: ChartInput, plot = plotBox(input)): { x: number; label: string }[] {
  const span = input.endMs - input.startMs;
  const from = Math.floor(input.startMs / MINUTE) * MINUTE;
  const to = from + span;
  const x = (at: number) => plot.left + ((at - from) / span) * plot.width;
  for (const step of STEPS) {
    if (span / approxMs(step) > MAX_TIME_TICKS + 1) continue;
    const ticks = gridTicks(from, to, input.zone, step, MAX_TIME_TICKS);
    if (ticks.length < 2 || ticks.length > MAX_TIME_TICKS) continue;
    return ticks.map((at) => ({ x: x(at), label: tickLabel(at, input.zone, step, span) }));
  }
  // shorter than any step: its two ends
  return [from, to].map((at) => ({ x: x(at), label: formatWallClock(at, input.zone, 'HH:mm') }));
}

function tickLabel(at: number, zone: string, step: (typeof STEPS)[number], span: number): string {
  if (step.unit === 'month') return formatWallClock(at, zone, 'yyyy-MM');
  if (step.unit === 'day') return formatWallClock(at, zone, 'MM-dd');
  const time = formatWallClock(at, zone, 'HH:mm');
  // over more than a day (a 25-hour day is one day), midnight says which day it starts
  return span > DAY + 2 * 3_600_000 && time === '00:00' ? formatWallClock(at, zone, 'MM-dd') : time;
}

interface PlotBox {
  left: number;
  width: number;
}

/** The plot's left edge leaves room for the widest value label of any panel. */
function plotBox(input: ChartInput): PlotBox {
  const widest = Math.max(
    3,
    ...input.series.flatMap((s) => valueTicks(s).ticks.map((t) => Array.from(fmtNumber(t)).length)),
  );
  const left = Math.min(150, Math.max(48, Math.ceil(12 + widest * FONT.tick * ADVANCE.regular)));
  return { left, width: WIDTH - left - RIGHT };
}

/** A panel's value scale: its padded [lo, hi] and three or so round ticks. */
function valueTicks(series: ChartSeries): { lo: number; hi: number; ticks: number[] } {
  const values = series.buckets.flatMap((b) => [b.min, b.max]);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (!Number.isFinite(lo)) [lo, hi] = [0, 1];
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const pad = (hi - lo) * 0.05;
  [lo, hi] = [lo - pad, hi + pad];
  return { lo, hi, ticks: niceTicks(lo, hi, 3) };
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

function panel(
  series: ChartSeries,
  index: number,
  input: ChartInput,
  top: number,
  plot: PlotBox,
  ticks: { x: number; label: string }[],
): string {
  const { left, width: plotW } = plot;
  const color = COLORS[index % COLORS.length] ?? '#1f6feb';
  const { lo, hi, ticks: values } = valueTicks(series);
  const y = (v: number) => top + PANEL_H - ((v - lo) / (hi - lo)) * PANEL_H;
  // a bucket is drawn at its middle
  const x = (slot: number) =>
    left + (((slot + 0.5) * input.bucketMs) / (input.endMs - input.startMs)) * plotW;
  const parts: string[] = [];
  const unit = series.unit ? ` (${series.unit})` : '';
  const [name] = wrapText(
    series.label + unit,
    Math.floor((WIDTH - 2 * PAD) / (FONT.label * ADVANCE.bold)),
    1,
  );
  parts.push(`<text x="${PAD}" y="${top - 12}" class="label">${xmlEscape(name ?? '')}</text>`);
  parts.push(`<rect x="${left}" y="${top}" width="${plotW}" height="${PANEL_H}" class="frame"/>`);
  for (const t of values) {
    const ty = fmt(y(t));
    parts.push(`<line x1="${left}" x2="${left + plotW}" y1="${ty}" y2="${ty}" class="grid"/>`);
    parts.push(
      `<text x="${left - 7}" y="${ty}" class="tick" text-anchor="end" dy="6">${fmtNumber(t)}</text>`,
    );
  }
  // time grid and labels under every panel: on a phone the panel may be all that is on screen
  const axisY = top + PANEL_H + 24;
  for (const t of ticks) {
    const tx = fmt(t.x);
    parts.push(`<line x1="${tx}" x2="${tx}" y1="${top}" y2="${top + PANEL_H}" class="grid"/>`);
    const half = (Array.from(t.label).length * FONT.tick * ADVANCE.regular) / 2;
    const anchor = t.x - half < left - 8 ? 'start' : t.x + half > WIDTH - 4 ? 'end' : 'middle';
    parts.push(
      `<text x="${tx}" y="${axisY}" class="tick" text-anchor="${anchor}">${xmlEscape(t.label)}</text>`,
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
          `<line x1="${xs[0]}" x2="${xs[0]}" y1="${fmt(y(b.min) + 3)}" y2="${fmt(y(b.max) - 3)}" stroke="${color}" stroke-width="5" stroke-linecap="round"/>`,
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
      `<path d="M${mid.join('L')}" fill="none" stroke="${color}" stroke-width="2.5" stroke-linejoin="round"/>`,
    );
  }
  return parts.join('');
}

export function renderChartSvg(input: ChartInput): string {
  const textW = WIDTH - 2 * PAD;
  const title = wrapText(input.title, Math.floor(textW / (FONT.title * ADVANCE.bold)), 2);
  // the subtitle's parts (range · from → to (zone)) each start a line
  const sub = input.subtitle
    .split(' · ')
    .flatMap((part) => wrapText(part, Math.floor(textW / (FONT.sub * ADVANCE.regular)), 2))
    .slice(0, 3);
  const headerH = 10 + title.length * 28 + sub.length * 23;
  const firstTop = headerH + 44;
  const n = Math.max(1, input.series.length);
  const height = firstTop + n * (PANEL_H + PANEL_GAP) - PANEL_GAP + BOTTOM;
  const plot = plotBox(input);
  const ticks = timeTicks(input, plot);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<style>text{font-family:DejaVu Sans,Arial,sans-serif;fill:#24292f}.title{font-size:${FONT.title}px;font-weight:bold}` +
      `.sub{font-size:${FONT.sub}px;fill:#57606a}.label{font-size:${FONT.label}px;font-weight:bold}` +
      `.tick{font-size:${FONT.tick}px;fill:#57606a}.frame{fill:none;stroke:#d0d7de}.grid{stroke:#eaeef2}</style>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
  ];
  title.forEach((line, i) =>
    parts.push(`<text x="${PAD}" y="${32 + i * 28}" class="title">${xmlEscape(line)}</text>`),
  );
  sub.forEach((line, i) =>
    parts.push(
      `<text x="${PAD}" y="${title.length * 28 + 30 + i * 23}" class="sub">${xmlEscape(line)}</text>`,
    ),
  );
  input.series.forEach((s, i) =>
    parts.push(panel(s, i, input, firstTop + i * (PANEL_H + PANEL_GAP), plot, ticks)),
  );
  if (input.series.length === 0) {
    parts.push(
      `<text x="${WIDTH / 2}" y="${firstTop + PANEL_H / 2}" class="sub" text-anchor="middle">no numeric readings</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}
