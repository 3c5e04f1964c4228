/**
 * The Node flags of src/runtime-flags.ts are the ones fieldline is started with: by `npm start`, `npm run local`
 * and the container image (the ack benchmark measures the app with the same list).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUNTIME_FLAGS } from '../src/runtime-flags.ts';

const root = new URL('../', import.meta.url);
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
    expect(args.at(-1)).toBe('dist/main.js');
  });
});
