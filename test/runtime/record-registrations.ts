/**
 * Which commands and shortcut callback ids the code registers: registerSurfaces() runs against a recording
 * stand-in for Bolt's App (every method records its arguments), with real dependencies that are never called.
 */
import type { App } from '@slack/bolt';
import type { Entry, ListenerApp } from '../../src/kit/entry.ts';
import { loadConfig } from '../../src/base/config.ts';
import { composeDeps } from '../../src/main/compose.ts';
import { systemClock } from '../../src/base/deps.ts';
import { createLogger } from '../../src/base/log.ts';
import { openStore } from '../../src/store/open-store.ts';

export interface Registrations {
  commands: string[];
  shortcuts: string[];
  /** Constraints that are not plain ids (RegExp): they cannot be checked against the manifest. */
  unmatchable: string[];
}

function idOf(constraint: unknown, key: string): string | RegExp | undefined {
  if (typeof constraint === 'string' || constraint instanceof RegExp) return constraint;
  if (constraint !== null && typeof constraint === 'object' && key in constraint) {
    const value: unknown = (constraint as Record<string, unknown>)[key];
    if (typeof value === 'string' || value instanceof RegExp) return value;
  }
  return undefined;
}

export async function recordRegistrations(): Promise<Registrations> {
  const calls: { method: string; args: unknown[] }[] = [];
  const recorder = new Proxy(
    {},
    {
      get: (_target, prop) => {
        if (prop === 'then') return undefined;
        return (...args: unknown[]) => {
          calls.push({ method: String(prop), args });
          return undefined;
        };
      },
    },
  );
  const config = loadConfig({ STORE_URL: 'memory://' });
  const log = createLogger({ level: 'silent' });
  const store = await openStore(config.store, { log });
  const composed = composeDeps({
    config,
    log,
    store,
    clock: systemClock,
    platform: { baseUrl: 'http://127.0.0.1:9', sharedKey: 'unused-key' },
  });
  // The recorder answers every method Bolt's App has; registration code only calls methods.
  composed.register(recorder as App & ListenerApp);
  await store.close();
  await composed.close();

  const out: Registrations = { commands: [], shortcuts: [], unmatchable: [] };
  for (const call of calls) {
    // A declared entry (src/kit/entry.ts) is a command or a shortcut like a Bolt registration.
    const { method, args } = call.method === 'entry' ? fromEntry(call.args[0]) : call;
    if (method !== 'command' && method !== 'shortcut') continue;
    const id = idOf(args[0], method === 'command' ? 'command' : 'callback_id');
    if (typeof id === 'string') (method === 'command' ? out.commands : out.shortcuts).push(id);
    else out.unmatchable.push(`${method}(${String(id ?? JSON.stringify(args[0]))})`);
  }
  return out;
}

function fromEntry(entry: unknown): { method: string; args: unknown[] } {
  const e = entry as Entry;
  if (e.on === 'command') return { method: 'command', args: [e.command] };
  if (e.on === 'shortcut') return { method: 'shortcut', args: [e.match] };
  return { method: e.on, args: [] };
}
