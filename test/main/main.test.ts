import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `node --import tsx src/main/main.ts` (what `npm start` and the Docker image run) with only `env` set. */
function start(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/main.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Run>((resolveRun) => {
    child.on('exit', (code, signal) => resolveRun({ code, signal, stdout, stderr }));
  });
  return {
    child,
    exited,
    output: () => stdout,
    waitForOutput: async (text: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!stdout.includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`no "${text}" in output:\n${stdout}\n${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

describe('npm start', () => {
  it('exits 1 on bad configuration, printing one line per problem and no stack trace', async () => {
    const run = await within(
      start({
        MONITORING_API_KEY: 'k-123456',
        PORT: 'eighty',
        STORE_URL: 'ftp://x',
        SLACK_SIGNING_SECRET: 'abc',
        SLACK_BOT_TOKEN: '',
        FIELDLINE_ENCRYPTION_KEY: 'ab'.repeat(32),
      }).exited,
      20_000,
      'exit',
    );
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toEqual(
      expect.arrayContaining([
        'MONITORING_API_KEY is set but MONITORING_BASE_URL is not',
        'PORT must be a whole number from 0 to 65535 (got "eighty")',
        'SLACK_SIGNING_SECRET is set but SLACK_BOT_TOKEN is not',
      ]),
    );
    expect(lines.some((l) => l.startsWith('STORE_URL'))).toBe(true);
    expect(lines).toHaveLength(4);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).not.toContain('k-123456');
  });

  it('starts with no variables (local mode), says where to go, and stops cleanly on SIGTERM', async () => {
    const proc = start({ STORE_URL: 'memory://', PORT: '0', LOG_LEVEL: 'info' });
    try {
      await proc.waitForOutput('fieldline started', 30_000);
      expect(proc.output()).toMatch(/Open http:\/\/localhost:\d+\/ to use fieldline locally/);
      expect(proc.output()).toContain('using the embedded monitoring sandbox');
      proc.child.kill('SIGTERM');
      // The contract with orchestrators: gone within 10 s of SIGTERM.
      const run = await within(proc.exited, 10_000, 'shutdown');
      expect(run.code).toBe(0);
      const lines = run.stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string });
      const messages = lines.map((l) => l.msg);
      expect(messages).toContain('stopping');
      expect(messages.at(-1)).toBe('stopped');
    } finally {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    }
  });

  it('stops on SIGINT too', async () => {
    const proc = start({ STORE_URL: 'memory://', PORT: '0' }, ['--local']);
    try {
      await proc.waitForOutput('fieldline started', 30_000);
      proc.child.kill('SIGINT');
      const run = await within(proc.exited, 10_000, 'shutdown');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('"msg":"stopped"');
    } finally {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    }
  });
});
