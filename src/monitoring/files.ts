/** Signed uploads (POST /files/signed-uploads/create + the multipart form POST) and GET /files/{fileId}. */
import { FormData, Response } from 'undici';
import { z } from 'zod';
import type { MonitoringApi, SignedUploadCreate } from './api.ts';
import {
  boolArg,
  compact,
  idArg,
  intArg,
  objectArg,
  onlyKeys,
  optIdArg,
  requiredText,
  segment,
  textArg,
} from './args.ts';
import type { ResourceContext } from './context.ts';
import { invalidArgument, MonitoringError } from './errors.ts';
import { drain } from './http.ts';
import { dataEnvelope, opt, parseBody, ref } from './schemas.ts';

/** contract: section 12 — "100 B to 100 MB" (MB read as MiB, the storage convention). */
export const UPLOAD_MIN_BYTES = 100;
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
/** contract: Limits — signed upload form lifetime 5 minutes. */
export const UPLOAD_FORM_LIFETIME_MS = 5 * 60 * 1000;

const CREATE_KEYS = [
  'name',
  'fileSize',
  'company',
  'site',
  'conversation',
  'fileType',
  'fileMimeType',
  'fileSizeLoose',
  'deviceId',
  'assetType',
  'channelId',
  'originProperties',
];

function idObject(field: string, value: unknown): { id: string } | undefined {
  const obj = objectArg(field, value);
  if (obj === undefined) return undefined;
  onlyKeys(field, obj, ['id']);
  return { id: idArg(`${field}.id`, obj.id) };
}

/**
 * contract: section 12 — strict body; fileSize 100 B – 100 MB (exact match unless fileSizeLoose); company required unless
 * conversation is sent; site not allowed with conversation; conversation "instead of company/site, never both".
 */
export function signedUploadBody(input: SignedUploadCreate): Record<string, unknown> {
  onlyKeys('upload', input, CREATE_KEYS);
  const loose = boolArg('fileSizeLoose', input.fileSizeLoose);
  // The range applies to the declared size either way: fileSizeLoose only lifts "must equal the uploaded
  // size" (Limits: "100 bytes to 100 MB, exact match unless fileSizeLoose").
  const fileSize = intArg('fileSize', input.fileSize, UPLOAD_MIN_BYTES, UPLOAD_MAX_BYTES);
  if (fileSize === undefined) throw invalidArgument('fileSize', 'is required');
  const company = idObject('company', input.company);
  const site = idObject('site', input.site);
  const conversation = idObject('conversation', input.conversation);
  if (conversation && company) throw invalidArgument('company', 'cannot be sent together with conversation');
  if (conversation && site) throw invalidArgument('site', 'cannot be sent together with conversation');
  if (!conversation && !company) throw invalidArgument('company', 'is required unless conversation is sent');
  return compact({
    name: requiredText('name', input.name),
    fileSize,
    company,
    site,
    conversation,
    fileType: textArg('fileType', input.fileType),
    fileMimeType: textArg('fileMimeType', input.fileMimeType),
    fileSizeLoose: loose,
    deviceId: optIdArg('deviceId', input.deviceId),
    assetType: textArg('assetType', input.assetType),
    channelId: optIdArg('channelId', input.channelId),
    originProperties: objectArg('originProperties', input.originProperties),
  });
}

// contract: section 12 — {data: {signedUrl: {url, fields} or null, name}}.
const signedWire = dataEnvelope(
  z.looseObject({
    signedUrl: z.looseObject({ url: z.string().min(1), fields: z.record(z.string(), z.string()) }).nullable(),
    name: z.string(),
  }),
);

// contract: File — createdBy a number; `file` is the only URL field, empty when resolveFiles=false.
const fileWire = z.looseObject({
  id: z.string(),
  name: z.string(),
  fileType: opt(z.string()),
  fileSize: z.number(),
  createdDate: opt(z.string()),
  createdBy: opt(z.number()),
  origin: opt(z.string()),
  originProperties: z.unknown().optional(),
  company: opt(ref),
  site: opt(ref),
  conversation: z.unknown().optional(),
  file: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
});
const fileAnswer = dataEnvelope(fileWire);

function formContentType(fields: Record<string, string>): string {
  const key = Object.keys(fields).find((k) => k.toLowerCase() === 'content-type');
  return key === undefined ? 'application/octet-stream' : (fields[key] ?? 'application/octet-stream');
}

export function filesResource(ctx: ResourceContext): MonitoringApi['files'] {
  return {
    async createSignedUpload(input, signal) {
      const json = signedUploadBody(input);
      const requestedAt = ctx.now();
      const body = await ctx.http.send({
        method: 'POST',
        path: '/files/signed-uploads/create',
        json,
        signal,
      });
      const data = parseBody(signedWire, body, 'POST /files/signed-uploads/create').data;
      // contract: section 12 — "signedUrl is null on a signing failure, still with status 200."
      if (data.signedUrl === null) {
        throw new MonitoringError('SIGNING_FAILED', 'the platform could not sign an upload form', {
          method: 'POST',
          path: '/files/signed-uploads/create',
          body,
        });
      }
      return {
        url: data.signedUrl.url,
        fields: data.signedUrl.fields,
        name: data.name,
        expiresAt: requestedAt + UPLOAD_FORM_LIFETIME_MS,
      };
    },

    async upload(form, bytes, fileName, signal) {
      if (!(bytes instanceof Uint8Array)) throw invalidArgument('bytes', 'must be a Uint8Array');
      requiredText('fileName', fileName);
      if (ctx.now() >= form.expiresAt) {
        throw new MonitoringError(
          'UPLOAD_FAILED',
          'the upload form has expired (5 minutes); request a new one',
        );
      }
      // contract: section 12 — every entry of signedUrl.fields as a form field, then the bytes as `file` last;
      // the form's Content-Type entry must match the upload.
      const fd = new FormData();
      for (const [key, value] of Object.entries(form.fields)) fd.append(key, value);
      fd.append('file', new Blob([new Uint8Array(bytes)], { type: formContentType(form.fields) }), fileName);
      // Serialised up front so the request carries a Content-Length (storage form uploads refuse chunked bodies).
      const encoded = new Response(fd);
      const contentType = encoded.headers.get('content-type') ?? undefined;
      const payload = new Uint8Array(await encoded.arrayBuffer());
      const res = await ctx.presigned.send({
        method: 'POST',
        url: form.url,
        body: payload,
        contentType,
        signal,
        // contract: section 12 — "Success is 204 or 201 with an empty body."
        accept: (status) => status === 201 || status === 204,
        failCode: () => 'UPLOAD_FAILED',
      });
      await drain(res.body);
    },

    async get(fileId, opts = {}, signal) {
      const path = `/files/${segment(idArg('fileId', fileId))}`;
      // contract: section 13 — resolveFiles defaults to true; "No other query parameters (they fail)".
      const resolve = boolArg('resolveFiles', opts.resolveFiles);
      const query = { resolveFiles: resolve === false ? 'false' : undefined };
      const body = await ctx.http.send({ method: 'GET', path, query, signal });
      const file = parseBody(fileAnswer, body, 'GET /files/{fileId}').data;
      return {
        ...file,
        originProperties: file.originProperties ?? null,
        conversation: file.conversation ?? null,
      };
    },
  };
}
