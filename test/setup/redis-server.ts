/**
 * A redis-server of the tests' own, as a child process on a free loopback port (never 6379), its files in a temp
 * folder. The global setup (./redis.ts) runs one for the whole run; tests that stop and restart Redis start
 * another with `startRedisServer()`, so stopping it affects nobody else.
 *
 * Started without save points or AOF; `stop()` saves first (SHUTDOWN SAVE) so that `start()` brings back the
 * same data, like a production Redis with persistence; `crash()` kills it unsaved (its data is gone).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  port: number;
  url: string;
  /** Saves the data set and stops the server (clients see connection refused). */
  stop(): Promise<void>;
  /** Kills the server without saving: a restart comes back empty. */
  crash(): Promise<void>;
  /** Starts it again on the same port (with the data `stop()` saved). */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  dispose(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;

/** Servers and folders still around: removed if the test process exits without disposing them (no orphans). */
const running = new Set<ChildProcess>();
const folders = new Set<string>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

let installed: boolean | undefined;

/**
 * Whether the tests may start a redis-server: the binary is on PATH and FIELDLINE_TEST_NO_REDIS_SERVER is not
 * set (that variable simulates a machine without it, to check the skip path; see ./redis.ts).
 */
export function redisServerInstalled(): boolean {
  if (process.env.FIELDLINE_TEST_NO_REDIS_SERVER) return false;
  installed ??= spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  return installed;
}

/** A loopback port nothing listens on right now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One RESP command on a fresh connection; resolves with the first reply line, or undefined if none came. */
function command(port: number, line: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (value: string | undefined) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(1_000, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('close', () => done(reply.split('\r\n')[0] || undefined));
    socket.once('connect', () => socket.write(`${line}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.split('\r\n')[0]);
    });
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const dir = await mkdtemp(join(tmpdir(), 'fieldline-test-redis-'));
  folders.add(dir);
  let port = 0;
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const started = spawn('redis-server', [...args, '--dir', dir], { stdio: 'ignore' });
    child = started;
    running.add(started);
    started.once('exit', () => running.delete(started));
    let spawnError: Error | undefined;
    started.once('error', (err) => (spawnError = err));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while ((await command(port, 'PING')) !== '+PONG') {
      if (spawnError || started.exitCode !== null || Date.now() > deadline) {
        await crash();
        throw new Error(`redis-server did not start on 127.0.0.1:${port}`, { cause: spawnError });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function halt(how: 'save' | 'kill'): Promise<void> {
    const server = child;
    child = undefined;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    // SHUTDOWN closes the connection instead of answering.
    if (how === 'save') await command(port, 'SHUTDOWN SAVE');
    else server.kill('SIGKILL');
    await exited;
  }
  const crash = () => halt('kill');

  // The port may be taken between choosing and binding it: a few tries.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (err) {
      if (attempt === 3) {
        await rm(dir, { recursive: true, force: true });
        folders.delete(dir);
        throw err;
      }
    }
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: () => halt('save'),
    crash,
    start,
    async dispose() {
      await crash();
      await rm(dir, { recursive: true, force: true });
      folders.delete(dir);
    },
  };
}
