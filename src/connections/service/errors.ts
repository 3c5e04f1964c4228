import { ACCESS_ACTION, NotConnectedError } from '../../access/index.ts';

/** "This workspace is not connected to the platform": said to the person as it is (kit/errors.ts `explanation`). */
export const WORKSPACE_NOT_CONNECTED_TEXT =
  'fieldline is not connected to the monitoring platform in this workspace yet. A workspace admin connects it ' +
  'in fieldline’s App Home, under *Platform connection*.';

export class WorkspaceNotConnectedError extends Error {
  override readonly name = 'WorkspaceNotConnectedError';
  readonly code = 'WORKSPACE_NOT_CONNECTED';
  readonly explanation = `:electric_plug: ${WORKSPACE_NOT_CONNECTED_TEXT}`;
  constructor() {
    super('the workspace has no platform connection');
  }
}

export const PLATFORM_CHANGED_TEXT =
  'This workspace now uses another monitoring platform, and the key you connected was for the one before. ' +
  'Choose *Connect your platform account* and paste your key for the new platform.';

/**
 * The person's key was connected before the workspace's platform URL changed: it is never sent to the new platform
 * (it belongs to another). A "not connected" error, so everything that offers Connect does so.
 */
export class PlatformChangedError extends NotConnectedError {
  override readonly name = 'PlatformChangedError';
  override readonly explanation: string = `:key: ${PLATFORM_CHANGED_TEXT}`;
  override readonly explanationBlocks = [
    { type: 'section', text: { type: 'mrkdwn', text: this.explanation } },
    {
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: ACCESS_ACTION.connect,
          text: { type: 'plain_text', text: 'Connect your platform account', emoji: true },
          style: 'primary',
        },
      ],
    },
  ];
  constructor() {
    super();
    this.message = 'the person’s key was connected for the workspace’s previous platform';
  }
}
