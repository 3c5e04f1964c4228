/** Every route the sandbox serves (API sections 1–14 and the pre-signed storage URLs). */
import type { Route } from './context.ts';
import { getDataSource, listDataSources } from './handlers/data-sources.ts';
import { postDeviceStatus } from './handlers/devices.ts';
import { getExport } from './handlers/export.ts';
import { getFile } from './handlers/files.ts';
import { createPost } from './handlers/posts.ts';
import { getImport, getTemplate } from './handlers/readings-csv.ts';
import { getReadings } from './handlers/readings-query.ts';
import { postReadings } from './handlers/readings-write.ts';
import { downloadAvatar, downloadExport, downloadFile } from './handlers/storage-downloads.ts';
import { postImport, putImport } from './handlers/storage-import.ts';
import { uploadToStorage } from './handlers/storage-upload.ts';
import { createTask } from './handlers/task-create.ts';
import { patchTask } from './handlers/task-patch.ts';
import { listTasks } from './handlers/tasks-list.ts';
import { createSignedUpload } from './handlers/uploads.ts';

export const ROUTES: readonly Route[] = [
  listDataSources,
  getDataSource,
  getReadings,
  postReadings,
  getTemplate,
  getImport,
  getExport,
  listTasks,
  createTask,
  patchTask,
  createPost,
  createSignedUpload,
  getFile,
  postDeviceStatus,
  uploadToStorage,
  downloadFile,
  downloadExport,
  downloadAvatar,
  putImport,
  postImport,
];
