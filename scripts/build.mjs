/**
 * Production build: compiles src/ to an output folder (default dist/) with tsconfig.build.json (the `.ts` import
 * paths become `.js`) and copies the files read at run time beside the compiled modules that read them
 * (`new URL('./static/', import.meta.url)`). `node <outDir>/main/main.js` then runs with production dependencies only.
 *
 *   node scripts/build.mjs            # dist/
 *   node scripts/build.mjs /tmp/out   # elsewhere (test/build.test.ts)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(root, 'dist'));

/** Non-TypeScript files under src/ that the running app reads, relative to src/. */
const RUNTIME_ASSETS = ['slack-standin/console/static'];

// The output folder is emptied first (no stale modules from moved sources), so only a folder that is absent,
// empty or an earlier build (main/main.js in it), and never the checkout, one of its parents or anything in src/.
const contains = (dir, other) => !relative(dir, other).startsWith('..');
const previousBuild = () =>
  !existsSync(outDir) || readdirSync(outDir).length === 0 || existsSync(join(outDir, 'main', 'main.js'));
if (contains(outDir, root) || contains(join(root, 'src'), outDir) || !previousBuild()) {
  process.stderr.write(`refusing to empty ${outDir}: not an earlier build output\n`);
  process.exit(1);
}
rmSync(outDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const args = [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', outDir];
const compiled = spawnSync(process.execPath, args, { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
for (const asset of RUNTIME_ASSETS)
  cpSync(join(root, 'src', asset), join(outDir, asset), { recursive: true });
process.stdout.write(`built ${outDir}\n`);
