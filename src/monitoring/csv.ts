/** CSV side of readings: GET /reading/template, GET /import + PUT to the upload URL, GET /export. */
import { z } from 'zod';
import type { MonitoringApi } from './api.ts';
import { idArg, textArg } from './args.ts';
import { drain } from './http.ts';
import type { ResourceContext } from './context.ts';
import { invalidArgument, MonitoringError } from './errors.ts';
import { badResponse, dataEnvelope, parseBody } from './schemas.ts';
import { rangeParams } from './time-range.ts';

/** contract: Limits — "export request time budget: about 30 seconds, synchronous". Wait a little longer. */
const EXPORT_HEADERS_TIMEOUT_MS = 60_000;

const fileUrlData = z.looseObject({ fileUrl: z.string().nullish() });
// Built once: a zod schema built per call costs more than the parse.
const templateAnswer = dataEnvelope(z.string());
const importAnswer = dataEnvelope(fileUrlData);
const exportAnswer = dataEnvelope(fileUrlData.nullable());

export function csvResource(
  ctx: ResourceContext,
): Pick<MonitoringApi['readings'], 'template' | 'importCsv' | 'exportCsv'> {
  return {
    async template(meterId, signal) {
      const query = { meterId: idArg('meterId', meterId) };
      const body = await ctx.http.send({ method: 'GET', path: '/reading/template', query, signal });
      // contract: section 5 — {data: <string>} where the string is CSV (header line, then the latest reading).
      return parseBody(templateAnswer, body, 'GET /reading/template').data;
    },

    async importCsv(meterId, csv, opts = {}, signal) {
      const query = {
        meterId: idArg('meterId', meterId),
        timestampFormat: textArg('timestampFormat', opts.timestampFormat, {
          required: opts.timestampFormat !== undefined,
        }),
      };
      const bytes = typeof csv === 'string' ? new TextEncoder().encode(csv) : csv;
      if (!(bytes instanceof Uint8Array)) throw invalidArgument('csv', 'must be text or bytes');
      // contract: section 6 rule 3 — "An empty file is discarded silently": refuse it here, visibly.
      if (bytes.byteLength === 0) throw invalidArgument('csv', 'is empty');
      const body = await ctx.http.send({ method: 'GET', path: '/import', query, signal });
      const fileUrl = parseBody(importAnswer, body, 'GET /import').data.fileUrl;
      // contract: section 6 rule 5 — "An empty fileUrl is a failure."
      if (!fileUrl) {
        throw new MonitoringError('SIGNING_FAILED', 'GET /import returned no upload URL', {
          method: 'GET',
          path: '/import',
          body,
        });
      }
      // contract: section 6 rule 1 — upload the raw CSV with HTTP PUT to fileUrl, no auth headers (multipart or
      // POST does not work). Not retried: the URL is "single-use in practice".
      const res = await ctx.presigned.send({
        method: 'PUT',
        url: fileUrl,
        body: bytes,
        contentType: 'text/csv',
        signal,
        failCode: () => 'UPLOAD_FAILED',
      });
      await drain(res.body);
    },

    async exportCsv(meterId, range, signal) {
      const query = {
        meterId: idArg('meterId', meterId),
        ...(range === undefined ? {} : rangeParams(range)),
      };
      const body = await ctx.http.send({
        method: 'GET',
        path: '/export',
        query,
        signal,
        headersTimeoutMs: EXPORT_HEADERS_TIMEOUT_MS,
      });
      // contract: section 7 — {data: {fileUrl}} or {data: null} when the range holds no readings.
      const data = parseBody(exportAnswer, body, 'GET /export').data;
      if (data === null) return null;
      if (!data.fileUrl) return badResponse('GET /export: data without a fileUrl', body);
      return { fileUrl: data.fileUrl };
    },
  };
}
