/**
 * The Workflow Builder steps fieldline offers (manifest.yml `functions`: the keys are these callback ids) and the
 * buttons of the messages a step posts to ask its acting person. Pure.
 */
export const STEP = {
  createTask: 'fieldline_create_task',
  recordReading: 'fieldline_record_reading',
  latestReading: 'fieldline_latest_reading',
  postToFeed: 'fieldline_post_to_feed',
  openIncidents: 'fieldline_open_incidents',
} as const;

export type StepId = (typeof STEP)[keyof typeof STEP];

export const STEP_IDS: readonly StepId[] = Object.values(STEP);

/** The buttons of a step's question: go on, or stop the step. */
export const STEP_ACTION = {
  confirm: 'workflow_step_confirm',
  cancel: 'workflow_step_cancel',
} as const;

/** How long a step's question may be answered (its message says so). */
export const CONFIRM_WINDOW_MS = 15 * 60_000;
