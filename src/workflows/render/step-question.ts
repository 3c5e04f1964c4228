/**
 * The message a step posts to its acting person when it needs them to decide (create the task? write a value
 * out of range?), and what it becomes once answered. Pure Block Kit; the buttons carry no authority (the step's
 * inputs come back signed by Slack in `function_data`).
 */
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { CONFIRM_WINDOW_MS, STEP_ACTION } from '../rules/step-ids.ts';

export interface Question {
  /** mrkdwn, platform text escaped by the caller. */
  text: string;
  yes: string;
  no: string;
}

export function renderQuestion(q: Question): { text: string; blocks: object[] } {
  const minutes = Math.round(CONFIRM_WINDOW_MS / 60_000);
  return {
    text: q.text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: q.text } },
      {
        type: 'actions',
        block_id: 'workflow_step_answer',
        elements: [
          {
            type: 'button',
            action_id: STEP_ACTION.confirm,
            style: 'primary',
            text: { type: 'plain_text', text: q.yes },
            value: 'yes',
          },
          {
            type: 'button',
            action_id: STEP_ACTION.cancel,
            text: { type: 'plain_text', text: q.no },
            value: 'no',
          },
        ],
      },
      {
        type: 'context',
        elements: [
          { type: 'mrkdwn', text: `From a workflow. Answer within ${minutes} minutes; the workflow waits.` },
        ],
      },
    ],
  };
}

/** The question once answered (buttons gone): what was decided, by whom. */
export function renderAnswered(question: string, outcome: string): { text: string; blocks: object[] } {
  return {
    text: outcome,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: question } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: outcome }] },
    ],
  };
}

export const esc = escapeMrkdwn;
