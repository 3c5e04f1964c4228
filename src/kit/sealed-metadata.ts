/**
 * A view's `private_metadata` round-trips through Slack, so what comes back is network data. fieldline seals every
 * private_metadata it writes (the text, then `.` and an HMAC-SHA256 tag in base64url) and accepts back only what
 * it sealed: a value fieldline put there from the signed payload that opened the view can then be trusted, and a
 * forged one (another channel, another message) is refused before any listener. The runtime seals where views
 * leave fieldline (./blocks/guard-client.ts, the ack of a view submission) and opens on receipt (src/runtime).
 * What a person typed or picked in the view is not sealed and stays theirs to check.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Block Kit (../shared/slack/slackblocks-limits.json, view.private_metadata.max_length): 3,000 characters. */
export const SLACK_PRIVATE_METADATA_MAX = 3000;
/** base64url of a 32-byte HMAC-SHA256, without padding. */
const TAG_LENGTH = 43;
/** What sealing adds: the separator and the tag. */
export const SEAL_OVERHEAD = 1 + TAG_LENGTH;
/** The longest text that still fits once sealed. */
export const MAX_SEALABLE_METADATA = SLACK_PRIVATE_METADATA_MAX - SEAL_OVERHEAD;
/** The HKDF label: a key for this purpose only, whatever secret it is derived from. */
const KEY_LABEL = 'fieldline view private_metadata v1';
const TAG_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export class MetadataTooLongError extends Error {
  override readonly name = 'MetadataTooLongError';
  constructor(length: number) {
    super(
      `private_metadata of ${length} characters does not fit Slack's ${SLACK_PRIVATE_METADATA_MAX} once sealed ` +
        `(at most ${MAX_SEALABLE_METADATA})`,
    );
  }
}

/** Why a sealed text was refused (for the log; never its content). */
export type Refusal = 'unsealed' | 'bad-tag';

export type Opened = { ok: true; text: string } | { ok: false; why: Refusal };

export interface MetadataSeal {
  /**
   * `text` with its tag, bound to the view's callback_id (a form's metadata does not verify as another form's).
   * Text that is already sealed for that callback_id is returned as it is. Empty text stays empty (nothing to
   * trust). Throws MetadataTooLongError beyond MAX_SEALABLE_METADATA.
   */
  seal(text: string, callbackId?: string): string;
  /** The text fieldline sealed, or why not. Empty stays empty. */
  open(sealed: string, callbackId?: string): Opened;
}

/**
 * The sealing key, from a secret the app already has (the composition root picks which): HKDF-SHA256 with a fixed
 * label, so replicas sharing a configuration derive the same key and the secret itself is never the MAC key.
 */
export function deriveMetadataKey(secret: Buffer | Uint8Array | string): Buffer {
  const ikm = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), KEY_LABEL, 32));
}

function tagOf(key: Buffer, text: string, callbackId: string): Buffer {
  // The callback_id is length-prefixed so no split of (callbackId, text) collides with another.
  return createHmac('sha256', key).update(`${callbackId.length}:${callbackId}:`).update(text).digest();
}

/**
 * Seals with `keys[0]`; opens with any of `keys` (keys derived from secrets being rotated out, so modals opened
 * before a rotation still submit).
 */
export function metadataSeal(keys: readonly Buffer[]): MetadataSeal {
  const [current] = keys;
  if (!current || keys.some((k) => k.length < 32))
    throw new Error('metadataSeal needs at least one key of 32 bytes or more');
  const open = (sealed: string, callbackId = ''): Opened => {
    if (sealed === '') return { ok: true, text: '' };
    const dot = sealed.length - SEAL_OVERHEAD;
    const tag = sealed.slice(dot + 1);
    if (dot < 0 || sealed[dot] !== '.' || !TAG_SHAPE.test(tag)) return { ok: false, why: 'unsealed' };
    const text = sealed.slice(0, dot);
    // Compared as text, so only the one canonical tag passes (base64url's last character carries spare bits).
    const given = Buffer.from(tag, 'latin1');
    for (const key of keys) {
      // Constant time: how much of a tag matched says nothing.
      const expected = Buffer.from(tagOf(key, text, callbackId).toString('base64url'), 'latin1');
      if (timingSafeEqual(given, expected)) return { ok: true, text };
    }
    return { ok: false, why: 'bad-tag' };
  };
  return {
    open,
    seal(text, callbackId = '') {
      if (text === '') return '';
      const already = open(text, callbackId);
      if (already.ok && already.text !== '' && text.length <= SLACK_PRIVATE_METADATA_MAX) return text;
      if (text.length > MAX_SEALABLE_METADATA) throw new MetadataTooLongError(text.length);
      return `${text}.${tagOf(current, text, callbackId).toString('base64url')}`;
    },
  };
}

/** `view` with its private_metadata sealed (a copy; a view without metadata is returned as it is). */
export function sealedView<V>(view: V, seal: MetadataSeal): V {
  if (view === null || typeof view !== 'object') return view;
  const { private_metadata: text, callback_id: callbackId } = view as {
    private_metadata?: unknown;
    callback_id?: unknown;
  };
  if (typeof text !== 'string' || text === '') return view;
  const sealed = seal.seal(text, typeof callbackId === 'string' ? callbackId : '');
  return sealed === text ? view : { ...view, private_metadata: sealed };
}
