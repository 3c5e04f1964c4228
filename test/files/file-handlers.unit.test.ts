/**
 * The files listeners are named functions, called here directly, and the declarations are driven as Slack would
 * (`receive`; with no job queue the work runs inline), with hand-built Slack arguments and a fake WebClient, no
 * Bolt App and no platform (none of these paths reaches it). Each acks before anything else.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/base/config.ts';
import type { UploadJobDeps } from '../../src/files/flows/upload-job.ts';
import { fileRetry } from '../../src/files/slack/action-file-retry.ts';
import { fileUploadSubmit } from '../../src/files/slack/view-file-upload-submit.ts';
import type { ActionArgs, ViewArgs } from '../../src/kit/entry.ts';
import { receive } from '../../src/runtime/entries.ts';
import { handleUploadFilesShortcut } from '../../src/files/slack/shortcut-upload-files.ts';
import { encodeRetryValue } from '../../src/files/render/file-retry-value.ts';
import { decodeUploadMeta } from '../../src/files/render/file-upload-meta.ts';
import {
  buildArguments,
  buildWithClient,
  recordedMethod,
  type HandlerCall,
} from '../fixtures/handler-args.ts';
import { untouchable } from '../fixtures/untouchable-deps.ts';

/** The WebClient method these handlers call before any upload; recorded next to ack/respond. */
function fakeClient(calls: HandlerCall[]) {
  return {
    views: { open: recordedMethod(calls, 'views.open', { view: { id: 'V0UPLOAD' } }) },
  };
}

function shortcutArgs(calls: HandlerCall[], files: unknown[]) {
  return buildArguments<Parameters<typeof handleUploadFilesShortcut>[0]>({
    calls,
    client: fakeClient(calls),
    shortcut: {
      type: 'message_action',
      callback_id: 'upload_files',
      trigger_id: 'trigger-1',
      user: { id: 'U0ANA' },
      channel: { id: 'C0GENERAL' },
      message: { type: 'message', ts: '222.2', thread_ts: '111.1', user: 'U0BEN', files },
    },
  });
}

describe('files handlers called without an App', () => {
  it('Upload files on a message without files says so and opens nothing', async () => {
    const calls: HandlerCall[] = [];
    const built = shortcutArgs(calls, []);
    await handleUploadFilesShortcut(built.args, { config: loadConfig({}) });
    expect(calls.map((c) => c.fn)).toEqual(['ack', 'respond']);
    expect(JSON.stringify(built.argsOf('respond')[0])).toContain('That message has no files to upload.');
  });

  it('Upload files opens the modal naming every file of the message and its thread', async () => {
    const calls: HandlerCall[] = [];
    const built = shortcutArgs(calls, [
      { id: 'F0ONE', name: 'valve.png', size: 4_000 },
      { id: 'F0TINY', name: 'empty.txt', size: 10 },
    ]);
    await handleUploadFilesShortcut(built.args, { config: loadConfig({ FIELDLINE_COMPANY_ID: '42' }) });
    expect(calls.map((c) => c.fn)).toEqual(['ack', 'views.open']);
    const [open] = built.argsOf('views.open') as {
      trigger_id: string;
      view: { private_metadata: string; blocks: unknown[] };
    }[];
    expect(open?.trigger_id).toBe('trigger-1');
    expect(decodeUploadMeta(open!.view.private_metadata)).toEqual({
      channel: 'C0GENERAL',
      messageTs: '222.2',
      threadTs: '111.1',
      fileIds: ['F0ONE', 'F0TINY'],
    });
    expect(JSON.stringify(open?.view.blocks)).toContain('valve.png');
  });

  it('refuses an upload form without a target when no company is configured, in the ack', async () => {
    const built = buildWithClient<ViewArgs>(fakeClient, {
      body: { type: 'view_submission', user: { id: 'U0ANA' } },
      view: { id: 'V0UPLOAD', private_metadata: '', state: { values: {} } },
    });
    await receive(fileUploadSubmit(untouchable<UploadJobDeps>({ config: loadConfig({}) })), built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack']);
    const [ack] = built.argsOf('ack') as { response_action: string; errors: Record<string, string> }[];
    expect(ack?.response_action).toBe('errors');
    expect(ack?.errors.file_target).toContain('There is no company to upload to');
  });

  it('refuses a Retry button whose value names another conversation, uploading nothing', async () => {
    const value = encodeRetryValue({
      fileIds: ['F0ONE'],
      target: { companyId: '42' },
      channel: 'C0OTHER',
      messageTs: '222.2',
    });
    const built = buildWithClient<ActionArgs>(fakeClient, {
      body: {
        type: 'block_actions',
        user: { id: 'U0ANA' },
        channel: { id: 'C0GENERAL' },
        container: { type: 'message', channel_id: 'C0GENERAL', message_ts: '333.3' },
        message: { ts: '333.3' },
      },
      action: { type: 'button', action_id: 'file_retry', value },
    });
    await receive(fileRetry(untouchable<UploadJobDeps>()), built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack', 'respond']);
    expect(JSON.stringify(built.argsOf('respond')[0])).toContain('This Retry button is out of date');
  });
});
