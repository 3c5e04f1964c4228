/**
 * The Node flags of src/base/runtime-flags.ts are the ones fieldline is started with: by `npm start`, `npm run local`
 * and the container image (the ack benchmark measures the app with the same list).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUNTIME_FLAGS } from '../../src/base/runtime-flags.ts';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('runtime flags', () => {
  it.each(['start', 'local'])('npm run %s starts node with them', (script) => {
    const command = pkg.scripts[script] ?? '';
    expect(command).toMatch(/^node /);
    for (const flag of RUNTIME_FLAGS) expect(command.split(' ')).toContain(flag);
  });

  it("the image's CMD starts node with them", () => {
    const cmd = readFileSync(new URL('Dockerfile', root), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    const args = JSON.parse(cmd?.slice(4) ?? '[]') as string[];
    expect(args[0]).toBe('node');
    expect(args.slice(1, -1)).toEqual([...RUNTIME_FLAGS]);
    expect(args.at(-1)).toBe('dist/main/main.js');
  });
});

describe('young generation by thread', () => {
  it("keeps the acking thread's small, and gives worker threads made afterwards V8's default", () => {
    // A process started like fieldline: its main isolate's new space, then a worker's made after the reset.
    const script = `
      import { Worker } from 'node:worker_threads';
      import { getHeapSpaceStatistics } from 'node:v8';
      import { workersGetDefaultYoungGeneration } from ${JSON.stringify(new URL('../../src/base/runtime-flags.ts', import.meta.url).href)};
      const churn = \`let keep = []; for (let i = 0; i < 1e6; i++) { keep.push({ i }); if (keep.length > 1e5) keep = []; }
        const s = process.getBuiltinModule('node:v8').getHeapSpaceStatistics().find((x) => x.space_name === 'new_space');
        process.getBuiltinModule('node:worker_threads').parentPort.postMessage(s.space_size);\`;
      let keep = []; for (let i = 0; i < 1e6; i++) { keep.push({ i }); if (keep.length > 1e5) keep = []; }
      const main = getHeapSpaceStatistics().find((x) => x.space_name === 'new_space').space_size;
      workersGetDefaultYoungGeneration();
      new Worker(churn, { eval: true }).on('message', (worker) => { console.log(JSON.stringify({ main, worker })); process.exit(0); });
    `;
    const out = execFileSync(
      process.execPath,
      [...RUNTIME_FLAGS, '--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    const { main, worker } = JSON.parse(out) as { main: number; worker: number };
    expect(main).toBeLessThanOrEqual(8 * 2 ** 20);
    expect(worker).toBeGreaterThan(8 * 2 ** 20);
  });
});
