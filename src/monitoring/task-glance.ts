/**
 * TaskGlance rows of a GET /tasks page: each row checked only in the fields a pass over a whole list reads, and
 * in full by `full()` when it is shown. A list reads up to 1,000 rows to show ten, so the glance is a plain check
 * of the common case (the platform already sends these fields in their normal form): a field that passes it is
 * exactly what taskGlanceWire would return, and is used as sent. Any other row goes through taskGlanceWire
 * itself, which normalises it (a numeric id, a missing name) or fails the page.
 */
import type { Task, TaskGlance } from './api.ts';
import { isPlainObject } from './args.ts';
import { parseBody } from './schemas.ts';
import { taskGlanceWire, taskWire, toTask } from './task-schema.ts';

type GlanceFields = Omit<TaskGlance, 'full'>;

const WHAT = 'GET /tasks';

/** opt(z.string()) of a key that is present: null or a string is already its output. */
function isTextOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/** Already what `ref` returns: an id string and a name present as text or null (unknown keys kept). */
function isNormalRef(value: unknown): value is NonNullable<Task['status']> {
  return isPlainObject(value) && typeof value.id === 'string' && isTextOrNull(value.name);
}

function isNormalSite(value: unknown): value is NonNullable<Task['site']> {
  return isPlainObject(value) && isNormalRef(value) && isTextOrNull(value.channelId);
}

const ASSIGNEE_TEXT = ['firstName', 'lastName', 'name', 'email', 'username', 'channelId'] as const;
const IMAGE_TEXT = ['id', 'url', 'thumbnailUrl'] as const;

/** Already what `assigneeWire` returns: every listed field present in its normal form. */
function isNormalAssignee(value: unknown): value is NonNullable<Task['assignee']> {
  if (!isPlainObject(value) || typeof value.id !== 'string') return false;
  for (const key of ASSIGNEE_TEXT) if (!isTextOrNull(value[key])) return false;
  const image = value.image;
  if (image === null) return true;
  if (!isPlainObject(image)) return false;
  for (const key of IMAGE_TEXT) if (!isTextOrNull(image[key])) return false;
  return true;
}

/** The glanced fields of one row, exactly as taskGlanceWire returns them (or its BAD_RESPONSE). */
export function glanceFields(raw: unknown): GlanceFields {
  if (isPlainObject(raw)) {
    const { id, dueDate, doneDate, status, site, assignee } = raw;
    if (
      typeof id === 'string' &&
      (dueDate === undefined || isTextOrNull(dueDate)) &&
      (doneDate === undefined || isTextOrNull(doneDate)) &&
      isNormalRef(status) &&
      (site === undefined || site === null || isNormalSite(site)) &&
      (assignee === undefined || assignee === null || isNormalAssignee(assignee))
    ) {
      return {
        id,
        dueDate: dueDate ?? null,
        doneDate: doneDate ?? null,
        status,
        site: site ?? null,
        assignee: assignee ?? null,
      };
    }
  }
  return parseBody(taskGlanceWire, raw, WHAT);
}

/** One glanced row; the raw row is kept (not enumerable) for `full()`, checked in full once, when first asked. */
class GlancedTask implements TaskGlance {
  readonly id: string;
  readonly dueDate: string | null;
  readonly doneDate: string | null;
  readonly status: TaskGlance['status'];
  readonly site: TaskGlance['site'];
  readonly assignee: TaskGlance['assignee'];
  readonly #raw: unknown;
  #task: Task | undefined;

  constructor(fields: GlanceFields, raw: unknown) {
    this.id = fields.id;
    this.dueDate = fields.dueDate;
    this.doneDate = fields.doneDate;
    this.status = fields.status;
    this.site = fields.site;
    this.assignee = fields.assignee;
    this.#raw = raw;
  }

  full(): Task {
    return (this.#task ??= toTask(parseBody(taskWire, this.#raw, WHAT)));
  }
}

/** A page of glances (PageRows): a row broken where it is glanced fails the page; elsewhere, only its full(). */
export function glanceRows(rows: unknown[]): TaskGlance[] {
  const out: TaskGlance[] = [];
  for (const raw of rows) out.push(new GlancedTask(glanceFields(raw), raw));
  return out;
}
