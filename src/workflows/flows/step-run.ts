/**
 * One run of a step, after the ack: the inputs read, the acting person resolved from the "Acting person" input
 * through the gate's own rules (a step has no interactive user: guest, deactivated, bot and another
 * organisation's person are refused; a person with no connected key too), then the step's work inside
 * `actAs(person)` — every platform call carries that person's key — and the run ended with `complete` or `fail`.
 * Nothing reaches the platform before the person passed: `key()` checks who they are first.
 */
import type { WebClient } from '@slack/web-api';
import type { BaseDeps, Deps } from '../../base/deps.ts';
import {
  AccessRefusedError,
  ConnectionMustBeRenewedError,
  NotConnectedError,
  actAs,
  actingPersonFor,
} from '../../access/index.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { actingUserOf, NO_ACTING_PERSON, type Parsed } from '../rules/step-inputs.ts';
import {
  MUST_RENEW_FOR_STEP,
  NOT_CONNECTED_FOR_STEP,
  plainExplanation,
  refusalForStep,
} from '../render/step-errors.ts';

export type StepDeps = BaseDeps &
  Pick<Deps, 'access' | 'directory' | 'tasks' | 'sources' | 'posts'> &
  Partial<Pick<Deps, 'fileTransfer'>>;

/** What a step's work is told. */
export interface StepContext {
  /** The acting person (Slack user id) and their workspace. */
  user: string;
  teamId: string;
  workspace: string;
  /** The run's own client (the function execution's token). */
  client: WebClient;
  /** The person answered the step's question (a button in its message). */
  answered: boolean;
}

export type StepOutcome =
  | { outputs: Record<string, unknown> }
  | { error: string }
  /** The step posted a question: it ends when its button is pressed. */
  | { asked: true };

export interface StepCallbacks {
  complete(params?: { outputs?: Record<string, unknown> }): Promise<unknown>;
  fail(params: { error: string }): Promise<unknown>;
  /** Said before the run ends (the run's token is valid only while it runs): the question's message updated. */
  settle?(outcome: StepOutcome): Promise<unknown>;
}

export interface StepRequest {
  inputs: Record<string, unknown>;
  client: WebClient;
  context: Record<string, unknown>;
  body: { team_id?: unknown; team?: { id?: unknown } | null };
  answered?: boolean;
}

export interface StepDefinition<T> {
  /** Pure: the inputs → typed values or the message Workflow Builder shows (before anything else). */
  parse(inputs: Record<string, unknown>): Parsed<T>;
  /** As the acting person. */
  run(ctx: StepContext, input: T): Promise<StepOutcome>;
}

/** Why fieldline will not act for the person: the text Workflow Builder shows, or undefined for other errors. */
function accessText(err: unknown): string | undefined {
  if (err instanceof AccessRefusedError) return refusalForStep(err.reason);
  if (err instanceof ConnectionMustBeRenewedError) return MUST_RENEW_FOR_STEP;
  if (err instanceof NotConnectedError) return NOT_CONNECTED_FOR_STEP;
  return undefined;
}

export async function runStep<T>(
  deps: StepDeps,
  req: StepRequest,
  callbacks: StepCallbacks,
  step: StepDefinition<T>,
): Promise<StepOutcome> {
  const log = deps.log.child({ module: 'workflows' });
  const outcome = await decide(deps, req, step).catch((err: unknown): StepOutcome => {
    const denied = accessText(err);
    if (denied) return { error: denied };
    const message = userMessageFor(err);
    log.error({ err, ref: message.ref }, 'workflow step failed');
    return { error: plainExplanation(message.text) };
  });
  if (!('asked' in outcome)) await callbacks.settle?.(outcome);
  if ('error' in outcome) await callbacks.fail({ error: outcome.error });
  if (!('outputs' in outcome)) return outcome;
  try {
    await callbacks.complete({ outputs: outcome.outputs });
  } catch (err) {
    // Slack refused the outputs: the run must still end, or the workflow waits until Slack gives up on it.
    const message = userMessageFor(err);
    log.error({ err, ref: message.ref }, 'workflow step outputs refused');
    await callbacks.fail({
      error: `The step did its work but could not hand back its results (ref ${message.ref}).`,
    });
  }
  return outcome;
}

async function decide<T>(deps: StepDeps, req: StepRequest, step: StepDefinition<T>): Promise<StepOutcome> {
  const user = actingUserOf(req.inputs);
  if (!user) return { error: NO_ACTING_PERSON };
  const parsed = step.parse(req.inputs);
  if (!parsed.ok) return { error: parsed.error };
  const ids = req.context as InstallationIds;
  const teamId =
    ids.teamId ??
    (typeof req.body.team_id === 'string' ? req.body.team_id : undefined) ??
    (typeof req.body.team?.id === 'string' ? req.body.team.id : '');
  const workspace = workspaceKeyOf(ids) ?? teamId;
  const person = actingPersonFor(deps.access.deps, { teamId, userId: user, workspace }, req.client);
  return actAs(person, async () => {
    // Who they are (users.info, the gate's rules) and their key, before any platform call.
    await person.key();
    return step.run(
      { user, teamId, workspace, client: req.client, answered: req.answered === true },
      parsed.value,
    );
  });
}
