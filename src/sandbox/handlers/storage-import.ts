/** The import upload URL (section 6): raw CSV by PUT, no auth headers, single use; parsed asynchronously. */
import type { Route } from '../context.ts';
import { readBody } from '../http.ts';
import { processImport } from '../import-run.ts';
import { signatureProblem, storageError } from './storage-downloads.ts';

const QUERY = ['run', 'expires', 'signature'];

export const putImport: Route = {
  method: 'PUT',
  path: '/_storage/imports/{sourceId}',
  query: QUERY,
  presigned: true,
  async handle(ctx) {
    const { state } = ctx;
    const problem = signatureProblem(ctx, ['run']);
    if (problem) return problem;
    const run = state.imports.get(ctx.query.run ?? '');
    const source = state.world.sourceById.get(ctx.params.sourceId ?? '');
    if (!run || !source || run.sourceId !== source.id)
      return storageError(403, 'AccessDenied', 'Unknown import run.');
    // contract: section 6 rule 2 — "single-use in practice".
    if (run.state !== 'waiting')
      return storageError(403, 'AccessDenied', 'This upload URL has already been used.');
    // contract: section 6 rule 1 — "Upload the raw CSV with HTTP PUT … (multipart or POST does not work)".
    if ((ctx.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')) {
      return storageError(400, 'InvalidRequest', 'Upload the raw CSV; multipart bodies are not accepted.');
    }
    const bytes = await readBody(ctx.req);
    // contract: section 6 rule 3 — "An empty file is discarded silently."
    if (bytes.length === 0) {
      run.state = 'discarded';
      return { status: 200 };
    }
    run.state = 'received';
    run.csv = bytes.toString('utf8');
    const csv = run.csv;
    // Asynchronous: a successful upload "means the file arrived, not that readings are stored".
    setImmediate(() => processImport(state, run, source, csv));
    return { status: 200 };
  },
};

export const postImport: Route = {
  method: 'POST',
  path: '/_storage/imports/{sourceId}',
  query: QUERY,
  presigned: true,
  handle() {
    // The URL is signed for PUT; any other method fails like a storage signature mismatch.
    return storageError(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match: this URL accepts PUT only.',
    );
  },
};
