/**
 * The workflows feature (issue 41): fieldline's steps in Slack's Workflow Builder — Create a maintenance task,
 * Record a reading, Latest reading, Post to the platform feed, Open incidents at a site — declared in
 * manifest.yml `functions` (callback ids: STEP) and run as the person a workflow names in "Acting person", with
 * their connected key. Each step is a declared entry (function_executed acked, then the step as a job); a step
 * that asks its acting person posts a question whose buttons end it. The steps reuse the tasks, readings, posts,
 * rounds and alerts features through their index.ts. Other features import workflows from this file only.
 */
import type { Deps } from '../base/deps.ts';
import type { ListenerApp } from '../kit/entry.ts';
import { stepAnswer } from './slack/action-step-answer.ts';
import { stepEntries } from './slack/function-steps.ts';

export { STEP, STEP_IDS, STEP_ACTION, type StepId } from './rules/step-ids.ts';

export function registerWorkflows(app: ListenerApp, deps: Deps): void {
  for (const entry of stepEntries(deps)) app.entry(entry);
  app.entry(stepAnswer(deps));
}
