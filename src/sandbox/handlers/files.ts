/** GET /files/{fileId} (section 13): file metadata with a pre-signed download URL in `file`. */
import { apiRoute, type KeyedRequest } from '../context.ts';
import { noAccess, ok, type Reply } from '../http.ts';
import type { FileRecord } from '../model.ts';
import { COMPANY } from '../seed-catalog.ts';
import { presign } from '../signing.ts';
import type { KeyContext, SandboxState } from '../state.ts';
import { utcWithOffset } from '../time.ts';

export const DOWNLOAD_LIFETIME_MS = 3_600_000;

function visible(state: SandboxState, key: KeyContext, file: FileRecord): boolean {
  return key.siteIds === null || (file.siteId !== null && state.siteAllowed(key, file.siteId));
}

export function fileJson(state: SandboxState, file: FileRecord, resolve: boolean): Record<string, unknown> {
  const site = state.site(file.siteId);
  return {
    id: file.id,
    name: file.name,
    fileType: file.fileType,
    fileSize: file.bytes.length,
    createdDate: utcWithOffset(file.createdMs),
    createdBy: file.createdBy,
    origin: file.origin,
    originProperties: file.originProperties,
    company: file.companyId ? { id: COMPANY.id, name: COMPANY.name } : null,
    site: site ? { id: site.id, name: site.name } : null,
    conversation: file.conversationId ? { id: file.conversationId } : null,
    // contract: file — `file` is "the only URL field"; "empty when resolveFiles=false".
    file: resolve
      ? presign(state.secret, state.baseUrl, `/_storage/files/${file.id}`, state.now() + DOWNLOAD_LIFETIME_MS)
      : '',
  };
}

function readFileRecord({ state, key, params, query }: KeyedRequest): Reply {
  const file = state.world.files.get(params.fileId ?? '');
  // contract: section 13 — "An unknown or invisible file gives an error, not null" (401 here).
  if (!file || !visible(state, key, file)) throw noAccess('file');
  return ok(fileJson(state, file, query.resolveFiles !== 'false'));
}

// contract: section 13 — resolveFiles only; "No other query parameters (they fail)".
export const getFile = apiRoute('GET', '/files/{fileId}', ['resolveFiles'], readFileRecord);
