/**
 * Why fieldline will not act for a person. Each error carries the text (and blocks) the person is shown: the one
 * error path (kit/errors.ts) shows `explanation`/`explanationBlocks` of any error that has them.
 */
import { connectButton, MUST_RENEW_TEXT, notConnectedBlocks, NOT_CONNECTED_TEXT } from '../render/connect.ts';

export { MUST_RENEW_TEXT };
import { refusalText, type Refusal } from '../rules/person-gate.ts';

export class AccessRefusedError extends Error {
  override readonly name = 'AccessRefusedError';
  readonly explanation: string;
  constructor(readonly reason: Refusal) {
    super(`person refused: ${reason}`);
    this.explanation = `:no_entry: ${refusalText(reason)}`;
  }
}

export class NotConnectedError extends Error {
  // Widened: ConnectionMustBeRenewedError says it its own way.
  override readonly name: string = 'NotConnectedError';
  readonly explanation: string = `:key: ${NOT_CONNECTED_TEXT}`;
  readonly explanationBlocks = notConnectedBlocks();
  constructor() {
    super('person has not connected a platform key');
  }
}

/**
 * The person connected once, but their stored key opens with no data key fieldline knows: they connect again. A
 * NotConnectedError too, so whatever treats "not connected" treats this the same, with its own words.
 */
export class ConnectionMustBeRenewedError extends NotConnectedError {
  override readonly name = 'ConnectionMustBeRenewedError';
  override readonly explanation = `:key: ${MUST_RENEW_TEXT}`;
  override readonly explanationBlocks = [
    { type: 'section', text: { type: 'mrkdwn', text: this.explanation } },
    { type: 'actions', elements: [connectButton()] },
  ];
  constructor() {
    super();
    this.message = 'the person’s connection must be renewed (no known data key opens it)';
  }
}

export function isAccessError(err: unknown): err is AccessRefusedError | NotConnectedError {
  return err instanceof AccessRefusedError || err instanceof NotConnectedError;
}
