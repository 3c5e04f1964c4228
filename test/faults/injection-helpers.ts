/**
 * Hostile platform text for the mrkdwn-injection tests: names that try to ping everyone, mention a user, format
 * text or exceed every limit, and helpers to put them into rows the sandbox answers with.
 */
import { expect } from 'vitest';
import { validateBlocks, type StoredMessage } from '../../src/slack-standin/index.ts';
import type { Harness } from '../harness.ts';

export const HOSTILE = '<!channel> *bold* <@U123> & <https://evil.example|click here>';
export const LONG = `<!here>${'Ω'.repeat(10_000)}`;
/** Raw control sequences that must never reach Slack unescaped. */
export const RAW = ['<!channel>', '<!here>', '<@U123>', '<https://evil.example'];

export async function sandboxRows(h: Harness, path: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${h.sandbox.url}${path}`, { headers: { 'x-api-key': h.sandbox.keys.full } });
  const body: unknown = await res.json();
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
  if (!Array.isArray(data)) throw new Error(`no rows from ${path}`);
  return data.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
}

/** Renames rows (and their site) to the hostile names, in turn. */
export function hostileRows(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row, i) => {
    const name = i % 2 === 0 ? HOSTILE : LONG;
    const site =
      typeof row.site === 'object' && row.site !== null ? { ...row.site, name: HOSTILE } : row.site;
    return { ...row, name, site };
  });
}

/** Every piece of text a message shows, as one string. */
export function shown(m: { text?: unknown; blocks?: unknown }): string {
  return `${typeof m.text === 'string' ? m.text : ''}\n${JSON.stringify(m.blocks ?? [])}`;
}

/** The message shows the hostile names escaped, never raw, and passes Slack's Block Kit limits. */
export function expectEscaped(m: { text?: unknown; blocks?: unknown }): void {
  const all = shown(m);
  for (const raw of RAW) expect(all, `raw ${raw}`).not.toContain(raw);
  expect(all).toMatch(/&lt;!(channel|here)&gt;/);
  if (Array.isArray(m.blocks)) expect(validateBlocks(m.blocks, 'message')).toEqual([]);
  expect(typeof m.text === 'string' ? m.text.length : 0).toBeLessThanOrEqual(40_000);
}

export function repliesIn(h: Harness, channel: string): StoredMessage[] {
  return h.standin.messages(channel);
}
