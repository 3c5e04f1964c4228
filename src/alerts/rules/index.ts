/** The alerts feature's pure rules other features may read (a feature's rules/index.ts: README "Architecture"). */

/**
 * The shift changes used wherever a channel has none of its own (`/monitor digest at …` sets a channel's): the
 * common three-shift pattern. One default for `/monitor digest now`, `/reading … this shift` and how long a
 * half-filled form is kept (issue 38: one rule, one wording).
 */
export const DEFAULT_SHIFT_TIMES: readonly string[] = ['06:00', '14:00', '22:00'];
