/**
 * Block Kit of the platform connection (pure): App Home's admin-only section, the modal an admin sets it in, and
 * the modal's answer. The key is never shown back, not even in part.
 */
import { escapeMrkdwn as esc } from '../../kit/blocks/mrkdwn.ts';
import { CONNECTION_ACTION, CONNECTION_VIEW } from './connection-ids.ts';

type Block = { type: string } & Record<string, unknown>;

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const plain = (text: string) => ({ type: 'plain_text', text, emoji: true });

/** What App Home shows an admin about the workspace's platform connection. */
export interface ConnectionHomeState {
  /** The workspace's own connection (URL and when/who set it). */
  own: { baseUrl: string; setAt: number; setBy: string } | null;
  /** Whether the environment gives a default connection (used while there is no own one). */
  hasDefault: boolean;
  /** False without FIELDLINE_ENCRYPTION_KEY (nothing can be kept sealed). */
  canStore: boolean;
}

function describe(state: ConnectionHomeState): string {
  if (state.own) {
    const when = new Date(state.own.setAt).toISOString().slice(0, 16).replace('T', ' ');
    return `:electric_plug: Connected to \`${esc(state.own.baseUrl)}\` (set by <@${esc(state.own.setBy)}>, ${when} UTC). The relay's key is kept encrypted and never shown.`;
  }
  if (state.hasDefault)
    return ':electric_plug: Using the platform this fieldline was set up with. Set a connection to use your own platform.';
  return ':warning: Not connected: nobody here can reach the monitoring platform until you set the connection.';
}

export function connectionHomeBlocks(state: ConnectionHomeState): Block[] {
  const blocks: Block[] = [
    { type: 'section', text: mrkdwn('*Platform connection* (workspace admins only)') },
  ];
  if (!state.canStore) {
    blocks.push({
      type: 'context',
      elements: [
        mrkdwn(
          'Setting a connection needs FIELDLINE_ENCRYPTION_KEY (the key is stored encrypted): ask whoever runs fieldline.',
        ),
      ],
    });
    return blocks;
  }
  blocks.push({
    type: 'section',
    text: mrkdwn(describe(state)),
    accessory: {
      type: 'button',
      action_id: CONNECTION_ACTION.open,
      text: plain(state.own ? 'Change connection' : 'Platform connection'),
    },
  });
  return blocks;
}

export function connectionModal(current: string | undefined): Block {
  return {
    type: 'modal',
    callback_id: CONNECTION_VIEW.set,
    title: plain('Platform connection'),
    submit: plain('Check and save'),
    close: plain('Cancel'),
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          'Where this workspace’s monitoring platform is, and the API key fieldline’s relay uses to post alerts and task changes to channels. fieldline checks them with one call before saving, and keeps the key encrypted. People still connect their own keys to act as themselves.',
        ),
      },
      {
        type: 'input',
        block_id: CONNECTION_VIEW.urlBlock,
        label: plain('Platform API base URL'),
        element: {
          type: 'plain_text_input',
          action_id: CONNECTION_VIEW.urlInput,
          max_length: 300,
          placeholder: plain('https://api.example.com/prod'),
          ...(current ? { initial_value: current } : {}),
        },
      },
      {
        type: 'input',
        block_id: CONNECTION_VIEW.keyBlock,
        label: plain('Relay API key'),
        element: {
          type: 'plain_text_input',
          action_id: CONNECTION_VIEW.keyInput,
          min_length: 8,
          max_length: 512,
          placeholder: plain(current ? 'Paste the key again to change the connection' : 'Paste the key'),
        },
      },
    ],
  };
}

export function connectionSavedModal(baseUrl: string): Block {
  return {
    type: 'modal',
    callback_id: `${CONNECTION_VIEW.set}_done`,
    title: plain('Platform connection'),
    close: plain('Done'),
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          `:white_check_mark: The platform at \`${esc(baseUrl)}\` answered, and this workspace now uses it. Channels subscribed with \`/monitor\` get alerts from it from the next check on.`,
        ),
      },
    ],
  };
}

export function notAdminModal(): Block {
  return {
    type: 'modal',
    title: plain('Platform connection'),
    close: plain('Close'),
    blocks: [
      {
        type: 'section',
        text: mrkdwn(':no_entry: Only a workspace admin or owner can set the platform connection.'),
      },
    ],
  };
}
