/**
 * Embedded default (`STORE_URL=sqlite://<path>`): @keyv/sqlite, creating the file's folder first. The store
 * holds names, emails and encrypted keys: the file is owner-only (0600) and a folder it creates 0700.
 */
import { chmod, mkdir, open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import type { Logger } from '../base/log.ts';
import { backendKeyv, serializeEntry, type Backend } from './keyv-store.ts';

/**
 * Set-if-absent in one statement, so it is atomic across connections (the job thread opens its own: see
 * src/main/jobs-setup.ts): insert, or replace a row whose TTL has passed; RETURNING says whether this call wrote.
 * The row is exactly what keyv writes (`serializeEntry`), so `get` reads it.
 */
const ADD_SQL = `INSERT INTO keyv (key, value) VALUES (?, ?)
  ON CONFLICT(key) DO UPDATE SET value = excluded.value
  WHERE json_extract(keyv.value, '$.expires') IS NOT NULL AND json_extract(keyv.value, '$.expires') <= ?
  RETURNING key`;

/** Compare-and-set on the stored text, each one statement (atomic across connections); RETURNING says it held. */
const SWAP_SQL = {
  insert: 'INSERT INTO keyv (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING RETURNING key',
  replace: 'UPDATE keyv SET value = ? WHERE key = ? AND value = ? RETURNING key',
  remove: 'DELETE FROM keyv WHERE key = ? AND value = ? RETURNING key',
};

export async function sqliteBackend(path: string, log: Logger): Promise<Backend> {
  const file = resolve(path);
  // Only folders created here get 0700; an existing folder (say /var/lib) is not ours to change.
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // Create the file before sqlite does (it would use 0644 under the usual umask); fix an older file's mode.
  // SQLite gives its -wal and -shm files the database file's permissions.
  await (await open(file, 'a', 0o600)).close();
  await chmod(file, 0o600);
  const adapter = new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: 5_000 });
  const keyv = backendKeyv(adapter);
  keyv.on('error', (err: unknown) => log.debug({ err }, 'sqlite store error'));
  // Surface an unopenable file now rather than on the first request.
  await adapter.query('SELECT 1');
  // The default rollback journal fsyncs every write and sqlite3 runs them one at a time on this connection,
  // so background writes queued ahead of an ack's SET NX delayed acks by seconds (bench: ack latency). WAL
  // with synchronous=NORMAL keeps durability across process crashes (not power loss) at a fraction of the cost.
  await adapter.query('PRAGMA journal_mode=WAL');
  await adapter.query('PRAGMA synchronous=NORMAL');
  let closed = false;
  return {
    kind: 'sqlite',
    keyv,
    addIfAbsent: async (key, value, ttlMs) => {
      const now = Date.now();
      const rows = (await adapter.query(ADD_SQL, key, serializeEntry(value, ttlMs, now), now)) as unknown[];
      return rows.length > 0;
    },
    readEntry: async (key) => {
      const rows = (await adapter.query('SELECT value FROM keyv WHERE key = ?', key)) as { value: string }[];
      return rows[0]?.value;
    },
    swapEntry: async (key, expected, next) => {
      const rows =
        expected === undefined
          ? next === undefined
            ? [1]
            : await adapter.query(SWAP_SQL.insert, key, next)
          : next === undefined
            ? await adapter.query(SWAP_SQL.remove, key, expected)
            : await adapter.query(SWAP_SQL.replace, next, key, expected);
      return (rows as unknown[]).length > 0;
    },
    ping: async () => {
      await adapter.query('SELECT 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await adapter.disconnect();
    },
  };
}
