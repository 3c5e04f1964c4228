/**
 * A client that sends each call through the client `pick` chooses at call time (issue 39: the person-bound client
 * goes to the acting workspace's platform). Each chosen client keeps its own rules: its key goes only to its own
 * base URL, pre-signed URLs are fetched without it (contract: Authentication rule 4).
 */
import type { MonitoringApi, Page, TaskGlance } from './api.ts';

export function createRoutedMonitoring(
  pick: () => Promise<MonitoringApi>,
  close: () => Promise<void>,
): MonitoringApi {
  async function* stream<T>(open: (api: MonitoringApi) => AsyncIterable<T>): AsyncIterable<T> {
    yield* open(await pick());
  }
  return {
    dataSources: {
      list: (query, signal) => stream((api) => api.dataSources.list(query, signal)),
      listPage: async (query, lastValue, signal) =>
        (await pick()).dataSources.listPage(query, lastValue, signal),
      get: async (id, opts, signal) => (await pick()).dataSources.get(id, opts, signal),
    },
    readings: {
      query: (query, signal) => stream((api) => api.readings.query(query, signal)),
      queryPage: async (query, lastValue, signal) =>
        (await pick()).readings.queryPage(query, lastValue, signal),
      write: async (batch, signal) => (await pick()).readings.write(batch, signal),
      template: async (meterId, signal) => (await pick()).readings.template(meterId, signal),
      importCsv: async (meterId, csv, opts, signal) =>
        (await pick()).readings.importCsv(meterId, csv, opts, signal),
      exportCsv: async (meterId, range, signal) => (await pick()).readings.exportCsv(meterId, range, signal),
    },
    tasks: {
      list: (query, signal) => stream((api) => api.tasks.list(query, signal)),
      listPage: async (query, lastValue, signal) => (await pick()).tasks.listPage(query, lastValue, signal),
      async glancePage(query, lastValue, signal): Promise<Page<TaskGlance>> {
        const api = await pick();
        if (api.tasks.glancePage) return api.tasks.glancePage(query, lastValue, signal);
        const page = await api.tasks.listPage(query, lastValue, signal);
        return { ...page, rows: page.rows.map((t) => ({ ...t, full: () => t })) };
      },
      create: async (input, signal) => (await pick()).tasks.create(input, signal),
      update: async (id, patch, signal) => (await pick()).tasks.update(id, patch, signal),
    },
    posts: { create: async (post, signal) => (await pick()).posts.create(post, signal) },
    files: {
      createSignedUpload: async (input, signal) => (await pick()).files.createSignedUpload(input, signal),
      upload: async (form, bytes, name, signal) => (await pick()).files.upload(form, bytes, name, signal),
      get: async (fileId, opts, signal) => (await pick()).files.get(fileId, opts, signal),
    },
    devices: {
      reportStatus: async (id, status, signal) => (await pick()).devices.reportStatus(id, status, signal),
    },
    download: async (url, signal) => (await pick()).download(url, signal),
    close,
  };
}
