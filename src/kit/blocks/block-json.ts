/** A Block Kit block as plain JSON (assignable to @slack/types' Block). */
export type BlockJson = { type: string } & Record<string, unknown>;
