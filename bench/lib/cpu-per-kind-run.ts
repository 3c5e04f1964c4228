/**
 * Runs a benchmark script that exports no function (bench/cpu-per-kind.ts, bench/ack-thread-cpu.ts) as a child
 * process and keeps the markdown table it prints, for docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ScriptResult {
  args: string[];
  /** The script's markdown (its stdout), or undefined when it failed. */
  markdown?: string;
  error?: string;
}

function runScript(name: string, args: string[], log: (line: string) => void): Promise<ScriptResult> {
  const script = fileURLToPath(new URL(`../${name}.ts`, import.meta.url));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log(`${name}: ${line.trim()}`);
    });
    child.once('error', (e) => resolve({ args, error: e.message }));
    child.once('exit', (code) =>
      resolve(
        code === 0 && out.includes('|')
          ? { args, markdown: out.trim() }
          : { args, error: `exited ${code}: ${err.trim().split('\n').slice(-3).join(' / ')}` },
      ),
    );
  });
}

export const runCpuPerKind = (args: string[], log: (line: string) => void) =>
  runScript('cpu-per-kind', args, log);

export const runAckThreadCpu = (args: string[], log: (line: string) => void) =>
  runScript('ack-thread-cpu', args, log);
