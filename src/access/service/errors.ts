/**
 * Why fieldline will not act for a person. Each error carries the text (and blocks) the person is shown: the one
 * error path (kit/errors.ts) shows `explanation`/`explanationBlocks` of any error that has them.
 */
import { notConnectedBlocks, NOT_CONNECTED_TEXT } from '../render/connect.ts';
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
  override readonly name = 'NotConnectedError';
  readonly explanation = `:key: ${NOT_CONNECTED_TEXT}`;
  readonly explanationBlocks = notConnectedBlocks();
  constructor() {
    super('person has not connected a platform key');
  }
}

export function isAccessError(err: unknown): err is AccessRefusedError | NotConnectedError {
  return err instanceof AccessRefusedError || err instanceof NotConnectedError;
}
