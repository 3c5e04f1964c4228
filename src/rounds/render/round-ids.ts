/**
 * Action ids, view callback ids and block ids of rounds and handovers. A button's value only names a record
 * (a round and its slot, a value out of limits, a site's shift change): the work reads the record from the store
 * of the workspace the click came from, never trusting the value as authority.
 */
export const ROUND_ACTION = {
  /** "Start" on a round's post: value = `<round id>|<slot ms>`. */
  start: 'round_start',
  /** "Create task" for a value out of limits: value = its record id. */
  task: 'round_task',
  /** "Fill in handover" on the offer before a shift change: value = site id. */
  handover: 'handover_fill',
  /** "Accept handover" in the digest: value = `<site id>|<shift change ms>`. */
  accept: 'handover_accept',
} as const;

export const ROUND_VIEW = {
  /** A round's form (or metrics) modal. */
  round: 'round_form_view',
  /** The handover form or note. */
  handover: 'handover_view',
} as const;

/** The digest's handover block (replaced in place by "accepted by …"). */
export const ACCEPT_BLOCK = 'handover_accept';
/** The handover note's input. */
export const NOTE_BLOCK = 'handover_note';
