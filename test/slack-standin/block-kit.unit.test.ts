import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BlockKitValidator,
  blockKitSchemaAvailable,
  validateBlocks,
  validateView,
} from '../../src/slack-standin/block-kit.ts';
import { SLACK_REFERENCE_DIR } from '../setup/shared-dir.ts';

const limitsOnly = new BlockKitValidator(false);
const PAYLOADS = join(SLACK_REFERENCE_DIR, 'payloads');
const haveSamples = existsSync(PAYLOADS);
const haveSchema = blockKitSchemaAvailable();

const text = (t: string, type = 'mrkdwn') => ({ type, text: t });
const plain = (t: string) => text(t, 'plain_text');
const section = (t: string) => ({ type: 'section', text: text(t) });
const option = (t: string, v: string) => ({ text: plain(t), value: v });
const modal = (extra: Record<string, unknown> = {}) => ({
  type: 'modal',
  title: plain('Title'),
  blocks: [section('x')],
  ...extra,
});

/** Every problem names the JSON pointer of what is wrong, like Slack's invalid_blocks messages. */
function pointers(problems: string[]): string[] {
  return problems.map((p) => /\[json-pointer:([^\]]*)\]/.exec(p)?.[1] ?? p);
}

describe('Slack limits without the shared schema (a clone without ../shared)', () => {
  const cases: [string, unknown[], 'message' | 'modal' | 'home', string][] = [
    ['51 blocks in a message', Array.from({ length: 51 }, () => section('x')), 'message', '/blocks'],
    ['101 blocks in a modal', Array.from({ length: 101 }, () => section('x')), 'modal', '/blocks'],
    ['empty text', [section('')], 'message', '/blocks/0/text/text'],
    ['section text over 3000', [section('x'.repeat(3001))], 'message', '/blocks/0/text/text'],
    [
      '11 section fields',
      [{ type: 'section', fields: Array.from({ length: 11 }, () => text('f')) }],
      'message',
      '/blocks/0/fields',
    ],
    [
      'a field over 2000',
      [{ type: 'section', fields: [text('f'.repeat(2001))] }],
      'message',
      '/blocks/0/fields/0/text',
    ],
    ['header over 150', [{ type: 'header', text: plain('h'.repeat(151)) }], 'message', '/blocks/0/text/text'],
    ['mrkdwn header', [{ type: 'header', text: text('h') }], 'message', '/blocks/0/text/type'],
    [
      '26 action elements',
      [
        {
          type: 'actions',
          elements: Array.from({ length: 26 }, (_, i) => ({
            type: 'button',
            action_id: `b${i}`,
            text: plain('b'),
          })),
        },
      ],
      'message',
      '/blocks/0/elements',
    ],
    [
      'option text over 75',
      [
        {
          type: 'section',
          text: text('s'),
          accessory: { type: 'static_select', action_id: 's', options: [option('o'.repeat(76), 'v')] },
        },
      ],
      'message',
      '/blocks/0/accessory/options/0/text/text',
    ],
    [
      'option value over 150',
      [
        {
          type: 'section',
          text: text('s'),
          accessory: { type: 'static_select', action_id: 's', options: [option('o', 'v'.repeat(151))] },
        },
      ],
      'message',
      '/blocks/0/accessory/options/0/value',
    ],
    [
      '101 options',
      [
        {
          type: 'section',
          text: text('s'),
          accessory: {
            type: 'static_select',
            action_id: 's',
            options: Array.from({ length: 101 }, (_, i) => option('o', `v${i}`)),
          },
        },
      ],
      'message',
      '/blocks/0/accessory/options',
    ],
    ['block_id over 255', [{ ...section('x'), block_id: 'b'.repeat(256) }], 'message', '/blocks/0/block_id'],
    [
      'action_id over 255',
      [{ type: 'actions', elements: [{ type: 'button', action_id: 'a'.repeat(256), text: plain('b') }] }],
      'message',
      '/blocks/0/elements/0/action_id',
    ],
    [
      'duplicate block_id',
      [
        { ...section('x'), block_id: 'same' },
        { ...section('y'), block_id: 'same' },
      ],
      'message',
      '/blocks/1/block_id',
    ],
    ['unknown block type', [{ type: 'secton', text: text('x') }], 'message', '/blocks/0/type'],
    [
      'button text over 75',
      [{ type: 'actions', elements: [{ type: 'button', action_id: 'b', text: plain('b'.repeat(76)) }] }],
      'message',
      '/blocks/0/elements/0/text/text',
    ],
  ];

  it.each(cases)('reports %s', (_name, blocks, surface, pointer) => {
    expect(pointers(limitsOnly.validateBlocks(blocks, surface))).toContain(pointer);
    expect(pointers(validateBlocks(blocks, surface))).toContain(pointer);
  });

  it('accepts 50 blocks in a message and 100 in a modal', () => {
    expect(
      limitsOnly.validateBlocks(
        Array.from({ length: 50 }, () => section('x')),
        'message',
      ),
    ).toEqual([]);
    expect(
      limitsOnly.validateView(modal({ blocks: Array.from({ length: 100 }, () => section('x')) })),
    ).toEqual([]);
  });

  const viewCases: [string, unknown, string][] = [
    ['a title over 24', modal({ title: plain('t'.repeat(25)) }), '/view/title/text'],
    ['a submit over 24', modal({ submit: plain('s'.repeat(25)) }), '/view/submit/text'],
    ['a close over 24', modal({ close: plain('c'.repeat(25)) }), '/view/close/text'],
    ['private_metadata over 3000', modal({ private_metadata: 'm'.repeat(3001) }), '/view/private_metadata'],
    ['callback_id over 255', modal({ callback_id: 'c'.repeat(256) }), '/view/callback_id'],
    [
      'inputs without submit',
      modal({
        blocks: [{ type: 'input', label: plain('L'), element: { type: 'plain_text_input', action_id: 'a' } }],
      }),
      '/view',
    ],
    [
      'a view over 250 kB',
      modal({ blocks: Array.from({ length: 100 }, () => section('x'.repeat(2600))) }),
      '/view',
    ],
    ['a missing title', { type: 'modal', blocks: [section('x')] }, '/view/title'],
  ];

  it.each(viewCases)('reports a modal with %s', (_name, view, pointer) => {
    expect(pointers(limitsOnly.validateView(view))).toContain(pointer);
    expect(pointers(validateView(view))).toContain(pointer);
  });
});

/** Payload views carry read-only fields Slack adds; an app sends back only the definition. */
function definitionOf(view: Record<string, unknown>): Record<string, unknown> {
  const keys = [
    'type',
    'title',
    'blocks',
    'close',
    'submit',
    'private_metadata',
    'callback_id',
    'clear_on_close',
    'notify_on_close',
    'external_id',
  ];
  return Object.fromEntries(Object.entries(view).filter(([k]) => keys.includes(k)));
}

function sample(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(PAYLOADS, name), 'utf8')) as Record<string, unknown>;
}

describe.skipIf(!haveSamples)(
  'the real payload samples (../shared/slack/payloads; skipped when absent)',
  () => {
    it.each(['view_submission.json', 'view_closed.json', 'block_suggestion.json'])(
      'accepts the modal in %s',
      (file) => {
        const view = sample(file).view as Record<string, unknown>;
        expect(validateView(definitionOf(view))).toEqual([]);
      },
    );

    it.each(['event_callback.message.json', 'message_action.json'])(
      'accepts the rich_text blocks in %s',
      (file) => {
        const payload = sample(file);
        const message = (payload.event ?? payload.message) as { blocks: unknown[] };
        expect(validateBlocks(message.blocks, 'message')).toEqual([]);
      },
    );
  },
);

describe.skipIf(!haveSchema)(
  'Block Kit JSON Schema checks (../shared/slack/slack-block-kit.schema.json; skipped when absent)',
  () => {
    it('reports a misspelled property the hand-written limits let through', () => {
      const blocks = [
        { type: 'section', text: text('x'), acessory: { type: 'button', text: plain('b'), action_id: 'b' } },
      ];
      expect(limitsOnly.validateBlocks(blocks, 'message')).toEqual([]);
      expect(validateBlocks(blocks, 'message')).toContain(
        'must NOT have additional properties [json-pointer:/blocks/0]',
      );
    });

    it('reports a home view with modal-only fields', () => {
      const problems = validateView({ type: 'home', blocks: [section('x')], submit: plain('Go') });
      expect(pointers(problems)).toContain('/view');
    });

    it('accepts a typical task card message', () => {
      const blocks = [
        { type: 'header', text: plain('Replace seal on pump 3') },
        { type: 'section', fields: [text('*Site*\nNorth'), text('*Status*\nTo Do')] },
        { type: 'context', elements: [text('Created by <@U0ANA>')] },
        {
          type: 'actions',
          block_id: 'task_actions',
          elements: [
            { type: 'button', action_id: 'task_done', text: plain('Done'), style: 'primary', value: '42' },
            {
              type: 'overflow',
              action_id: 'task_more',
              options: [option('Edit', 'edit'), option('Cancel', 'cancel')],
            },
          ],
        },
      ];
      expect(validateBlocks(blocks, 'message')).toEqual([]);
    });
  },
);
