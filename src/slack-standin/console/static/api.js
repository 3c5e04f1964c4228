// The console's requests to the stand-in. Each interaction route answers { ok, status, failure?, body? }:
// `failure` is what Slack would show when the app did not answer 200 within 3 s.

const listeners = new Set();

/**
 * This tab's name: sent with every request, so a modal the app opens from a click here shows in this tab only
 * (each tab of a page is its own Slack client; a reload is a new one).
 */
export const TAB =
  typeof window.crypto?.randomUUID === 'function'
    ? window.crypto.randomUUID()
    : `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

// The run's token, embedded in the page by the stand-in: every POST carries it (a page of another origin
// cannot read it, so it cannot drive the console).
const token = document.querySelector('meta[name="console-token"]')?.getAttribute('content') ?? '';

/** Called with a message for the user (a failed request, a refused submit). */
export function onNotice(fn) {
  listeners.add(fn);
}

export function notice(text) {
  for (const fn of listeners) fn(text);
}

export async function getState() {
  const res = await fetch('/console/state', { cache: 'no-store' });
  if (!res.ok) throw new Error(`could not load the workspace (HTTP ${res.status})`);
  return res.json();
}

export async function post(name, body, what = name) {
  let res;
  try {
    res = await fetch(`/console/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Console-Token': token },
      body: JSON.stringify({ ...body, tab: TAB }),
    });
  } catch (err) {
    notice(`The stand-in did not answer: ${err.message}`);
    throw err;
  }
  const json = await res.json();
  if (!json.ok) {
    notice(`${what} failed: ${json.error}`);
    throw new Error(json.error);
  }
  if (json.failure)
    notice(`${what} failed with the error "${json.failure}" (the app answered HTTP ${json.status})`);
  return json;
}
