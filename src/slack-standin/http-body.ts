/**
 * Request bodies as WebClient and Bolt send them: application/x-www-form-urlencoded (objects arrive as JSON
 * strings inside fields), application/json, and multipart/form-data (the upload URL; parsed with busboy).
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { JsonObject } from './types.ts';

export const MAX_BODY_BYTES = 100 * 1024 * 1024;

/** Fields WebClient JSON-encodes inside a form body. */
const JSON_FIELDS = new Set([
  'blocks',
  'attachments',
  'view',
  'files',
  'metadata',
  'unfurls',
  'user_auth_blocks',
]);

export class BodyError extends Error {
  constructor(
    readonly code: 'too_large' | 'invalid_json' | 'invalid_form_data',
    message: string,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

export async function readRaw(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > limit) throw new BodyError('too_large', `body larger than ${limit} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Decoded Web API arguments from a form or JSON body; JSON-in-form fields are parsed. */
export function parseArgs(contentType: string | undefined, raw: Buffer): JsonObject {
  const type = mediaType(contentType);
  const text = raw.toString('utf8');
  if (type === 'application/json') {
    if (text.trim() === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BodyError('invalid_json', 'body is not valid JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new BodyError('invalid_json', 'body must be a JSON object');
    }
    return { ...parsed };
  }
  const args: JsonObject = {};
  for (const [key, value] of new URLSearchParams(text)) args[key] = decodeField(key, value);
  return args;
}

function decodeField(key: string, value: string): unknown {
  if (!JSON_FIELDS.has(key)) return value;
  try {
    return JSON.parse(value);
  } catch {
    // Slack answers invalid_arguments / invalid_blocks for undecodable JSON; the validators report it.
    return value;
  }
}

export interface MultipartFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface Multipart {
  fields: JsonObject;
  files: MultipartFile[];
}

export function isMultipart(contentType: string | undefined): boolean {
  return mediaType(contentType) === 'multipart/form-data';
}

export function parseMultipart(headers: IncomingMessage['headers'], raw: Buffer): Promise<Multipart> {
  return new Promise((resolve, reject) => {
    const fields: JsonObject = {};
    const files: MultipartFile[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { fileSize: MAX_BODY_BYTES } });
    } catch (err) {
      reject(new BodyError('invalid_form_data', err instanceof Error ? err.message : 'bad multipart'));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = decodeField(name, value);
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        files.push({
          field,
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          data: Buffer.concat(chunks),
        }),
      );
    });
    parser.on('error', (err) =>
      reject(new BodyError('invalid_form_data', err instanceof Error ? err.message : 'bad multipart')),
    );
    parser.on('close', () => resolve({ fields, files }));
    parser.end(raw);
  });
}
