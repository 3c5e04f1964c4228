/**
 * Limits of Block Kit composition objects and interactive elements (text objects, buttons, selects, options,
 * confirm dialogs), from docs.slack.dev via ../shared/slack/slackblocks-limits.json.
 */

export type Problems = string[];

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function problem(message: string, pointer: string): string {
  return `${message} [json-pointer:${pointer}]`;
}

interface TextRule {
  max?: number;
  plainOnly?: boolean;
  required?: boolean;
}

export function checkText(value: unknown, at: string, out: Problems, rule: TextRule): void {
  if (value === undefined) {
    if (rule.required) out.push(problem('missing required field', at));
    return;
  }
  if (!isObject(value)) return void out.push(problem('must be a text object', at));
  const allowed = rule.plainOnly ? ['plain_text'] : ['plain_text', 'mrkdwn'];
  if (typeof value.type !== 'string' || !allowed.includes(value.type)) {
    out.push(problem(`must be one of: ${allowed.join(', ')}`, `${at}/type`));
  }
  const text = value.text;
  if (typeof text !== 'string') return void out.push(problem('missing required field: text', at));
  if (text.length < 1) out.push(problem('must be more than 0 characters', `${at}/text`));
  const max = Math.min(rule.max ?? 3000, 3000);
  if (text.length > max) out.push(problem(`must be less than ${max + 1} characters`, `${at}/text`));
}

function checkString(value: unknown, at: string, max: number, out: Problems, required = false): void {
  if (value === undefined) {
    if (required) out.push(problem('missing required field', at));
    return;
  }
  if (typeof value !== 'string') return void out.push(problem('must be a string', at));
  if (value.length > max) out.push(problem(`must be less than ${max + 1} characters`, at));
}

function checkOption(option: unknown, at: string, out: Problems, plainOnly: boolean): void {
  if (!isObject(option)) return void out.push(problem('must be an option object', at));
  checkText(option.text, `${at}/text`, out, { max: 75, plainOnly, required: true });
  checkString(option.value, `${at}/value`, 150, out, true);
  if (option.description !== undefined) checkText(option.description, `${at}/description`, out, { max: 75 });
  checkString(option.url, `${at}/url`, 3000, out);
}

function checkOptions(
  list: unknown,
  at: string,
  min: number,
  max: number,
  out: Problems,
  plainOnly: boolean,
): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return void out.push(problem('must be an array', at));
  if (list.length < min) out.push(problem(`must provide at least ${min} items`, at));
  if (list.length > max) out.push(problem(`no more than ${max} items allowed`, at));
  list.forEach((o, i) => checkOption(o, `${at}/${i}`, out, plainOnly));
}

function checkConfirm(confirm: unknown, at: string, out: Problems): void {
  if (confirm === undefined) return;
  if (!isObject(confirm)) return void out.push(problem('must be a confirm object', at));
  checkText(confirm.title, `${at}/title`, out, { max: 100, plainOnly: true, required: true });
  checkText(confirm.text, `${at}/text`, out, { max: 300, required: true });
  checkText(confirm.confirm, `${at}/confirm`, out, { max: 30, plainOnly: true, required: true });
  checkText(confirm.deny, `${at}/deny`, out, { max: 30, plainOnly: true, required: true });
}

const SELECTS = new Set([
  'static_select',
  'external_select',
  'users_select',
  'conversations_select',
  'channels_select',
  'multi_static_select',
  'multi_external_select',
  'multi_users_select',
  'multi_conversations_select',
  'multi_channels_select',
]);

export function checkElement(element: unknown, at: string, actionIds: Set<string>, out: Problems): void {
  if (!isObject(element)) return void out.push(problem('must be an element object', at));
  const type = element.type;
  if (typeof type !== 'string') return void out.push(problem('missing required field: type', at));
  if (element.action_id !== undefined) {
    checkString(element.action_id, `${at}/action_id`, 255, out);
    if (typeof element.action_id === 'string') {
      if (actionIds.has(element.action_id)) {
        out.push(problem(`duplicate action_id: ${element.action_id}`, `${at}/action_id`));
      }
      actionIds.add(element.action_id);
    }
  }
  checkConfirm(element.confirm, `${at}/confirm`, out);
  if (element.placeholder !== undefined) {
    checkText(element.placeholder, `${at}/placeholder`, out, { max: 150, plainOnly: true });
  }
  if (type === 'button') {
    checkText(element.text, `${at}/text`, out, { max: 75, plainOnly: true, required: true });
    checkString(element.value, `${at}/value`, 2000, out);
    checkString(element.url, `${at}/url`, 3000, out);
    if (element.style !== undefined && element.style !== 'primary' && element.style !== 'danger') {
      out.push(problem('must be one of: primary, danger', `${at}/style`));
    }
  } else if (SELECTS.has(type)) {
    checkOptions(element.options, `${at}/options`, 0, 100, out, true);
    if (element.option_groups !== undefined) {
      if (!Array.isArray(element.option_groups) || element.option_groups.length > 100) {
        out.push(problem('no more than 100 items allowed', `${at}/option_groups`));
      } else {
        element.option_groups.forEach((g, i) => {
          const p = `${at}/option_groups/${i}`;
          if (!isObject(g)) return void out.push(problem('must be an option group', p));
          checkText(g.label, `${p}/label`, out, { max: 75, plainOnly: true, required: true });
          checkOptions(g.options, `${p}/options`, 1, 100, out, true);
        });
      }
    }
    if (type === 'static_select' && element.options === undefined && element.option_groups === undefined) {
      out.push(problem('must provide options or option_groups', at));
    }
  } else if (type === 'overflow') {
    checkOptions(element.options, `${at}/options`, 1, 5, out, true);
  } else if (type === 'checkboxes' || type === 'radio_buttons') {
    checkOptions(element.options, `${at}/options`, 1, 10, out, false);
  } else if (type === 'plain_text_input') {
    if (typeof element.max_length === 'number' && element.max_length > 3000) {
      out.push(problem('must be less than 3001', `${at}/max_length`));
    }
    checkString(element.initial_value, `${at}/initial_value`, 3000, out);
  } else if (type === 'image') {
    checkString(element.alt_text, `${at}/alt_text`, 2000, out, true);
  }
}
