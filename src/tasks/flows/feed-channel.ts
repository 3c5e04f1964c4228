/**
 * "Feed post channel" in the create modal is an option value that came back from Slack, and POST /task/ takes any
 * `toChannelId` (contract: section 9 — "`toChannelId` … channel for the task's feed post", no access rule stated):
 * fieldline sends only the feed channel of a site the person's own key lists (issue 37), the same list the
 * typeahead offers (slack/options-task-form.ts).
 */
import type { SiteInfo } from '../../directory/index.ts';

export const FEED_CHANNEL_TEXT =
  'This is not the feed channel of a site you can see on the platform. Choose one from the list, or leave it empty for the site’s own feed.';

/** Shown as it is by the one error path (an explained error), with everything the person typed kept. */
export class FeedChannelError extends Error {
  override readonly name = 'FeedChannelError';
  readonly explanation = `:warning: ${FEED_CHANNEL_TEXT}`;
  constructor(channelId: string) {
    super(`feed channel ${channelId} is not one the person's key lists`);
  }
}

export function isVisibleFeedChannel(sites: readonly SiteInfo[], channelId: string): boolean {
  return sites.some((s) => s.channelId !== null && s.channelId === channelId);
}
