/**
 * The shape of a slash command's help. Each feature keeps its commands' help beside them and lists them in its
 * index.ts as `COMMANDS` (test/manifest.unit.test.ts checks the manifest's descriptions and usage hints against them).
 */

export interface CommandHelp {
  /** e.g. `/task`. */
  command: string;
  /** One line: what the command is for (also the manifest's description). */
  summary: string;
  /** The manifest's usage hint. */
  usageHint: string;
  /** `usage` is shown as code; `<…>` are placeholders, `[…]` optional parts. */
  lines: { usage: string; what: string }[];
  /** Shortcuts and buttons that go with the command. */
  seeAlso?: string;
}
