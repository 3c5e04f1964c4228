/**
 * The monitoring client, audited (issue 42): every write method records an entry after the platform answered, so
 * no feature can forget one. Wrapped around the person-bound and the shared (relay) clients in src/main/compose.ts.
 * A failure the platform answered (a MonitoringError) is recorded as failed, with its code; a call stopped before
 * anything was sent (no key, refused) is not a write and is not recorded.
 */
import type { MonitoringApi } from '../../monitoring/api.ts';
import { isMonitoringError } from '../../monitoring/index.ts';
import type { AuditKind, AuditWhat } from './audit-entry.ts';
import type { AuditTrail } from './audit-trail.ts';

export function auditedMonitoring(api: MonitoringApi, trail: AuditTrail): MonitoringApi {
  async function audited<T>(kind: AuditKind, run: () => Promise<T>, what: (r: T | undefined) => AuditWhat) {
    let result: T;
    try {
      result = await run();
    } catch (err) {
      if (isMonitoringError(err))
        await trail.record(kind, { ...what(undefined), detail: err.code }, 'failed');
      throw err;
    }
    await trail.record(kind, what(result), 'ok');
    return result;
  }
  // The site an upload form was made for, kept until the upload (a form lives 5 minutes).
  const uploadSites = new WeakMap<object, string>();
  return {
    ...api,
    readings: {
      ...api.readings,
      write: (batch, signal) =>
        audited(
          'reading.written',
          () => api.readings.write(batch, signal),
          () => ({
            platformId: [...new Set(batch.map((b) => b.meterId))].join(',') || null,
            detail: `${batch.reduce((n, b) => n + b.readings.length, 0)} readings`,
          }),
        ),
      importCsv: (meterId, csv, o, signal) =>
        audited(
          'import.started',
          () => api.readings.importCsv(meterId, csv, o, signal),
          () => ({
            platformId: meterId,
            detail: `${typeof csv === 'string' ? Buffer.byteLength(csv) : csv.byteLength} bytes`,
          }),
        ),
    },
    tasks: {
      ...api.tasks,
      create: (input, signal) =>
        audited(
          'task.created',
          () => api.tasks.create(input, signal),
          (r) => ({ platformId: r ? String(r.taskId) : null, site: input.siteId }),
        ),
      update: (id, patch, signal) =>
        audited(
          'task.changed',
          () => api.tasks.update(id, patch, signal),
          // Field names only: a description or a name is the person's text.
          () => ({ platformId: id, detail: Object.keys(patch).sort().join(',') }),
        ),
    },
    posts: {
      ...api.posts,
      create: (post, signal) =>
        audited(
          'post.created',
          () => api.posts.create(post, signal),
          (r) => ({ platformId: r ? String(r.postId) : null }),
        ),
    },
    files: {
      ...api.files,
      createSignedUpload: async (input, signal) => {
        const form = await api.files.createSignedUpload(input, signal);
        if (input.site?.id) uploadSites.set(form, input.site.id);
        return form;
      },
      upload: (form, bytes, fileName, signal) =>
        audited(
          'file.uploaded',
          () => api.files.upload(form, bytes, fileName, signal),
          () => ({
            platformId: form.name,
            site: uploadSites.get(form) ?? null,
            detail: `${bytes.byteLength} bytes`,
          }),
        ),
    },
    devices: {
      ...api.devices,
      reportStatus: (id, status, signal) =>
        audited(
          'device.status',
          () => api.devices.reportStatus(id, status, signal),
          () => ({ platformId: id, detail: String(status) }),
        ),
    },
  };
}
