/** The `:shortcode:` emoji fieldline writes into Slack text, found in src/ (for the console's emoji tests). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * `:name:` where a shortcode can stand in text: not glued to a word, a `${…}` or a time (`HH:mm:ss`,
 * `${channel}:item:${seq}` and `v0:timestamp:body` are no emoji).
 */
const SHORTCODE = /(?<![\w$}:]):([a-z][a-z0-9_+-]*):(?![\w$])/g;

/** name → the first file (relative to src/) that writes it */
export async function shortcodesInSource(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const files = (await readdir(SRC, { recursive: true })).filter(
    (f) => f.endsWith('.ts') && !f.startsWith(join('slack-standin', 'console', 'static')),
  );
  for (const file of files.sort()) {
    const text = await readFile(join(SRC, file), 'utf8');
    for (const m of text.matchAll(SHORTCODE)) if (!found.has(m[1]!)) found.set(m[1]!, file);
  }
  return found;
}
