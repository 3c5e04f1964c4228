/**
 * Whether a pasted key may be kept for the person who pasted it: the platform says whose key it is
 * (./key-owner.ts), and that platform user must be the Slack person — the same verified email (Slack's
 * users.info profile.email, compared case-insensitively) — or an admin approved the pair (./key-owner-exceptions.ts).
 * Pure: the texts are shown on the modal's key field, and say that nothing was saved.
 */
import type { KeyOwner, KeyOwnerCheck } from './key-owner.ts';
import { sameEmail } from './key-owner.ts';

export type KeyDecision =
  { ok: true; owner: KeyOwner; exception: boolean } | { ok: false; text: string; reason: string };

export function decideKey(
  check: KeyOwnerCheck,
  slackEmail: string | undefined,
  approvedOwnerId: string | undefined,
): KeyDecision {
  if (!check.ok) return { ok: false, text: keyProblemText(check.problem), reason: check.problem };
  const { owner } = check;
  if (approvedOwnerId !== undefined && approvedOwnerId === owner.id)
    return { ok: true, owner, exception: true };
  if (!slackEmail)
    return {
      ok: false,
      reason: 'no-slack-email',
      text: 'Your Slack profile shows no email, so fieldline cannot confirm this key is yours. Nothing was saved; ask a fieldline admin.',
    };
  if (!owner.email)
    return {
      ok: false,
      reason: 'owner-email-unknown',
      text: 'The platform does not show the email of this key’s user, so fieldline cannot confirm it is yours. Nothing was saved; ask a fieldline admin.',
    };
  if (!sameEmail(owner.email, slackEmail))
    return {
      ok: false,
      reason: 'other-owner',
      text: `This key belongs to another platform user${owner.name ? ` (${owner.name.slice(0, 60)})` : ''}, not to you. Paste your own key; nothing was saved.`,
    };
  return { ok: true, owner, exception: false };
}

export function keyProblemText(problem: Extract<KeyOwnerCheck, { ok: false }>['problem']): string {
  switch (problem) {
    case 'not-recognised':
      return 'The monitoring platform did not recognise this key. Check that you copied all of it; nothing was saved.';
    case 'unavailable':
      return 'The monitoring platform could not be reached to check the key. Try again in a minute; nothing was saved.';
    case 'no-site':
      return 'This key sees no site on the platform, so fieldline cannot tell whose it is. Nothing was saved.';
    case 'cannot-write':
      return 'This key may not create tasks in its own site, so fieldline cannot tell whose it is. Nothing was saved.';
  }
}
