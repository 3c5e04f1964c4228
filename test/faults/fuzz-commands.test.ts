/**
 * Fuzzed command text for every slash command: whatever is typed, the app acks in time with 200, always shows
 * something helpful (an answer, a help text, an error that says what to fix, or a modal), never a stack
 * trace, and leaves no unhandled rejection behind.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { expectHelpfulReply, NUM_RUNS, phrase, watchRejections } from './fuzz-helpers.ts';

let h: Harness;
let rejections: ReturnType<typeof watchRejections>;
beforeAll(async () => {
  rejections = watchRejections();
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
  rejections.stop();
});

const words = (...list: string[]) => fc.constantFrom(...list);

const GRAMMARS: Record<string, fc.Arbitrary<string>> = {
  '/task': phrase([
    words('new', 'create', 'list', 'ls', 'help', 'open', 'mine', 'overdue', 'all', 'site', 'priority'),
    words('high', 'medium', 'low', 'Berlin', 'North Plant', '"Berlin Plant"'),
  ]),
  '/reading': phrase([
    words('1008', '1001', 'Line 1 Energy Meter', 'Spare Sensor', 'pump', 'Camera', 'export'),
    words(
      '1h',
      '24h',
      '7d',
      '30d',
      'today',
      'yesterday',
      '2026-11-01..2026-11-07',
      '2026-11-01 08:00..2026-11-01 16:00',
    ),
  ]),
  '/source': phrase([words('pump', 'meter', 'camera', 'file', '8001', '8002', '9999', 'help', 'Energy')]),
  '/post': phrase([words('help', 'Leak on line 3', '#safety', 'shift report')]),
  '/monitor': phrase([
    words(
      'subscribe',
      'unsubscribe',
      'alerts',
      'tasks',
      'list',
      'status',
      'help',
      'site',
      'severity',
      'priority',
    ),
    words('warning', 'critical', 'high', 'low', 'Berlin', 'Pune', 'Nowhere'),
  ]),
};

describe('fuzzed command text', () => {
  it.each(Object.keys(GRAMMARS))('%s always acks in time and answers helpfully', async (command) => {
    const grammar = GRAMMARS[command];
    if (!grammar) throw new Error(`no grammar for ${command}`);
    await fc.assert(
      fc.asyncProperty(grammar, async (text) => {
        await expectHelpfulReply(h, command, text);
      }),
      { numRuns: NUM_RUNS, seed: 20261121, endOnFailure: true },
    );
  });

  it('left no unhandled promise rejection behind', () => {
    expect(rejections.reasons).toEqual([]);
  });
});
