/**
 * Custom steps (Workflow Builder functions): the manifest's `functions`, read with `yaml` and checked against the
 * official manifest schema (../shared/slack/manifest-schema, when beside the checkout), and their runs. A run is
 * what Slack makes when a workflow reaches the step: an execution id, a short-lived bot token of its own
 * (`xwfp-…`, accepted for the Web API while the run is running) and, once the app calls
 * `functions.completeSuccess` / `functions.completeError`, its outputs or its error. Messages the app posts with a
 * run's token carry the run: a button in them comes back with `function_data` and `bot_access_token`, as in Slack.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import {
  ApiError,
  isJsonObject,
  requireString,
  type MethodContext,
  type MethodHandler,
} from './methods/context.ts';
import { APP_ID } from './seed.ts';
import type { JsonObject } from './types.ts';

export const DEFAULT_MANIFEST_SCHEMA_PATH = fileURLToPath(
  new URL('../../../shared/slack/manifest-schema/manifest.schema.1.0.0.json', import.meta.url),
);
export const DEFAULT_FUNCTIONS_MANIFEST_PATH = fileURLToPath(new URL('../../manifest.yml', import.meta.url));

export interface FunctionParameter {
  name: string;
  type: string;
  title?: string;
  description?: string;
  hint?: string;
  is_required?: boolean;
  [key: string]: unknown;
}

export interface FunctionDefinition {
  callbackId: string;
  title: string;
  description: string;
  inputs: FunctionParameter[];
  outputs: FunctionParameter[];
}

export type RunState = 'running' | 'completed' | 'failed';

export interface FunctionRun {
  id: string;
  workflowExecutionId: string;
  callbackId: string;
  inputs: JsonObject;
  /** The run's own token (`xwfp-…`): never shown by the console. */
  token: string;
  state: RunState;
  outputs?: JsonObject;
  error?: string;
  startedAt: number;
  endedAt?: number;
}

/** A run as tests and the console read it (no token). */
export type FunctionRunView = Omit<FunctionRun, 'token'>;

/** Problems of the manifest's `functions` (schema and shape); empty when they are valid. */
export function checkFunctionsManifest(
  manifest: unknown,
  schemaPath = DEFAULT_MANIFEST_SCHEMA_PATH,
): string[] {
  if (!isJsonObject(manifest)) return ['the manifest is not an object'];
  const problems: string[] = [];
  let types: unknown[] | undefined;
  if (existsSync(schemaPath)) {
    const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as {
      definitions?: Record<string, { properties?: { type?: { enum?: unknown[] } } }>;
    };
    // The parameter types Slack knows (the schema's `slack-functions.parameter`): the functions' own schema
    // (`hermes.types`) does not apply it to every parameter.
    types = schema.definitions?.['slack-functions.parameter']?.properties?.type?.enum;
    const validate = ajv.compile(schema);
    if (!validate(manifest))
      for (const e of validate.errors ?? [])
        if (e.instancePath.startsWith('/functions') || e.instancePath === '')
          problems.push(`${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  }
  const functions = manifest.functions;
  if (functions === undefined) return problems;
  if (!isJsonObject(functions)) return [...problems, '/functions must be an object'];
  const settings = isJsonObject(manifest.settings) ? manifest.settings : {};
  // Slack's rules for apps with custom steps (docs: "Custom steps"): org-wide deploy and the event subscribed.
  if (settings.org_deploy_enabled !== true)
    problems.push('/settings org_deploy_enabled must be true with functions');
  const events = isJsonObject(settings.event_subscriptions) ? settings.event_subscriptions.bot_events : [];
  if (!Array.isArray(events) || !events.includes('function_executed'))
    problems.push('/settings/event_subscriptions bot_events must include function_executed');
  for (const [id, def] of Object.entries(functions)) {
    if (!isJsonObject(def)) continue;
    for (const side of ['input_parameters', 'output_parameters'] as const) {
      const params = def[side];
      if (!isJsonObject(params)) continue;
      for (const [key, p] of Object.entries(params))
        if (!isJsonObject(p)) continue;
        else if (p.name !== undefined && p.name !== key)
          problems.push(`/functions/${id}/${side}/${key} name must be "${key}"`);
        else if (types && !types.includes(p.type))
          problems.push(
            `/functions/${id}/${side}/${key}/type ${String(p.type)} is not a Slack parameter type`,
          );
    }
  }
  return problems;
}

function parametersOf(params: unknown): FunctionParameter[] {
  if (!isJsonObject(params)) return [];
  return Object.entries(params).flatMap(([name, p]) =>
    isJsonObject(p) && typeof p.type === 'string' ? [{ ...p, name, type: p.type } as FunctionParameter] : [],
  );
}

export function functionDefinitions(manifest: unknown): FunctionDefinition[] {
  const functions = isJsonObject(manifest) && isJsonObject(manifest.functions) ? manifest.functions : {};
  return Object.entries(functions).flatMap(([callbackId, def]) =>
    isJsonObject(def)
      ? [
          {
            callbackId,
            title: String(def.title ?? callbackId),
            description: String(def.description ?? ''),
            inputs: parametersOf(def.input_parameters),
            outputs: parametersOf(def.output_parameters),
          },
        ]
      : [],
  );
}

/** Whether a value reads as a parameter of this Slack type (what functions.completeSuccess checks). */
function fitsType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
    case 'slack#/types/rich_text':
      return typeof value === 'string' || (type !== 'string' && isJsonObject(value));
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
    case 'slack#/types/timestamp':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'slack#/types/user_id':
      return typeof value === 'string' && /^[UW][A-Z0-9]+$/.test(value);
    case 'slack#/types/channel_id':
      return typeof value === 'string' && /^[CGD][A-Z0-9]+$/.test(value);
    case 'slack#/types/date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'slack#/types/message_ts':
      return typeof value === 'string' && /^\d+\.\d+$/.test(value);
    case 'slack#/types/message_context':
      return (
        isJsonObject(value) && typeof value.message_ts === 'string' && typeof value.channel_id === 'string'
      );
    default:
      return value !== undefined;
  }
}

/** Problems of outputs against the step's output parameters (Slack: `parameter_validation_failed`). */
export function checkOutputs(def: FunctionDefinition, outputs: JsonObject): string[] {
  const problems: string[] = [];
  for (const p of def.outputs) {
    const value = outputs[p.name];
    if (value === undefined || value === null) {
      if (p.is_required) problems.push(`missing required output ${p.name}`);
      continue;
    }
    if (!fitsType(p.type, value)) problems.push(`output ${p.name} is not a ${p.type}`);
  }
  for (const name of Object.keys(outputs))
    if (!def.outputs.some((p) => p.name === name)) problems.push(`unknown output ${name}`);
  return problems;
}

type Listener = (run: FunctionRunView) => void;

export class FunctionRuns {
  private readonly runs = new Map<string, FunctionRun>();
  private readonly byToken = new Map<string, string>();
  private readonly waiters = new Map<string, ((run: FunctionRunView) => void)[]>();
  private readonly listeners: Listener[] = [];
  private loaded: { definitions: FunctionDefinition[]; problems: string[] } | undefined;

  constructor(
    private readonly now: () => number,
    private readonly manifestPath = DEFAULT_FUNCTIONS_MANIFEST_PATH,
    private readonly schemaPath = DEFAULT_MANIFEST_SCHEMA_PATH,
  ) {}

  private load() {
    if (this.loaded) return this.loaded;
    try {
      const manifest: unknown = parse(readFileSync(this.manifestPath, 'utf8'));
      const problems = checkFunctionsManifest(manifest, this.schemaPath);
      this.loaded = { definitions: problems.length === 0 ? functionDefinitions(manifest) : [], problems };
    } catch (err) {
      this.loaded = { definitions: [], problems: [`the manifest could not be read: ${String(err)}`] };
    }
    return this.loaded;
  }

  /** The steps the manifest declares (none when its `functions` are invalid: see `problems`). */
  definitions(): FunctionDefinition[] {
    return this.load().definitions;
  }

  definition(callbackId: string): FunctionDefinition | undefined {
    return this.definitions().find((d) => d.callbackId === callbackId);
  }

  problems(): string[] {
    return this.load().problems;
  }

  start(callbackId: string, inputs: JsonObject): FunctionRun {
    const id = `Fx${randomBytes(5).toString('hex').toUpperCase()}`;
    const run: FunctionRun = {
      id,
      workflowExecutionId: `Wx${randomBytes(5).toString('hex').toUpperCase()}`,
      callbackId,
      inputs,
      token: `xwfp-${randomBytes(16).toString('hex')}`,
      state: 'running',
      startedAt: this.now(),
    };
    this.runs.set(id, run);
    this.byToken.set(run.token, id);
    this.tell(run);
    return run;
  }

  /** The run whose token this is (any state), for the Web API. */
  runOfToken(token: string): FunctionRun | undefined {
    const id = this.byToken.get(token);
    return id ? this.runs.get(id) : undefined;
  }

  /** The token of a run (for the payloads Slack sends about it). */
  tokenOfRun(id: string): string | undefined {
    return this.runs.get(id)?.token;
  }

  run(id: string): FunctionRunView | undefined {
    const run = this.runs.get(id);
    return run ? view(run) : undefined;
  }

  list(): FunctionRunView[] {
    return [...this.runs.values()].map(view);
  }

  /** Resolves when the run completed or failed. */
  whenDone(id: string): Promise<FunctionRunView> {
    const run = this.runs.get(id);
    if (!run) return Promise.reject(new Error(`no function run ${id}`));
    if (run.state !== 'running') return Promise.resolve(view(run));
    return new Promise((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  reset(): void {
    this.runs.clear();
    this.byToken.clear();
  }

  /** The event payload's `function` object, as Slack sends it (../shared/slack/payloads). */
  eventFunction(def: FunctionDefinition): JsonObject {
    return {
      id: `Fn${Buffer.from(def.callbackId).toString('hex').slice(0, 10).toUpperCase()}`,
      callback_id: def.callbackId,
      title: def.title,
      description: def.description,
      type: 'app',
      input_parameters: def.inputs,
      output_parameters: def.outputs,
      app_id: APP_ID,
      date_created: 1700110468,
      date_updated: 1700110470,
      date_deleted: 0,
      form_enabled: false,
    };
  }

  end(run: FunctionRun, outcome: { outputs: JsonObject } | { error: string }): void {
    run.state = 'outputs' in outcome ? 'completed' : 'failed';
    if ('outputs' in outcome) run.outputs = outcome.outputs;
    else run.error = outcome.error;
    run.endedAt = this.now();
    this.tell(run);
    const waiting = this.waiters.get(run.id) ?? [];
    this.waiters.delete(run.id);
    for (const resolve of waiting) resolve(view(run));
  }

  private tell(run: FunctionRun): void {
    for (const l of this.listeners) l(view(run));
  }

  /** functions.completeSuccess / functions.completeError (../shared/slack/web-api-spec supplement). */
  methods(): Record<string, MethodHandler> {
    const running = (args: JsonObject, ctx: MethodContext): FunctionRun => {
      const id = requireString(args, 'function_execution_id');
      const run = this.runs.get(id);
      if (!run) throw new ApiError('function_execution_not_found');
      // A run's token completes that run only.
      if (ctx.functionExecution !== undefined && ctx.functionExecution !== id)
        throw new ApiError('access_denied');
      if (run.state !== 'running') throw new ApiError('execution_not_in_running_state');
      return run;
    };
    return {
      'functions.completeSuccess': (args, ctx) => {
        const run = running(args, ctx);
        // Form-encoded calls carry it as JSON text (the WebClient's way), JSON bodies as an object.
        const raw = typeof args.outputs === 'string' ? parseJson(args.outputs) : args.outputs;
        if (!isJsonObject(raw)) throw new ApiError('invalid_arguments', { missing: 'outputs' });
        const outputs = raw;
        const def = this.definition(run.callbackId);
        const problems = def ? checkOutputs(def, outputs) : [];
        if (problems.length > 0)
          throw new ApiError('parameter_validation_failed', {
            errors: problems,
            response_metadata: { messages: problems.map((p) => `[ERROR] ${p}`) },
          });
        this.end(run, { outputs });
        return { ok: true };
      },
      'functions.completeError': (args, ctx) => {
        const run = running(args, ctx);
        this.end(run, { error: requireString(args, 'error') });
        return { ok: true };
      },
    };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function view(run: FunctionRun): FunctionRunView {
  const { token: _token, ...rest } = run;
  return { ...rest };
}
