/**
 * "Create a maintenance task": the task modal's rules and messages on the step's inputs, the site and data source
 * as the acting person sees them, the assignee mapped like the modal's, then POST /task/ through the tasks
 * service and the card posted to the acting person. With "Ask first", the acting person confirms in a message.
 */
import type { Assignee, Task } from '../../monitoring/api.ts';
import {
  assigneeError,
  createBody,
  postCard,
  priorityName,
  renderCardFor,
  TASK_FIELD,
  validateTaskForm,
  type TaskForm,
} from '../../tasks/index.ts';
import { parseTaskInputs, type TaskInputs } from '../rules/step-inputs.ts';
import { inert } from '../rules/step-outputs.ts';
import { esc, renderQuestion } from '../render/step-question.ts';
import { findSite, findSource } from './lookups.ts';
import type { StepDefinition, StepDeps, StepOutcome } from './step-run.ts';

/** The modal's field → the step's input title, before the modal's own message. */
const INPUT_TITLE: Record<string, string> = {
  [TASK_FIELD.name]: 'Task name',
  [TASK_FIELD.site]: 'Site',
  [TASK_FIELD.device]: 'Data source',
  [TASK_FIELD.due]: 'Due date',
};

function firstError(errors: Record<string, string>): string | undefined {
  const [field, message] = Object.entries(errors)[0] ?? [];
  return field && message ? `${INPUT_TITLE[field] ?? 'Input'}: ${message}` : undefined;
}

function formOf(input: TaskInputs, ids: Partial<TaskForm>): TaskForm {
  return {
    name: input.name,
    kind: input.kind,
    slackFileIds: [],
    ...(input.priorityId ? { priorityId: input.priorityId } : {}),
    ...(input.dueDate ? { dueDate: input.dueDate } : {}),
    ...(input.description ? { description: input.description } : {}),
    ...ids,
  };
}

/** One line, no links: "Task 1042 “Check boiler pressure” at North Plant — high priority, due 2026-12-07, for Ben Okafor". */
export function taskSummary(task: Task, siteName: string): string {
  const priority = priorityName(task.priority?.id ?? null);
  const who = task.assignee ? (task.assignee.name ?? task.assignee.email) : null;
  const parts = [
    priority ? `${priority.toLowerCase()} priority` : null,
    task.dueDate ? `due ${task.dueDate}` : null,
    who ? `for ${who}` : null,
  ].filter((p): p is string => p !== null);
  return inert(
    `Task ${task.id} “${task.name}” at ${siteName}${parts.length > 0 ? ` — ${parts.join(', ')}` : ''}`,
    400,
  );
}

export const createTaskStep = (deps: StepDeps): StepDefinition<TaskInputs> => ({
  parse: parseTaskInputs,
  async run(ctx, input): Promise<StepOutcome> {
    // The modal's rules first, on what was given (a site named, a data source named): nothing read yet.
    const given = firstError(
      validateTaskForm(
        formOf(input, {
          ...(input.site ? { siteId: input.site } : {}),
          ...(input.dataSource ? { deviceId: input.dataSource } : {}),
        }),
        'create',
      ),
    );
    if (given) return { error: given };
    const site = await findSite(deps, input.site);
    if (!site.ok) return { error: site.error };
    const source = input.kind === '3' ? await findSource(deps, input.dataSource ?? '') : undefined;
    if (source && !source.ok) return { error: source.error };
    const device = source?.ok ? source.value : undefined;
    const form = formOf(input, {
      siteId: site.value.id,
      siteName: site.value.name,
      ...(device ? { deviceId: device.id, deviceSiteId: device.site.id, deviceName: device.name } : {}),
    });
    // contract: POST /task/ — deviceId "required when typeId is 3", of the task's site (the modal's check).
    const checked = firstError(validateTaskForm(form, 'create'));
    if (checked) return { error: checked };
    let assignee: Assignee | null = null;
    if (input.assignee) {
      const match = await deps.directory.people.platformUserFor(ctx.client, input.assignee);
      if (match.kind !== 'found') return { error: `Assignee: ${assigneeError(match)}` };
      assignee = match.assignee;
    }
    if (input.confirm && !ctx.answered) {
      const text = `A workflow asks you to create the task *${esc(input.name)}* at *${esc(site.value.name)}*${device ? ` for ${esc(device.name)}` : ''} on the platform, as you.`;
      await ctx.client.chat.postMessage({
        channel: ctx.user,
        ...renderQuestion({ text, yes: 'Create task', no: 'Don’t create' }),
      });
      return { asked: true };
    }
    const body = createBody(form, {
      ...(site.value.channelId ? { toChannelId: site.value.channelId } : {}),
      ...(assignee ? { assigneeId: assignee.id } : {}),
    });
    const task = await deps.tasks.create(body, {
      site: { id: site.value.id, name: site.value.name, channelId: site.value.channelId },
      device: device ? { id: device.id, name: device.name } : null,
      assignee,
    });
    // POST /task/ answers only an id: the card and the summary show the task as the platform keeps it.
    const shown =
      (await deps.tasks.refresh(task, undefined, { newest: true }).catch(() => undefined)) ?? task;
    const place = await postCard(ctx.client, { user: ctx.user }, await renderCardFor(deps, shown));
    return {
      outputs: {
        task_id: task.id,
        summary: taskSummary(shown, site.value.name),
        card_message: { message_ts: place.ts, channel_id: place.channel, user_id: ctx.user },
      },
    };
  },
});
