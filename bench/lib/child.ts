/**
 * Benchmark children: a TypeScript file forked with tsx and an IPC request/answer protocol, so that the
 * load generator, the app under test and the platform stand-ins run in separate processes (and on separate
 * event loops) and a child's peak RSS is its own.
 */
import { fork, type ChildProcess } from 'node:child_process';

const READY_ID = -1;

interface Request {
  id: number;
  type: string;
  payload: unknown;
}
interface Answer {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export interface Child {
  /** Resolves once the child has set itself up and serves requests. */
  ready: Promise<void>;
  request<T>(type: string, payload?: unknown): Promise<T>;
  /** Asks the child to stop and waits for it to exit (kills it after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
  readonly process: ChildProcess;
}

function isAnswer(msg: unknown): msg is Answer {
  return typeof msg === 'object' && msg !== null && 'id' in msg && 'ok' in msg;
}

/** Stops (SIGSTOP) or continues (SIGCONT) a child; where signals cannot do that, nothing happens. */
export function signal(child: Child | undefined, name: 'SIGSTOP' | 'SIGCONT'): void {
  try {
    child?.process.kill(name);
  } catch {
    // Not on this platform: the children then share the machine as before.
  }
}

export function startChild(
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
  execArgv: string[] = [],
): Child {
  const proc = fork(script, args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let markReady: () => void = () => undefined;
  let failReady: (err: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  proc.on('message', (msg: unknown) => {
    if (!isAnswer(msg)) return;
    if (msg.id === READY_ID) return markReady();
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.ok) w?.resolve(msg.result);
    else w?.reject(new Error(msg.error ?? 'child request failed'));
  });
  proc.once('exit', (code) => {
    failReady(new Error(`${script} exited (${code}) before it was ready`));
    for (const w of waiting.values()) w.reject(new Error(`${script} exited (${code})`));
    waiting.clear();
  });
  return {
    ready,
    process: proc,
    request<T>(type: string, payload?: unknown) {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: (v) => resolve(v as T), reject });
        proc.send({ id, type, payload } satisfies Request);
      });
    },
    async stop(graceMs = 5_000) {
      // Exited, or killed by a signal (a benchmark that SIGKILLs a replica).
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.send({ id: 0, type: 'stop', payload: null } satisfies Request);
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type Handlers = Record<string, (payload: unknown) => unknown>;

/** Child side: answers requests with `handlers`; `stop` runs `onStop` and exits. */
export function serveParent(handlers: Handlers, onStop: () => Promise<void> = async () => undefined): void {
  process.on('message', (raw: unknown) => {
    const msg = raw as Request;
    if (msg.type === 'stop') {
      void onStop().finally(() => process.exit(0));
      return;
    }
    const handler = handlers[msg.type];
    if (!handler) {
      process.send?.({ id: msg.id, ok: false, error: `unknown request ${msg.type}` } satisfies Answer);
      return;
    }
    Promise.resolve()
      .then(() => handler(msg.payload))
      .then(
        (result) => process.send?.({ id: msg.id, ok: true, result } satisfies Answer),
        (err: unknown) =>
          process.send?.({
            id: msg.id,
            ok: false,
            error: err instanceof Error ? (err.stack ?? err.message) : String(err),
          } satisfies Answer),
      );
  });
  process.on('disconnect', () => void onStop().finally(() => process.exit(0)));
  process.send?.({ id: READY_ID, ok: true } satisfies Answer);
}
