/** /post [text]: opens the feed post form with the text filled in; `/post help` explains itself. */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { CONTENT_MAX, renderPostModal } from '../render/post-modal.ts';
import { POST_HELP } from '../render/post-help.ts';

export type PostCommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/**
 * Answered on receipt only (a Bolt listener, no job). Needs no deps: the form opens from the command alone (the
 * platform is asked only on submit).
 */
export async function handlePostCommand({ ack, command, client }: PostCommandArgs): Promise<void> {
  const text = command.text.trim();
  if (/^(help|\?|-h|--help)$/i.test(text)) {
    await ack(renderCommandHelp(POST_HELP));
    return;
  }
  // The form holds 3,000 characters: a longer text comes back in full here so nothing typed is lost.
  await ack(
    text.length > CONTENT_MAX
      ? {
          response_type: 'ephemeral',
          text: `Your text is longer than ${CONTENT_MAX} characters; the form holds the start. Full text:\n${text}`,
        }
      : undefined,
  );
  await client.views.open({
    trigger_id: command.trigger_id,
    view: renderPostModal({
      values: { content: text },
      meta: { originChannel: command.channel_id, files: [] },
    }),
  });
}
