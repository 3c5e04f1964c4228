/** POST /files/signed-uploads/create (section 12): a signed form for a direct upload to the sandbox's storage. */
import { createHash, randomBytes } from 'node:crypto';
import { apiRoute, type KeyedRequest } from '../context.ts';
import { noAccess, ok, ValidationError, type Reply } from '../http.ts';
import { COMPANY } from '../seed-catalog.ts';
import { sign } from '../signing.ts';
import { bool, id, isObj, num, str, strictObj, type Obj } from '../validate.ts';

const FIELDS = [
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
export const MIN_SIZE = 100;
export const MAX_SIZE = 100 * 1024 * 1024;
/** contract: limits — "signed upload form lifetime: 5 minutes". */
export const FORM_LIFETIME_MS = 5 * 60_000;

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  mp4: 'video/mp4',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function ref(body: Obj, key: string): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  return id(strictObj(value, ['id'], key), 'id', true);
}

/** contract: section 12 — originProperties: "objects are serialised to a string before processing". */
export function serialiseOrigin(value: Obj): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : v]),
  );
}

function signUploadForm({ state, key, body: raw }: KeyedRequest): Reply {
  // contract: section 12 — strict: an unknown field (also `contentType`, inline content) gives 400.
  const body = strictObj(raw, FIELDS, 'signed upload');
  const name = str(body, 'name', { required: true, nonEmpty: true }) ?? '';
  const fileSize = num(body, 'fileSize', true) ?? 0;
  if (!Number.isInteger(fileSize) || fileSize < MIN_SIZE || fileSize > MAX_SIZE)
    throw new ValidationError('fileSize must be 100 B to 100 MB');
  const companyId = ref(body, 'company');
  const siteId = ref(body, 'site');
  const conversationId = ref(body, 'conversation');
  // contract: section 12 — company required unless conversation; conversation "instead of company/site, never both".
  if (conversationId !== undefined && (companyId !== undefined || siteId !== undefined))
    throw new ValidationError('conversation excludes company and site');
  if (conversationId === undefined && companyId === undefined)
    throw new ValidationError('company is required');
  const fileType = str(body, 'fileType', { nonEmpty: true });
  const fileMimeType = str(body, 'fileMimeType', { nonEmpty: true });
  const loose = bool(body, 'fileSizeLoose') ?? false;
  const deviceId = id(body, 'deviceId');
  str(body, 'assetType');
  id(body, 'channelId');
  if (body.originProperties !== undefined && !isObj(body.originProperties))
    throw new ValidationError('originProperties must be an object');
  if (companyId !== undefined && companyId !== COMPANY.id) throw noAccess('company');
  if (siteId !== undefined && (!state.site(siteId) || !state.siteAllowed(key, siteId)))
    throw noAccess('site');
  if (deviceId !== undefined) {
    const device = state.world.sourceById.get(deviceId);
    if (!device || !state.canWrite(key, device)) throw noAccess('data source');
  }
  const nameExt = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  const mimeExt = Object.entries(MIME).find(([, mime]) => mime === fileMimeType)?.[0];
  const typeExt = fileType?.replace(/^\./, '').toLowerCase();
  // contract: section 12 — fileMimeType wins over fileType (for the stored type too) and becomes the required
  // upload Content-Type; "with neither fileType nor fileMimeType the file is stored as .bin".
  const ext = fileMimeType ? (mimeExt ?? typeExt ?? nameExt ?? 'bin') : (typeExt ?? 'bin');
  const contentType = fileMimeType ?? (typeExt ? MIME[typeExt] : undefined) ?? 'application/octet-stream';
  const tempName = `${randomBytes(8).toString('hex')}-${createHash('sha1').update(name).digest('hex').slice(0, 8)}.${ext}`;
  const objectKey = `uploads/${companyId ?? `conversation-${conversationId}`}/${tempName}`;
  const expiresMs = state.now() + FORM_LIFETIME_MS;
  state.uploadForms.set(objectKey, {
    byUserId: key.userId,
    tempName,
    key: objectKey,
    expiresMs,
    contentType,
    fileSize,
    loose,
    name,
    fileType: ext,
    body: { ...body },
  });
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(expiresMs).toISOString(),
      conditions: [
        { key: objectKey },
        { 'Content-Type': contentType },
        loose ? ['content-length-range', MIN_SIZE, MAX_SIZE] : ['content-length-range', fileSize, fileSize],
      ],
    }),
  ).toString('base64');
  const fields = {
    key: objectKey,
    'Content-Type': contentType,
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': 'SANDBOX/sandbox-storage/s3/aws4_request',
    'x-amz-date': new Date(state.now())
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, ''),
    policy,
    'x-amz-signature': sign(state.secret, policy),
  };
  return ok({ signedUrl: { url: `${state.baseUrl}/_storage/upload`, fields }, name: tempName });
}

export const createSignedUpload = apiRoute('POST', '/files/signed-uploads/create', [], signUploadForm);
