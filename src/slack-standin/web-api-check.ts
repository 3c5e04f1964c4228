/**
 * Checks every Web API call's arguments against Slack's published spec (web-api-spec.ts) and answers the way
 * Slack does:
 *
 * - an argument the method does not document is ignored: removed before the method runs (so nothing the
 *   stand-in does can depend on it) and recorded as a problem. Slack ignores arguments a method does not take:
 *   @slack/web-api's filesUploadV2 has long sent `alt_text` to files.getUploadURLExternal (documented: alt_txt)
 *   and Slack answers ok (python-slack-sdk#1818 and #1575 show those uploads answered ok:true); the spec lists
 *   no error for an unknown name.
 * - a name that is not letters, digits and `_` is rejected with `invalid_arg_name`, the error the spec lists for
 *   86 methods ("names with non-alphanumeric characters other than _").
 * - a documented argument that cannot be read as its type (integer, number, boolean, JSON array or object) is
 *   rejected with `invalid_arguments` and `[ERROR] …` messages, the shape Slack uses for argument errors.
 * - a missing required argument, or none of a "one of" group, is recorded; the method itself answers with the
 *   error Slack gives for it (channel_not_found, invalid_arguments, …).
 * - a method in neither spec file is recorded (and answered as the stand-in implements it).
 *
 * Tests read `problems` (standin.specProblems()): fieldline's flows must leave it empty.
 */
import type { Logger } from 'pino';
import type { JsonObject } from './types.ts';
import type { ArgSpec, ArgType, WebApiSpec } from './web-api-spec.ts';

export type SpecProblemKind =
  'undocumented_method' | 'undocumented_argument' | 'invalid_argument' | 'missing_argument';

export interface SpecProblem {
  method: string;
  kind: SpecProblemKind;
  /** the argument concerned (a "one of" group is written `a|b`) */
  argument?: string;
  detail: string;
}

export interface Checked {
  /** the arguments the method gets: the documented ones */
  args: JsonObject;
  /** Slack's answer when it rejects the call outright */
  rejection?: JsonObject;
}

const ARG_NAME = /^[A-Za-z0-9_]+$/;

function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Whether a form or JSON value can be read as the documented type (form values arrive as strings). */
function readsAs(value: unknown, type: ArgType): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' ? Number.isInteger(value) : /^-?\d+$/.test(String(value));
    case 'number':
      return typeof value === 'number' ? Number.isFinite(value) : /^-?\d+(\.\d+)?$/.test(String(value));
    case 'boolean':
      return typeof value === 'boolean' || ['true', 'false', '1', '0'].includes(String(value));
    case 'json-array':
      return Array.isArray(parsedJson(value));
    case 'json-object': {
      const v = parsedJson(value);
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    }
    default:
      return value !== null;
  }
}

function given(args: JsonObject, name: string): boolean {
  const v = args[name];
  return v !== undefined && v !== null && v !== '';
}

export class WebApiCheck {
  readonly problems: SpecProblem[] = [];

  constructor(
    private readonly spec: WebApiSpec,
    private readonly log?: Logger,
  ) {}

  private record(problem: SpecProblem): void {
    this.problems.push(problem);
    this.log?.warn(problem, 'Web API call outside Slack’s published spec');
  }

  check(method: string, args: JsonObject): Checked {
    const spec = this.spec.get(method);
    if (!spec) {
      this.record({
        method,
        kind: 'undocumented_method',
        detail: `${method} is not in Slack's Web API spec`,
      });
      return { args };
    }
    const badNames = Object.keys(args).filter((name) => !ARG_NAME.test(name));
    if (badNames.length > 0) {
      for (const name of badNames)
        this.record({ method, kind: 'invalid_argument', argument: name, detail: 'malformed argument name' });
      return { args, rejection: { ok: false, error: 'invalid_arg_name' } };
    }
    const documented: JsonObject = {};
    const messages: string[] = [];
    for (const [name, value] of Object.entries(args)) {
      const arg: ArgSpec | undefined = spec.args.get(name);
      if (!arg) {
        this.record({
          method,
          kind: 'undocumented_argument',
          argument: name,
          detail: 'ignored, as Slack does',
        });
        continue;
      }
      if (!readsAs(value, arg.type)) {
        const detail = `invalid type for argument ${name}: expected ${arg.type}`;
        this.record({ method, kind: 'invalid_argument', argument: name, detail });
        messages.push(`[ERROR] ${detail} [json-pointer:/${name}]`);
      }
      documented[name] = value;
    }
    for (const [name, arg] of spec.args)
      if (arg.required && !given(args, name))
        this.record({ method, kind: 'missing_argument', argument: name, detail: 'required' });
    for (const group of spec.oneOf)
      if (!group.some((name) => given(args, name)))
        this.record({
          method,
          kind: 'missing_argument',
          argument: group.join('|'),
          detail: 'one is required',
        });
    if (messages.length > 0)
      return {
        args: documented,
        rejection: { ok: false, error: 'invalid_arguments', response_metadata: { messages } },
      };
    return { args: documented };
  }
}
