/**
 * SVG → PNG with @resvg/resvg-js, entirely off the event loop: resvg's `renderAsync` rasterises on libuv's
 * pool but `asPng()` then encodes on the calling thread (~10 ms per chart), which stalled Slack acks. So both
 * steps run in one long-lived worker thread, started on first use and unref'd while idle.
 * Text uses the system's fonts (DejaVu Sans when present).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { LOWER_THREAD_PRIORITY_CJS } from '../../base/thread-priority.ts';
import { RecentCache } from '../rules/recent-cache.ts';

export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const RENDER_OPTIONS = {
  font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  // twice the SVG's size: sharp on high-density phone screens, where the 480-unit chart fills the width
  fitTo: { mode: 'zoom', value: 2 },
  background: '#ffffff',
  logLevel: 'off',
};

// Plain CommonJS evaluated in the worker, so it runs the same under tsx, vitest and a compiled build (a .ts
// worker file would need the TypeScript loader inside the worker). resvg is resolved from this module.
// The render yields to the acking thread: the worker lowers its own CPU priority first (issue 36).
const WORKER_SOURCE = `${LOWER_THREAD_PRIORITY_CJS}
const { parentPort, workerData } = require('node:worker_threads');
const { Resvg } = require(workerData.resvgPath);
parentPort.on('message', ({ id, svg }) => {
  try {
    const png = new Resvg(svg, workerData.options).render().asPng();
    const copy = new Uint8Array(png.length);
    copy.set(png);
    parentPort.postMessage({ id, png: copy }, [copy.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

interface Job {
  resolve(png: Buffer<ArrayBuffer>): void;
  reject(err: unknown): void;
}

interface Reply {
  id: number;
  png?: Uint8Array<ArrayBuffer>;
  error?: string;
}

export class ChartRenderError extends Error {
  override readonly name = 'ChartRenderError';
  readonly code = 'CHART_RENDER_FAILED';
}

let worker: Worker | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();

function settle(id: number): Job | undefined {
  const job = jobs.get(id);
  jobs.delete(id);
  // an idle worker must not keep the process alive
  if (jobs.size === 0) worker?.unref();
  return job;
}

function failAll(err: unknown): void {
  for (const id of [...jobs.keys()]) settle(id)?.reject(err);
}

function chartWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      resvgPath: createRequire(import.meta.url).resolve('@resvg/resvg-js'),
      options: RENDER_OPTIONS,
    },
  });
  started.on('message', (reply: Reply) => {
    const job = settle(reply.id);
    if (!job) return; // aborted meanwhile
    if (reply.png) job.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
    else job.reject(new ChartRenderError(`chart render failed: ${reply.error ?? 'unknown error'}`));
  });
  started.on('error', (err) => {
    if (worker === started) worker = undefined;
    failAll(new ChartRenderError(`chart renderer crashed: ${err.message}`));
  });
  started.on('exit', () => {
    if (worker === started) worker = undefined;
    failAll(new ChartRenderError('chart renderer stopped'));
  });
  worker = started;
  return started;
}

/**
 * The same chart asked for again (a team looking at one meter, the same range, within minutes) is rasterised once:
 * PNGs are kept by `keyOf` their input, at most RECENT_CHARTS of them for RECENT_CHART_MS (a few MB at most).
 */
export const RECENT_CHARTS = 16;
export const RECENT_CHART_MS = 10 * 60_000;

export type DrawPng<I> = (input: I, signal?: AbortSignal) => Promise<Buffer<ArrayBuffer>>;

export function recentPngs<I>(keyOf: (input: I) => string, draw: DrawPng<I>, now: () => number): DrawPng<I> {
  const recent = new RecentCache<Buffer<ArrayBuffer>>({ max: RECENT_CHARTS, ttlMs: RECENT_CHART_MS, now });
  return async (input, signal) => {
    const key = keyOf(input);
    const known = recent.get(key);
    // a copy: the caller may hand its buffer to an upload that consumes it
    if (known) return Buffer.from(known);
    const png = await draw(input, signal);
    recent.set(key, Buffer.from(png));
    return png;
  };
}

/** An SVG as PNG, kept by the SVG's hash (the app keys its charts on their input instead: ./chart-cache.ts). */
export const renderChartPng: DrawPng<string> = recentPngs(
  (svg) => createHash('sha256').update(svg).digest('hex'),
  (svg, signal) => rasterise(svg, signal),
  () => Date.now(),
);

/** SVG → PNG in the chart worker, always rendered. */
export function rasterise(svg: string, signal?: AbortSignal): Promise<Buffer<ArrayBuffer>> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const onAbort = () => {
      // the worker finishes the render; its answer is dropped
      if (settle(id)) reject(signal?.reason);
    };
    jobs.set(id, {
      resolve: (png) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(png);
      },
      reject: (err) => {
        signal?.removeEventListener('abort', onAbort);
        reject(err);
      },
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    const w = chartWorker();
    w.ref();
    w.postMessage({ id, svg });
  });
}
