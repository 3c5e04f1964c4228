/** Block Kit of the access feature: the connect offer, the connect modal, the result, the App Home section. */
import { escapeMrkdwn as esc } from '../../kit/blocks/mrkdwn.ts';
import type { LinkInfo } from '../service/key-vault.ts';
import { ACCESS_ACTION, ACCESS_VIEW } from './ids.ts';

type Block = { type: string } & Record<string, unknown>;

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const plain = (text: string) => ({ type: 'plain_text', text, emoji: true });

const NOT_CONNECTED_WHY =
  'fieldline acts on the monitoring platform as you, with your own platform API key, and you have not connected one yet.';

export const NOT_CONNECTED_TEXT = `${NOT_CONNECTED_WHY} Choose *Connect your platform account* (here or in fieldline’s Home tab).`;

/** The same in the Home tab itself, where "or in fieldline’s Home tab" would send the person where they are. */
export const NOT_CONNECTED_HOME_TEXT = `${NOT_CONNECTED_WHY} Choose *Connect your platform account*.`;

/** What a person is told whose stored key no known data key opens (the operator rotated it away). */
export const MUST_RENEW_TEXT =
  'Your connection to the monitoring platform must be renewed: fieldline can no longer read the platform API key you connected. Choose *Connect your platform account* and paste your key again.';

export function connectButton(): Block {
  return {
    type: 'button',
    action_id: ACCESS_ACTION.connect,
    text: plain('Connect your platform account'),
    style: 'primary',
  };
}

/** The reply an unconnected person gets wherever they used fieldline. */
export function notConnectedBlocks(): Block[] {
  return [
    { type: 'section', text: mrkdwn(`:key: ${NOT_CONNECTED_TEXT}`) },
    { type: 'actions', elements: [connectButton()] },
  ];
}

/**
 * Where a person gets a key, as far as fieldline can truthfully say: the platform contract leaves out how keys are
 * made ("How a key is created, its scopes, and its lifetime: not shown"), so it names who issues them. The README
 * says the same.
 */
export const WHERE_TO_GET_A_KEY =
  'No key yet? Ask your monitoring platform’s administrator for a personal API key: keys are issued on the platform, not in Slack, and fieldline cannot make one for you.';

export function connectModal(error?: string): Block {
  return {
    type: 'modal',
    callback_id: ACCESS_VIEW.connect,
    title: plain('Connect platform'),
    submit: plain('Connect'),
    close: plain('Cancel'),
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          'Paste your personal API key from the monitoring platform. fieldline checks it with the platform, keeps it encrypted, and uses it only for what *you* do in Slack — so you see and change exactly what the platform lets you.',
        ),
      },
      { type: 'context', elements: [mrkdwn(`:key: ${WHERE_TO_GET_A_KEY}`)] },
      {
        type: 'input',
        block_id: ACCESS_VIEW.keyBlock,
        label: plain('Your platform API key'),
        element: {
          type: 'plain_text_input',
          action_id: ACCESS_VIEW.keyInput,
          min_length: 8,
          max_length: 512,
          placeholder: plain('Paste the key'),
        },
        ...(error ? { hint: plain(error) } : {}),
      },
      {
        type: 'context',
        elements: [mrkdwn('Disconnect any time from fieldline’s Home tab: the key is then deleted.')],
      },
    ],
  };
}

export function describeLink(info: LinkInfo): string {
  const who = info.platformUser ? `*${esc(info.platformUser.name)}*` : 'your platform user';
  const sites = info.sites
    ? `${info.sites.count} site${info.sites.count === 1 ? '' : 's'}${
        info.sites.names.length > 0
          ? ` (${info.sites.names.slice(0, 5).map(esc).join(', ')}${info.sites.count > 5 ? ', …' : ''})`
          : ''
      }`
    : 'its sites (still counting)';
  return `Connected as ${who}; your key sees ${sites}.`;
}

export function connectedModal(info: LinkInfo): Block {
  return {
    type: 'modal',
    callback_id: `${ACCESS_VIEW.connect}_done`,
    title: plain('Connect platform'),
    close: plain('Done'),
    blocks: [{ type: 'section', text: mrkdwn(`:white_check_mark: ${describeLink(info)}`) }],
  };
}

/**
 * The App Home section: who you are on the platform, or the offer to connect. `must-renew`: a key is kept but no
 * data key fieldline knows opens it — never shown as connected.
 */
export type HomeAccessState =
  { mode: 'linked'; info: LinkInfo | null } | { mode: 'must-renew' } | { mode: 'shared' };

export function homeAccessBlocks(state: HomeAccessState): Block[] {
  const header = { type: 'header', text: plain('Platform account') };
  if (state.mode === 'shared')
    return [
      header,
      {
        type: 'section',
        text: mrkdwn(
          'fieldline uses one shared platform key here (set by your admin); what you create is marked with your name.',
        ),
      },
    ];
  if (state.mode === 'must-renew')
    return [
      header,
      { type: 'section', text: mrkdwn(`:key: ${MUST_RENEW_TEXT}`), accessory: connectButton() },
    ];
  if (!state.info)
    return [header, { type: 'section', text: mrkdwn(NOT_CONNECTED_HOME_TEXT), accessory: connectButton() }];
  return [
    header,
    {
      type: 'section',
      text: mrkdwn(`:white_check_mark: ${describeLink(state.info)}`),
      accessory: {
        type: 'button',
        action_id: ACCESS_ACTION.disconnect,
        text: plain('Disconnect'),
        confirm: {
          title: plain('Disconnect?'),
          text: plain('fieldline deletes your key and stops acting for you until you connect again.'),
          confirm: plain('Disconnect'),
          deny: plain('Keep'),
        },
      },
    },
  ];
}

/** A modal that only says why (refusals on surfaces with no channel: global shortcuts, submissions). */
