/**
 * What every Web API method implementation gets, and how it fails: `throw new ApiError('channel_not_found')`
 * becomes HTTP 200 `{ok:false, error:'channel_not_found'}` like Slack.
 */
import type { BlockKitValidator } from '../block-kit.ts';
import type { StandinState } from '../state.ts';
import type { TriggerRegistry } from '../triggers.ts';
import type { JsonObject } from '../types.ts';
import type { CallerContext } from '../oauth/caller.ts';
import type { FunctionRuns } from '../functions.ts';

export interface MethodContext {
  state: StandinState;
  triggers: TriggerRegistry;
  validator: BlockKitValidator;
  /** base URL of the stand-in, ending with `/` */
  baseUrl(): string;
  now(): number;
  /** The installation whose token made this call, when the stand-in issued it by OAuth (issue 39). */
  caller?: CallerContext;
  /** The custom step run whose `xwfp-…` token made this call (../functions.ts). */
  functionExecution?: string;
  /** Custom steps and their runs (../functions.ts). */
  functions?: FunctionRuns;
}

export type MethodHandler = (args: JsonObject, ctx: MethodContext) => JsonObject | Promise<JsonObject>;

export class ApiError extends Error {
  constructor(
    readonly error: string,
    readonly extra: JsonObject = {},
  ) {
    super(error);
    this.name = 'ApiError';
  }
}

/** Slack's invalid_blocks / invalid_arguments shape: errors plus `[ERROR] …` response_metadata messages. */
export function validationError(error: string, problems: string[]): ApiError {
  return new ApiError(error, {
    errors: problems,
    response_metadata: { messages: problems.map((p) => `[ERROR] ${p}`) },
  });
}

export function requireString(args: JsonObject, key: string): string {
  const value = args[key];
  if (typeof value !== 'string' || value === '') throw new ApiError('invalid_arguments', { missing: key });
  return value;
}

export function optionalString(args: JsonObject, key: string): string | undefined {
  const value = args[key];
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : String(value);
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
