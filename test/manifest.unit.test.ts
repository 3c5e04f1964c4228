import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { helpOf } from './fixtures/command-help.ts';
import { recordRegistrations, type Registrations } from './runtime/record-registrations.ts';

const schemaPath = resolve(
  import.meta.dirname,
  '../../shared/slack/manifest-schema/manifest.schema.1.0.0.json',
);
const hasSchema = existsSync(schemaPath);

interface Manifest {
  features: {
    slash_commands: { command: string; description: string; usage_hint?: string; url?: string }[];
    shortcuts: { callback_id: string; type: string; name: string }[];
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: { event_subscriptions: { request_url: string }; interactivity: Record<string, unknown> };
}

const manifestText = readFileSync(resolve(import.meta.dirname, '../manifest.yml'), 'utf8');
const manifestJson: unknown = parse(manifestText);
const manifest = manifestJson as Manifest;

describe.skipIf(!hasSchema)(`manifest.yml against Slack's manifest schema (needs ${schemaPath})`, () => {
  it('validates against manifest.schema.1.0.0.json', () => {
    const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
    const ok = validate(manifestJson);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('is rejected by the schema when broken (the check can fail)', () => {
    const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
    const broken = structuredClone(manifest);
    broken.features.shortcuts[0]!.name = 'A shortcut name far longer than Slack allows';
    expect(validate(broken)).toBe(false);
  });
});

describe('manifest.yml and the code agree', () => {
  let registered: Registrations;
  beforeAll(async () => {
    registered = await recordRegistrations();
  });

  it('registers every command by a plain id the manifest can name', () => {
    expect(registered.unmatchable).toEqual([]);
  });

  it('has exactly the slash commands the code handles', () => {
    const inManifest = manifest.features.slash_commands.map((c) => c.command).sort();
    expect([...new Set(registered.commands)].sort()).toEqual(inManifest);
  });

  it('has exactly the shortcuts the code handles', () => {
    const inManifest = manifest.features.shortcuts.map((s) => s.callback_id).sort();
    expect([...new Set(registered.shortcuts)].sort()).toEqual(inManifest);
  });

  it('describes each command as its help does', () => {
    for (const entry of manifest.features.slash_commands) {
      const help = helpOf(entry.command);
      expect(entry.description).toBe(help.summary);
      expect(entry.usage_hint).toBe(help.usageHint);
    }
  });

  it('sends commands, events, interactivity and options to /slack/events', () => {
    const urls = [
      ...manifest.features.slash_commands.map((c) => c.url),
      manifest.settings.event_subscriptions.request_url,
      manifest.settings.interactivity.request_url,
      manifest.settings.interactivity.message_menu_options_url,
    ];
    for (const url of urls) expect(url).toMatch(/^https:\/\/[^/]+\/slack\/events$/);
  });

  it('asks for no scope the README does not justify', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');
    for (const scope of manifest.oauth_config.scopes.bot) expect(readme, scope).toContain(`\`${scope}\``);
  });
});
