/**
 * The storage side of signed uploads (section 12 "Upload step"): a multipart/form-data POST with every
 * signed field, then the file bytes as field `file` last; 204 on success, then the file record exists.
 */
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import type { Route } from '../context.ts';
import { verify } from '../signing.ts';
import type { SandboxState, UploadForm } from '../state.ts';
import { isObj } from '../validate.ts';
import { storageError } from './storage-downloads.ts';
import { MAX_SIZE, MIN_SIZE, serialiseOrigin } from './uploads.ts';

interface ParsedForm {
  fields: Record<string, string>;
  file: { bytes: Buffer; mimeType: string } | null;
  fieldAfterFile: boolean;
}

function parseMultipart(req: IncomingMessage): Promise<ParsedForm> {
  return new Promise((resolve, reject) => {
    const out: ParsedForm = { fields: {}, file: null, fieldAfterFile: false };
    let fileSeen = false;
    const bb = busboy({ headers: req.headers, limits: { fileSize: MAX_SIZE + 1, files: 1 } });
    bb.on('field', (name, value) => {
      if (fileSeen) out.fieldAfterFile = true;
      out.fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      fileSeen = true;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (name === 'file') out.file = { bytes: Buffer.concat(chunks), mimeType: info.mimeType };
      });
    });
    bb.on('close', () => resolve(out));
    bb.on('error', reject);
    req.pipe(bb);
  });
}

/** Every entry of signedUrl.fields must come back in the form. */
const FORM_FIELDS = [
  'key',
  'Content-Type',
  'x-amz-algorithm',
  'x-amz-credential',
  'x-amz-date',
  'policy',
  'x-amz-signature',
];

const baseType = (t: string) => t.split(';')[0]?.trim().toLowerCase() ?? '';

function createRecord(state: SandboxState, form: UploadForm, bytes: Buffer): string {
  const body = form.body;
  const refId = (k: string) => (isObj(body[k]) && typeof body[k].id === 'string' ? body[k].id : null);
  const id = String(state.seq.file++);
  const neither = body.fileType === undefined && body.fileMimeType === undefined;
  state.world.files.set(id, {
    id,
    name: neither ? `${form.name.replace(/\.[^.]*$/, '')}.bin` : form.name,
    fileType: form.fileType,
    contentType: form.contentType,
    bytes,
    createdMs: state.now(),
    createdBy: Number(form.byUserId),
    origin: 'integration',
    originProperties: isObj(body.originProperties) ? serialiseOrigin(body.originProperties) : null,
    companyId: refId('company'),
    siteId: refId('site'),
    conversationId: refId('conversation'),
    // deviceId is "only effective together with assetType".
    deviceId: typeof body.deviceId === 'string' && typeof body.assetType === 'string' ? body.deviceId : null,
  });
  return id;
}

export const uploadToStorage: Route = {
  method: 'POST',
  path: '/_storage/upload',
  query: [],
  presigned: true,
  async handle(ctx) {
    const { state } = ctx;
    if (!(ctx.headers['content-type'] ?? '').startsWith('multipart/form-data'))
      return storageError(400, 'InvalidRequest', 'Uploads are multipart/form-data POSTs.');
    const form = await parseMultipart(ctx.req);
    const { fields, file } = form;
    if (!file)
      return storageError(
        400,
        'InvalidArgument',
        'POST requires exactly one file upload per request (field `file`).',
      );
    if (form.fieldAfterFile)
      return storageError(400, 'InvalidArgument', 'The file must be the last field of the form.');
    const missing = FORM_FIELDS.filter((name) => fields[name] === undefined);
    if (missing.length > 0)
      return storageError(
        403,
        'AccessDenied',
        `Invalid according to Policy: missing form fields ${missing.join(', ')}`,
      );
    const policy = fields.policy ?? '';
    if (!fields['x-amz-signature'] || !verify(state.secret, policy, fields['x-amz-signature']))
      return storageError(403, 'SignatureDoesNotMatch', 'The request signature does not match.');
    const upload = state.uploadForms.get(fields.key ?? '');
    if (!upload) return storageError(403, 'AccessDenied', 'Invalid according to Policy: key');
    // contract: limits — the form lives 5 minutes (the sandbox clock, so admin.tick() can expire it).
    if (state.now() > upload.expiresMs)
      return storageError(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    // contract: section 12 — "The form fields include a Content-Type entry that must match the upload."
    if (fields['Content-Type'] !== upload.contentType)
      return storageError(
        403,
        'AccessDenied',
        'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type"]',
      );
    if (baseType(file.mimeType) !== baseType(upload.contentType))
      return storageError(
        403,
        'AccessDenied',
        `Invalid according to Policy: the file part is ${file.mimeType}, the form says ${upload.contentType}`,
      );
    const size = file.bytes.length;
    const [min, max] = upload.loose ? [MIN_SIZE, MAX_SIZE] : [upload.fileSize, upload.fileSize];
    if (size < min)
      return storageError(
        400,
        'EntityTooSmall',
        'Your proposed upload is smaller than the minimum allowed size',
      );
    if (size > max)
      return storageError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    const fileId = createRecord(state, upload, file.bytes);
    state.uploads.push({
      fileId,
      tempName: upload.tempName,
      key: upload.key,
      name: upload.name,
      size,
      contentType: upload.contentType,
      uploadedAt: state.now(),
    });
    return { status: 204 };
  },
};
