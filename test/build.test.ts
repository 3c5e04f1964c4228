/**
 * The production build (`npm run build` → scripts/build.mjs): compiled into a temp folder laid out like the
 * Docker image (package.json, manifest.yml, node_modules, dist/), it imports only production dependencies and
 * `node dist/main/main.js` starts in local mode, serves /healthz and the console's static files, and stops on SIGTERM.
 * About 20–40 s, most of it tsc.
 */
import { spawn, spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './harness.ts';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
let image: string;

beforeAll(() => {
  image = mkdtempSync(join(tmpdir(), 'fieldline-build-'));
  for (const file of ['package.json', 'manifest.yml']) copyFileSync(join(root, file), join(image, file));
  symlinkSync(join(root, 'node_modules'), join(image, 'node_modules'), 'dir');
  const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), join(image, 'dist')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stdout}\n${built.stderr}`);
}, 120_000);

afterAll(() => {
  if (image) rmSync(image, { recursive: true, force: true });
});

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** Bare module specifiers the compiled code imports (tsc keeps the sources' statements, one ending each line). */
function importedPackages(source: string): string[] {
  const patterns = [
    /^(?:import|export)\b[^;]*?\bfrom ["']([^"']+)["'];$/gm, // static import / re-export (may span lines)
    /^import ["']([^"']+)["'];$/gm, // side-effect import
    /\bimport\(["']([^"']+)["']\)/g, // dynamic import
    /\.resolve\(["']([^"']+)["']\)/g, // createRequire(import.meta.url).resolve(...)
  ];
  return patterns
    .flatMap((re) => [...source.matchAll(re)].map((m) => m[1] ?? ''))
    .filter((s) => !s.startsWith('.'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] ?? s)));
}

describe('production build', () => {
  it('compiles every module to .js with .js import paths and copies the runtime assets', () => {
    const out = files(join(image, 'dist'));
    expect(out.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(out.some((f) => f.endsWith(join('dist', 'main', 'main.js')))).toBe(true);
    expect(out.some((f) => f.endsWith(join('console', 'static', 'index.html')))).toBe(true);
    const tsImports = out
      .filter((f) => f.endsWith('.js') && !f.includes(join('console', 'static')))
      .filter((f) => /(?:from|import\()\s*["'][^"']+\.ts["']/.test(readFileSync(f, 'utf8')));
    expect(tsImports).toEqual([]);
  });

  it('imports nothing but Node built-ins and production dependencies', () => {
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
    const used = new Set(
      files(join(image, 'dist'))
        .filter((f) => f.endsWith('.js') && !f.includes(join('console', 'static')))
        .flatMap((f) => importedPackages(readFileSync(f, 'utf8'))),
    );
    const outside = [...used].filter((p) => !p.startsWith('node:') && !allowed.has(p));
    expect(outside).toEqual([]);
    expect(used.has('@slack/bolt')).toBe(true); // the scan sees imports at all
  });

  it('runs: node dist/main/main.js serves /healthz and the console, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(image, 'dist', 'main', 'main.js')], {
      cwd: image,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', STORE_URL: 'memory://' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      await waitFor(() => stdout.includes('fieldline started') || child.exitCode !== null, {
        timeoutMs: 30_000,
      });
      expect(child.exitCode, stderr).toBeNull();
      const appPort = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; port?: number })
        .find((l) => l.msg === 'slack app listening')?.port;
      const consolePort = /Open http:\/\/localhost:(\d+)\//.exec(stdout)?.[1];
      const health = await fetch(`http://127.0.0.1:${appPort}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
      const asset = await fetch(`http://127.0.0.1:${consolePort}/console/static/app.js`);
      expect(asset.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
