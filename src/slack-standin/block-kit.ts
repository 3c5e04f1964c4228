/**
 * Block Kit validation: Slack's limits (always, see limits.ts) plus the Block Kit JSON Schema from
 * ../shared/slack/slack-block-kit.schema.json when that file exists (CI has it beside the checkout; a user's
 * clone may not). Returns problems in Slack's wording; an empty list means valid.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { checkBlocks, type Surface } from './limits.ts';
import { checkText, isObject, problem } from './limits-elements.ts';

export type { Surface } from './limits.ts';

/** Slack rejects views larger than 250 kB. */
export const MAX_VIEW_BYTES = 250_000;

export const DEFAULT_SCHEMA_PATH = fileURLToPath(
  new URL('../../../shared/slack/slack-block-kit.schema.json', import.meta.url),
);

interface Compiled {
  /** per block type: `$defs/<type>_block`, so a bad block yields its own errors, not every anyOf branch's */
  block: (type: string) => ValidateFunction | undefined;
  modal: ValidateFunction;
  home: ValidateFunction;
}

// ajv-formats is CommonJS with `exports.default = plugin`: under NodeNext the default import is the module
// object, whose `default` is the plugin at runtime and in the types.
const addFormats = addFormatsModule.default;

export class BlockKitValidator {
  private readonly compiled: Compiled | undefined;

  /** schemaPath: a file path, or false to use the hand-written limits only. */
  constructor(schemaPath: string | false = DEFAULT_SCHEMA_PATH) {
    this.compiled = schemaPath !== false && existsSync(schemaPath) ? compile(schemaPath) : undefined;
  }

  get usesSchema(): boolean {
    return this.compiled !== undefined;
  }

  validateBlocks(blocks: unknown, surface: Surface): string[] {
    const problems = checkBlocks(blocks, surface);
    const fromSchema =
      this.compiled && Array.isArray(blocks) ? this.blockSchemaProblems(blocks, '/blocks') : [];
    return merge(problems, fromSchema);
  }

  private blockSchemaProblems(blocks: unknown[], base: string): string[] {
    const compiled = this.compiled;
    if (!compiled) return [];
    return blocks.flatMap((block, i) => {
      const fn = isObject(block) && typeof block.type === 'string' ? compiled.block(block.type) : undefined;
      return fn ? schemaProblems(fn, block, `${base}/${i}`) : [];
    });
  }

  validateView(view: unknown): string[] {
    if (!isObject(view)) return [problem('must be an object', '/view')];
    const problems: string[] = [];
    const type = view.type;
    if (type !== 'modal' && type !== 'home') return [problem('must be one of: modal, home', '/view/type')];
    if (Buffer.byteLength(JSON.stringify(view)) > MAX_VIEW_BYTES) {
      problems.push(problem(`view must be smaller than ${MAX_VIEW_BYTES} bytes`, '/view'));
    }
    if (type === 'modal') {
      checkText(view.title, '/view/title', problems, { max: 24, plainOnly: true, required: true });
      checkText(view.submit, '/view/submit', problems, { max: 24, plainOnly: true });
      checkText(view.close, '/view/close', problems, { max: 24, plainOnly: true });
      const hasInput =
        Array.isArray(view.blocks) && view.blocks.some((b) => isObject(b) && b.type === 'input');
      if (hasInput && view.submit === undefined)
        problems.push(problem('submit is required with input blocks', '/view'));
    }
    for (const key of ['callback_id', 'external_id'] as const) {
      const v = view[key];
      if (v !== undefined && (typeof v !== 'string' || v.length > 255)) {
        problems.push(problem('must be a string of at most 255 characters', `/view/${key}`));
      }
    }
    const meta = view.private_metadata;
    if (meta !== undefined && (typeof meta !== 'string' || meta.length > 3000)) {
      problems.push(problem('must be a string of at most 3000 characters', '/view/private_metadata'));
    }
    problems.push(
      ...checkBlocks(view.blocks, type).map((p) =>
        p.replace('[json-pointer:/blocks', '[json-pointer:/view/blocks'),
      ),
    );
    const fromSchema: string[] = [];
    if (this.compiled && Array.isArray(view.blocks)) {
      // The view's shell against modal_view/home_view (blocks stood in by a divider), then each block by its type.
      const shell = { ...view, blocks: [{ type: 'divider' }] };
      fromSchema.push(
        ...schemaProblems(type === 'modal' ? this.compiled.modal : this.compiled.home, shell, '/view'),
      );
      fromSchema.push(...this.blockSchemaProblems(view.blocks, '/view/blocks'));
    }
    return merge(problems, fromSchema);
  }
}

function compile(schemaPath: string): Compiled {
  const schema: unknown = JSON.parse(readFileSync(schemaPath, 'utf8'));
  if (!isObject(schema) || typeof schema.$id !== 'string')
    throw new Error(`not a Block Kit schema: ${schemaPath}`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(schema);
  const ref = (def: string): ValidateFunction => {
    const fn = ajv.getSchema(`${String(schema.$id)}${def}`);
    if (!fn) throw new Error(`schema ${schemaPath} lacks ${def}`);
    return fn;
  };
  const byType = new Map<string, ValidateFunction | undefined>();
  const block = (type: string): ValidateFunction | undefined => {
    if (!byType.has(type)) byType.set(type, ajv.getSchema(`${String(schema.$id)}#/$defs/${type}_block`));
    return byType.get(type);
  };
  return { block, modal: ref('#/$defs/modal_view'), home: ref('#/$defs/home_view') };
}

function schemaProblems(fn: ValidateFunction, data: unknown, base: string): string[] {
  if (fn(data)) return [];
  return (fn.errors ?? [])
    .filter(isLeafError)
    .slice(0, 20)
    .map((e) => problem(e.message ?? 'invalid', base + e.instancePath));
}

/** anyOf/oneOf wrappers only repeat their branches' errors; keep the concrete ones. */
function isLeafError(e: ErrorObject): boolean {
  return e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if' && e.keyword !== 'allOf';
}

const pointerOf = (p: string): string => /\[json-pointer:([^\]]*)\]$/.exec(p)?.[1] ?? '';

/** Hand-written problems first; schema problems only where they add a location the limits did not report. */
function merge(limits: string[], fromSchema: string[]): string[] {
  const reported = new Set(limits.map(pointerOf));
  return [...new Set([...limits, ...fromSchema.filter((p) => !reported.has(pointerOf(p)))])];
}

let shared: BlockKitValidator | undefined;

function defaultValidator(): BlockKitValidator {
  shared ??= new BlockKitValidator();
  return shared;
}

/** Problems with a blocks array on a surface; [] = valid. Uses the shared schema when present. */
export function validateBlocks(blocks: unknown, surface: Surface): string[] {
  return defaultValidator().validateBlocks(blocks, surface);
}

/** Problems with a modal or home view; [] = valid. */
export function validateView(view: unknown): string[] {
  return defaultValidator().validateView(view);
}

/** Whether ../shared/slack's Block Kit schema was found (tests skip schema-only cases visibly without it). */
export function blockKitSchemaAvailable(): boolean {
  return defaultValidator().usesSchema;
}
