/** Wire shape of a task (GET /tasks rows) and the strict bodies of POST /task/ and PATCH /task/{id}. */
import { z } from 'zod';
import type { Task, TaskCreate, TaskPatch } from './api.ts';
import {
  boolArg,
  compact,
  idArrayArg,
  objectArrayArg,
  onlyKeys,
  optIdArg,
  requiredText,
  strictBody,
  textArg,
  idArg,
} from './args.ts';
import { invalidArgument } from './errors.ts';
import { idText, opt, ref, siteRef } from './schemas.ts';

export const assigneeWire = z.looseObject({
  id: idText,
  firstName: opt(z.string()),
  lastName: opt(z.string()),
  name: opt(z.string()),
  email: opt(z.string()),
  username: opt(z.string()),
  channelId: opt(z.string()),
  image: opt(z.looseObject({ id: opt(idText), url: opt(z.string()), thumbnailUrl: opt(z.string()) })),
});
const auditRef = opt(z.looseObject({ id: opt(idText) }));

// contract: Task table — `postId` is a number while `id` is a string; unknown keys are tolerated.
export const taskWire = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: opt(z.string()),
  dueDate: opt(z.string()),
  doneDate: opt(z.string()),
  progressDate: z.unknown().optional(),
  timeSpent: opt(z.string()),
  formatedTimeSpent: opt(z.string()),
  timeToRespond: opt(z.string()),
  timeToResolve: opt(z.string()),
  timeToDueDate: opt(z.string()),
  assignee: opt(assigneeWire),
  status: ref,
  site: opt(siteRef),
  system: z.unknown().optional(),
  device: opt(ref),
  priority: opt(ref),
  type: opt(ref),
  auditInfo: opt(
    z.looseObject({
      createdBy: auditRef,
      createdDate: opt(z.string()),
      lastModifiedBy: auditRef,
      lastModifiedDate: opt(z.string()),
    }),
  ),
  timeSpentMandatory: opt(z.boolean()),
  postId: opt(z.number()),
});

/**
 * The fields of a task row a pass over a whole list reads, with the very schemas of taskWire (so they come out
 * the same); the other keys are not read here (strip), the row is kept raw for TaskGlance.full().
 */
export const taskGlanceWire = z.object({
  id: z.string(),
  dueDate: opt(z.string()),
  doneDate: opt(z.string()),
  status: ref,
  site: opt(siteRef),
  assignee: opt(assigneeWire),
});

export function toTask(wire: z.output<typeof taskWire>): Task {
  return { ...wire, progressDate: wire.progressDate ?? null, system: wire.system ?? null };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function dueDateArg(value: unknown): string | undefined {
  const text = textArg('dueDate', value);
  if (text !== undefined && !DATE.test(text))
    throw invalidArgument('dueDate', 'must be a date like 2024-05-31');
  return text;
}

const CREATE_KEYS = [
  'name',
  'siteId',
  'typeId',
  'deviceId',
  'priorityId',
  'statusId',
  'description',
  'dueDate',
  'assigneeId',
  'toChannelId',
  'fileIds',
  'formattedDescription',
  'timeSpentMandatory',
  'noInitialComment',
];

/**
 * contract: section 9 — strict body (any field not listed gives 400); IDs quoted non-empty strings, not "0";
 * no explicit null for statusId or typeId; deviceId required with typeId 3, not allowed with typeId 1;
 * noInitialComment: "omit rather than send false".
 */
export function createBody(input: TaskCreate): Record<string, unknown> {
  onlyKeys('task', input, CREATE_KEYS);
  // contract: section 9 — an omitted typeId has two conflicting documented outcomes: always send it.
  const typeId = idArg('typeId', input.typeId);
  if (typeId !== '1' && typeId !== '3')
    throw invalidArgument('typeId', 'must be "1" (manual) or "3" (about a data source)');
  const deviceId = optIdArg('deviceId', input.deviceId);
  if (typeId === '3' && deviceId === undefined)
    throw invalidArgument('deviceId', 'is required for a task about a data source (typeId 3)');
  if (typeId === '1' && deviceId !== undefined)
    throw invalidArgument('deviceId', 'is not allowed on a manual task (typeId 1)');
  return compact({
    name: requiredText('name', input.name),
    siteId: idArg('siteId', input.siteId),
    typeId,
    deviceId,
    priorityId: optIdArg('priorityId', input.priorityId),
    statusId: optIdArg('statusId', input.statusId),
    description: textArg('description', input.description),
    dueDate: dueDateArg(input.dueDate),
    assigneeId: optIdArg('assigneeId', input.assigneeId),
    toChannelId: optIdArg('toChannelId', input.toChannelId),
    fileIds: idArrayArg('fileIds', input.fileIds),
    // contract: section 9 — formattedDescription is object[] ("a plain HTML string is rejected").
    formattedDescription: objectArrayArg('formattedDescription', input.formattedDescription),
    timeSpentMandatory: boolArg('timeSpentMandatory', input.timeSpentMandatory),
    noInitialComment: boolArg('noInitialComment', input.noInitialComment) === true ? true : undefined,
  });
}

/**
 * contract: section 10 — strict; send only the fields to change. `id` is redundant (the path wins) and is not
 * sent. `assigneeId` is outside the listed fields and sent only when a caller asks for it explicitly.
 */
export function patchBody(patch: TaskPatch): Record<string, unknown> {
  return strictBody('patch', patch, {
    statusId: optIdArg,
    priorityId: optIdArg,
    name: (field, value) => (value === undefined ? undefined : requiredText(field, value)),
    description: textArg,
    dueDate: (_field, value) => dueDateArg(value),
    siteId: optIdArg,
    toChannelId: optIdArg,
    fileIds: idArrayArg,
    formattedDescription: objectArrayArg,
    timeSpentMandatory: boolArg,
    assigneeId: optIdArg,
  });
}
