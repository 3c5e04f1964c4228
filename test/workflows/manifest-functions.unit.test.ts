/**
 * manifest.yml declares exactly the steps src/workflows implements, with what Slack requires of apps with custom
 * steps, valid under the official manifest schema (the stand-in's check, which must be able to fail).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  checkFunctionsManifest,
  DEFAULT_MANIFEST_SCHEMA_PATH,
  functionDefinitions,
} from '../../src/slack-standin/functions.ts';
import { STEP_IDS } from '../../src/workflows/index.ts';

const manifest = parse(readFileSync(resolve(import.meta.dirname, '../../manifest.yml'), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;

describe('the manifest’s functions', () => {
  it('are the steps the code implements', () => {
    expect(
      functionDefinitions(manifest)
        .map((d) => d.callbackId)
        .sort(),
    ).toEqual([...STEP_IDS].sort());
  });

  it('every step acts as a required Slack user input, "Acting person"', () => {
    for (const def of functionDefinitions(manifest)) {
      const acting = def.inputs.find((p) => p.name === 'acting_user');
      expect(acting).toMatchObject({
        type: 'slack#/types/user_id',
        is_required: true,
        title: 'Acting person',
      });
    }
  });

  it.skipIf(!existsSync(DEFAULT_MANIFEST_SCHEMA_PATH))(
    'validate against the official schema, with function_executed and org deploy',
    () => {
      expect(checkFunctionsManifest(manifest)).toEqual([]);
    },
  );

  it.skipIf(!existsSync(DEFAULT_MANIFEST_SCHEMA_PATH))('are refused when broken (the check can fail)', () => {
    const broken = structuredClone(manifest);
    const fns = broken.functions as Record<string, Record<string, unknown>>;
    delete fns.fieldline_open_incidents!.output_parameters;
    (fns.fieldline_latest_reading!.input_parameters as Record<string, Record<string, unknown>>).metric!.type =
      'slack#/types/nonsense';
    const events = (broken.settings!.event_subscriptions as { bot_events: string[] }).bot_events;
    events.splice(events.indexOf('function_executed'), 1);
    const problems = checkFunctionsManifest(broken);
    expect(problems.join('\n')).toMatch(/fieldline_open_incidents.*output_parameters|output_parameters/);
    expect(problems.join('\n')).toMatch(/metric\/type/);
    expect(problems).toContain('/settings/event_subscriptions bot_events must include function_executed');
  });
});
