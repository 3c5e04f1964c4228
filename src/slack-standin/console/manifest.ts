/**
 * What the console offers from the app's manifest: slash commands (suggested as you type `/`), global
 * shortcuts (the shortcuts button) and message shortcuts (the message "⋯" menu). Read with `yaml` and checked
 * with zod, like Slack reads the manifest when the app is installed; a missing or broken manifest offers
 * nothing rather than breaking the console.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';

export const DEFAULT_MANIFEST_PATH = fileURLToPath(new URL('../../../manifest.yml', import.meta.url));

export interface ConsoleCommand {
  command: string;
  description: string;
  usageHint: string;
}

export interface ConsoleShortcut {
  name: string;
  type: 'global' | 'message';
  callbackId: string;
  description: string;
}

export interface ConsoleManifest {
  appName: string;
  commands: ConsoleCommand[];
  shortcuts: ConsoleShortcut[];
  homeTab: boolean;
  /** why nothing is offered, when the manifest could not be read */
  problem?: string;
}

const manifestSchema = z
  .object({
    display_information: z.object({ name: z.string() }).passthrough().optional(),
    features: z
      .object({
        app_home: z.object({ home_tab_enabled: z.boolean().optional() }).passthrough().optional(),
        slash_commands: z
          .array(
            z
              .object({
                command: z.string(),
                description: z.string().default(''),
                usage_hint: z.string().default(''),
              })
              .passthrough(),
          )
          .default([]),
        shortcuts: z
          .array(
            z
              .object({
                name: z.string(),
                type: z.enum(['global', 'message']),
                callback_id: z.string(),
                description: z.string().default(''),
              })
              .passthrough(),
          )
          .default([]),
      })
      .passthrough()
      .default({ slash_commands: [], shortcuts: [] }),
  })
  .passthrough();

export function parseManifest(text: string): ConsoleManifest {
  const parsed = manifestSchema.safeParse(parse(text));
  if (!parsed.success) {
    return { appName: 'app', commands: [], shortcuts: [], homeTab: false, problem: parsed.error.message };
  }
  const { features } = parsed.data;
  return {
    appName: parsed.data.display_information?.name ?? 'app',
    commands: features.slash_commands.map((c) => ({
      command: c.command,
      description: c.description,
      usageHint: c.usage_hint,
    })),
    shortcuts: features.shortcuts.map((s) => ({
      name: s.name,
      type: s.type,
      callbackId: s.callback_id,
      description: s.description,
    })),
    homeTab: features.app_home?.home_tab_enabled === true,
  };
}

export async function readManifest(path: string): Promise<ConsoleManifest> {
  try {
    return parseManifest(await readFile(path, 'utf8'));
  } catch (err) {
    const problem = err instanceof Error ? err.message : String(err);
    return { appName: 'app', commands: [], shortcuts: [], homeTab: false, problem };
  }
}
