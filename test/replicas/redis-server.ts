/**
 * A dedicated redis-server on its own port, started by the test as a child process, so that stopping it
 * affects nobody else. Its data lives in a temp folder: `stop()` saves it first (SHUTDOWN SAVE) so that a
 * restart brings back the same state, like a production Redis with persistence.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@redis/client';
import { waitFor } from '../harness.ts';

export interface DedicatedRedis {
  port: number;
  url: string;
  /** Saves the data set and stops the server (clients see connection refused). */
  stop(): Promise<void>;
  /** Starts it again on the same port with the saved data. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  dispose(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 300, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    if (client.isOpen) await client.close().catch(() => undefined);
  }
}

export async function startDedicatedRedis(): Promise<DedicatedRedis> {
  const port = 6390 + Math.floor(Math.random() * 2000);
  const url = `redis://127.0.0.1:${port}`;
  const dir = await mkdtemp(join(tmpdir(), 'fieldline-redis-'));
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    child = spawn('redis-server', [...args, '--dir', dir, '--daemonize', 'no'], { stdio: 'ignore' });
    await waitFor(() => answers(url), { timeoutMs: 10_000, intervalMs: 50, message: 'redis-server start' });
  }

  async function stop(): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    const client = createClient({ url, socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.sendCommand(['SHUTDOWN', 'SAVE']);
    } catch {
      // SHUTDOWN closes the connection instead of answering.
    }
    await exited;
    child = undefined;
  }

  await start();
  return {
    port,
    url,
    stop,
    start,
    async dispose() {
      if (child && child.exitCode === null) {
        const running = child;
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGKILL');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
