/**
 * Slack's published Web API arguments, per method: the OpenAPI 2.0 file from slackapi/slack-api-specs plus the
 * supplement for newer methods and arguments, both in ../shared/slack/web-api-spec/ (see its SOURCE.md). Read
 * only when that folder exists: the stand-in runs without it (no argument check then).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_WEB_API_SPEC_DIR = fileURLToPath(
  new URL('../../../shared/slack/web-api-spec/', import.meta.url),
);

const OPENAPI_FILE = 'slack_web_openapi_v2_without_examples.json';
const SUPPLEMENT_FILE = 'supplement.json';

/** string | integer | number | boolean (OpenAPI) | json-array | json-object (supplement) */
export type ArgType = 'string' | 'integer' | 'number' | 'boolean' | 'json-array' | 'json-object';

export interface ArgSpec {
  type: ArgType;
  required: boolean;
}

export interface MethodSpec {
  args: Map<string, ArgSpec>;
  /** groups of which at least one argument must be given (stated in prose on Slack's method pages) */
  oneOf: string[][];
}

export type WebApiSpec = Map<string, MethodSpec>;

/**
 * Methods documented on Slack's pages but in neither file, with only what the page lists. Each names its page.
 */
const ADDITIONS: Record<string, { source: string; args: Record<string, ArgSpec> }> = {
  'apps.connections.open': {
    // Socket Mode: called with the app-level token (xapp-…), no argument besides it.
    source: 'https://docs.slack.dev/reference/methods/apps.connections.open',
    args: {},
  },
};

/**
 * "One of" rules the supplement records in its descriptions (views.open / views.push: trigger_id or
 * interactivity_pointer; views.update: view_id or external_id).
 */
const ONE_OF: Record<string, string[][]> = {
  'views.open': [['trigger_id', 'interactivity_pointer']],
  'views.push': [['trigger_id', 'interactivity_pointer']],
  'views.update': [['view_id', 'external_id']],
};

interface OpenApiParameter {
  name: string;
  type?: string;
  required?: boolean;
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}
interface SupplementArg {
  type: ArgType;
  required?: boolean;
}
interface Supplement {
  methods: Record<string, { args: Record<string, SupplementArg> }>;
  args: Record<string, Record<string, SupplementArg>>;
  required: Record<string, Record<string, unknown>>;
}

function argType(type: string | undefined): ArgType {
  return type === 'integer' || type === 'number' || type === 'boolean' ? type : 'string';
}

function build(dir: string): WebApiSpec {
  const openApi = JSON.parse(readFileSync(join(dir, OPENAPI_FILE), 'utf8')) as OpenApi;
  const supplement = JSON.parse(readFileSync(join(dir, SUPPLEMENT_FILE), 'utf8')) as Supplement;
  const spec: WebApiSpec = new Map();
  const method = (name: string): MethodSpec => {
    let m = spec.get(name);
    if (!m) spec.set(name, (m = { args: new Map(), oneOf: ONE_OF[name] ?? [] }));
    return m;
  };
  for (const [path, operations] of Object.entries(openApi.paths)) {
    const m = method(path.replace(/^\//, ''));
    for (const op of Object.values(operations))
      for (const p of op.parameters ?? [])
        m.args.set(p.name, { type: argType(p.type), required: p.required === true });
  }
  for (const [name, entry] of Object.entries(supplement.methods)) {
    const m = method(name);
    for (const [arg, a] of Object.entries(entry.args))
      m.args.set(arg, { type: a.type, required: a.required === true });
  }
  for (const [name, args] of Object.entries(supplement.args)) {
    const m = method(name);
    for (const [arg, a] of Object.entries(args)) m.args.set(arg, { type: a.type, required: false });
  }
  for (const [name, flags] of Object.entries(supplement.required)) {
    const m = spec.get(name);
    if (!m) continue;
    for (const [arg, required] of Object.entries(flags)) {
      const a = m.args.get(arg);
      if (a && typeof required === 'boolean') a.required = required;
    }
  }
  for (const [name, addition] of Object.entries(ADDITIONS)) {
    const m = method(name);
    for (const [arg, a] of Object.entries(addition.args)) m.args.set(arg, a);
  }
  // Every method takes the token as an argument or in the Authorization header (api.ts: not_authed without).
  for (const m of spec.values()) m.args.set('token', { type: 'string', required: false });
  // team_id: which workspace an org-wide app acts in (https://api.slack.com/enterprise/apps/changes-apis#methods).
  // @slack/web-api adds it to every call of a client that knows its team (WebClient#apiCall: `team_id:
  // this.teamId`), which Bolt's listener clients do; Slack ignores it where a single workspace is implied.
  for (const m of spec.values())
    if (!m.args.has('team_id')) m.args.set('team_id', { type: 'string', required: false });
  return spec;
}

const loaded = new Map<string, WebApiSpec>();

/** The spec from `dir`, parsed once per process; undefined when the folder or its files are missing. */
export function loadWebApiSpec(dir: string = DEFAULT_WEB_API_SPEC_DIR): WebApiSpec | undefined {
  const cached = loaded.get(dir);
  if (cached) return cached;
  if (!existsSync(join(dir, OPENAPI_FILE)) || !existsSync(join(dir, SUPPLEMENT_FILE))) return undefined;
  const spec = build(dir);
  loaded.set(dir, spec);
  return spec;
}

export function webApiSpecAvailable(dir: string = DEFAULT_WEB_API_SPEC_DIR): boolean {
  return loadWebApiSpec(dir) !== undefined;
}
