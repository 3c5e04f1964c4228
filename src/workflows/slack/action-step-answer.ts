/**
 * The buttons of a step's question (Create task / Don't create, Write it / Don't write). Slack sends the press
 * with the run's `function_data` (its inputs, signed) and Bolt hands the listener `complete` and `fail`: the step
 * goes on as its acting person — only they may answer — or stops. Answered once (an atomic claim per run), and
 * within the question's window.
 */
import { actionEntry, toWork } from '../../kit/entry.ts';
import { CONFIRM_WINDOW_MS, STEP_ACTION, STEP_IDS, type StepId } from '../rules/step-ids.ts';
import { actingUserOf } from '../rules/step-inputs.ts';
import { renderAnswered } from '../render/step-question.ts';
import { runStep, type StepDeps, type StepOutcome } from '../flows/step-run.ts';
import { stepDefinitions } from './function-steps.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const ANSWER_TTL_MS = 24 * 3600_000;

function outcomeText(outcome: StepOutcome, who: string): string {
  if ('outputs' in outcome) {
    const o = outcome.outputs;
    const said = str(o.summary) || str(o.written) || 'Done.';
    return `:white_check_mark: <@${who}> confirmed. ${said}`;
  }
  if ('error' in outcome) return `:x: Not done: ${outcome.error}`;
  return '';
}

export const stepAnswer = (deps: StepDeps) => {
  const steps = stepDefinitions(deps);
  return actionEntry({
    match: new RegExp(`^(${STEP_ACTION.confirm}|${STEP_ACTION.cancel})$`),
    kind: 'workflows.answer',
    receive: () => toWork(undefined),
    async work(args) {
      const { body, client, action, context } = args;
      const { complete, fail } = args as unknown as {
        complete?: (p?: { outputs?: Json }) => Promise<unknown>;
        fail?: (p: { error: string }) => Promise<unknown>;
      };
      const message = obj(body.message);
      const channel = str(obj(body.container).channel_id) || str(obj(body.channel).id);
      const ts = str(obj(body.container).message_ts) || str(message.ts);
      const question =
        str(obj(obj((message.blocks as unknown[] | undefined)?.[0]).text).text) || str(message.text);
      const close = (outcome: string) =>
        client.chat.update({ channel, ts, ...renderAnswered(question, outcome) }).catch(() => undefined);
      const data = obj((body as unknown as Json).function_data);
      const executionId = str(data.execution_id);
      const callbackId = str(obj(data.function).callback_id) as StepId;
      if (!executionId || !complete || !fail || !STEP_IDS.includes(callbackId))
        return void (await close('This workflow step is no longer waiting for an answer.'));
      const inputs = obj(data.inputs);
      const acting = actingUserOf(inputs);
      const clicker = body.user.id;
      if (clicker !== acting) {
        await client.chat
          .postEphemeral({
            channel,
            user: clicker,
            text: `Only <@${acting ?? ''}> can answer this workflow step.`,
          })
          .catch(() => undefined);
        return;
      }
      // Two presses (or two replicas) at once: the step goes on once.
      if (!(await deps.store.namespace('workflows').add(`answer:${executionId}`, clicker, ANSWER_TTL_MS)))
        return;
      const askedAt = Number(ts) * 1000;
      if (Number.isFinite(askedAt) && deps.clock.now() - askedAt > CONFIRM_WINDOW_MS) {
        const minutes = Math.round(CONFIRM_WINDOW_MS / 60_000);
        await close(`Too late: the question was open ${minutes} minutes. Nothing was done.`);
        return void (await fail({
          error: `The acting person did not answer within ${minutes} minutes; nothing was done.`,
        }));
      }
      if (action.action_id === STEP_ACTION.cancel) {
        // The message first: the run's token ends with the run.
        await close(`<@${clicker}> chose not to. Nothing was done.`);
        return void (await fail({ error: 'The acting person chose not to go on; nothing was done.' }));
      }
      await runStep(
        deps,
        { inputs, client, context, body: body as unknown as Json, answered: true },
        { complete, fail, settle: (outcome) => close(outcomeText(outcome, clicker)) },
        steps[callbackId] as Parameters<typeof runStep<unknown>>[3],
      );
    },
  });
};
