/**
 * What an ack told Slack, read from its body (issue 18's busy answers, src/runtime/jobs/busy-answers.ts): accepted
 * (a plain ack: the work starts now), queued (accepted behind others: "queued (position N)", a command's ephemeral
 * text or a submission's notice modal), refused (the queue was full: "try again in a minute", or a submission's
 * `response_action: 'errors'` saying "submit again in a minute"), rejected (any other errors answer: nothing was
 * accepted) or failed (no 200).
 */
export type AckOutcome = 'accepted' | 'queued' | 'refused' | 'rejected' | 'failed';
export const ACK_OUTCOMES: readonly AckOutcome[] = ['accepted', 'queued', 'refused', 'rejected', 'failed'];

const QUEUED = /queued \(position (\d+)\)/;
const REFUSED = /(try|submit) again in a minute/;

export interface ClassifiedAck {
  outcome: AckOutcome;
  /** "queued (position N)": N. */
  position?: number;
  /** Rejected: the start of the errors answer (to say what it was). */
  note?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export function classifyAck(status: number, body: string): ClassifiedAck {
  if (status !== 200) return { outcome: 'failed' };
  if (body.trim() === '') return { outcome: 'accepted' };
  const json = parse(body);
  // A submission's ack with errors: the form stays open, nothing was accepted.
  if (isRecord(json) && json.response_action === 'errors')
    return REFUSED.test(body) ? { outcome: 'refused' } : { outcome: 'rejected', note: body.slice(0, 300) };
  if (REFUSED.test(body)) return { outcome: 'refused' };
  const queued = QUEUED.exec(body);
  if (queued) return { outcome: 'queued', position: Number(queued[1]) };
  return { outcome: 'accepted' };
}

/** Whether the request became a job (acked without "try again"). */
export const acceptedJob = (outcome: AckOutcome) => outcome === 'accepted' || outcome === 'queued';

export type OutcomeCounts = Record<AckOutcome, number>;

export function countOutcomes(outcomes: readonly AckOutcome[]): OutcomeCounts {
  const counts: OutcomeCounts = { accepted: 0, queued: 0, refused: 0, rejected: 0, failed: 0 };
  for (const o of outcomes) counts[o] += 1;
  return counts;
}
