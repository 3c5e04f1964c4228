/**
 * The five Workflow Builder steps, each a declared entry (src/kit/entry.ts `functionEntry`): function_executed is
 * acked on receipt, and the step runs after the ack as a job, ending with Bolt's `complete` or `fail` (the
 * function execution's own token, which the event carries: it is scoped to this one run).
 */
import { functionEntry, toWork, type Entry } from '../../kit/entry.ts';
import { STEP, type StepId } from '../rules/step-ids.ts';
import { createTaskStep } from '../flows/step-create-task.ts';
import { latestReadingStep, recordReadingStep } from '../flows/step-readings.ts';
import { openIncidentsStep, postToFeedStep } from '../flows/step-feed-incidents.ts';
import { runStep, type StepDefinition, type StepDeps } from '../flows/step-run.ts';

export function stepDefinitions(deps: StepDeps): Record<StepId, StepDefinition<never>> {
  const all: Record<StepId, StepDefinition<unknown>> = {
    [STEP.createTask]: createTaskStep(deps) as StepDefinition<unknown>,
    [STEP.recordReading]: recordReadingStep(deps) as StepDefinition<unknown>,
    [STEP.latestReading]: latestReadingStep(deps) as StepDefinition<unknown>,
    [STEP.postToFeed]: postToFeedStep(deps) as StepDefinition<unknown>,
    [STEP.openIncidents]: openIncidentsStep(deps) as StepDefinition<unknown>,
  };
  return all as Record<StepId, StepDefinition<never>>;
}

export function stepEntries(deps: StepDeps): Entry[] {
  const steps = stepDefinitions(deps);
  return (Object.keys(steps) as StepId[]).map((callbackId) =>
    functionEntry({
      callbackId,
      kind: `workflows.${callbackId.replace(/^fieldline_/, '')}`,
      // Nothing to check on receipt: Slack hears the ack, the step runs as a job.
      receive: () => toWork(undefined),
      async work({ inputs, event, client, context, body, complete, fail }) {
        await runStep(
          deps,
          { inputs: inputs ?? event.inputs ?? {}, client, context, body },
          { complete, fail },
          steps[callbackId] as StepDefinition<unknown>,
        );
      },
    }),
  );
}
