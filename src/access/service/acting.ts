/**
 * Who is acting right now. Every Slack request runs inside `actAs(person, …)`; everything it awaits or starts
 * (listeners, work after the ack) sees that person through `actingPerson()`. The person-bound monitoring client
 * asks it for a key on every call, so a platform call made for a person always carries that person's key, and a
 * call made outside any person (a bug) fails instead of falling back to the shared key.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** How a person appears in what fieldline writes for them in shared mode ("Created in Slack by …"). */
export interface PersonLabel {
  name: string;
  email?: string;
}

export interface ActingPerson {
  /** The workspace fieldline is installed in, and the Slack user acting. */
  teamId: string;
  userId: string;
  /**
   * The installation the request belongs to (issue 39: src/kit/workspace.ts's WorkspaceKey, from Bolt's context):
   * which platform connection serves it. Undefined when the request named neither.
   */
  workspace?: string;
  /** Cache scope of platform data this person may see (their key's view). */
  scope: string;
  /** The person's platform key; checks who they are first. Throws an AccessError when they may not act. */
  key(): Promise<string>;
  /** Checks who they are (cached users.info) without needing a key. Throws AccessRefusedError when refused. */
  check(): Promise<void>;
  /** Name and email from Slack (for shared-mode attribution). */
  label(): Promise<PersonLabel>;
}

const current = new AsyncLocalStorage<ActingPerson>();

export function actAs<T>(person: ActingPerson, fn: () => T): T {
  return current.run(person, fn);
}

export function actingPerson(): ActingPerson | undefined {
  return current.getStore();
}

/**
 * The installation the current request belongs to (see ActingPerson.workspace; the person's workspace when the
 * request named no installation); undefined outside requests.
 */
export function actingWorkspace(): string | undefined {
  const person = current.getStore();
  return person ? (person.workspace ?? person.teamId) : undefined;
}

/** Thrown when a platform call is made for a person outside any Slack request: a wiring bug, never a fallback. */
export class NoActingPersonError extends Error {
  override readonly name = 'NoActingPersonError';
  constructor() {
    super('a platform call for a person was made outside any Slack request');
  }
}

/** The key source of the person-bound monitoring client. */
export function actingPersonKey(): Promise<string> {
  const person = actingPerson();
  if (!person) return Promise.reject(new NoActingPersonError());
  return person.key();
}

/**
 * For work that reaches no platform (acknowledging or snoozing an alert, /monitor list): the person must still be
 * allowed to use fieldline. Call it after the ack; it throws the refusal the one error path shows.
 */
export async function ensureAllowed(): Promise<void> {
  const person = actingPerson();
  if (!person) throw new NoActingPersonError();
  await person.check();
}

/** Cache scope of the acting person; `fallback` for work done for nobody in particular (the relay's own cache). */
export function actingScope(fallback: string): string {
  const person = actingPerson();
  return person ? person.scope : fallback;
}
