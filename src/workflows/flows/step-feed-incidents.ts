/**
 * "Post to the platform feed" (the post modal's rules and messages, published by the posts feature) and "Open
 * incidents at a site" (the alerts feature's health rules on what the acting person's key reads now).
 */
import { openIncidentsAt } from '../../alerts/index.ts';
import { POST_FIELDS, publishPost, validatePostValues } from '../../posts/index.ts';
import { parseFeedInputs, parseSiteInput } from '../rules/step-inputs.ts';
import { incidentsList } from '../rules/step-outputs.ts';
import { findFeed, findSite } from './lookups.ts';
import type { StepDefinition, StepDeps, StepOutcome } from './step-run.ts';

const POST_INPUT_TITLE: Record<string, string> = {
  [POST_FIELDS.content]: 'Text',
  [POST_FIELDS.channel]: 'Site or feed',
  [POST_FIELDS.title]: 'Title',
};

export const postToFeedStep = (deps: StepDeps): StepDefinition<{ feed: string; text: string }> => ({
  parse: parseFeedInputs,
  async run(ctx, input): Promise<StepOutcome> {
    // The modal's text rules before the feed is looked up: nothing read for a post that cannot go out.
    const early = validatePostValues({ content: input.text, channel: { value: 'pending', label: '' } });
    if (!early.ok) return { error: firstPostError(early.errors) };
    const feed = await findFeed(deps, input.feed);
    if (!feed.ok) return { error: feed.error };
    const checked = validatePostValues({
      content: input.text,
      channel: { value: feed.value.value ?? feed.value.channelId, label: feed.value.label },
    });
    if (!checked.ok) return { error: firstPostError(checked.errors) };
    const { postId } = await publishPost(deps, {
      client: ctx.client,
      draft: checked.draft,
      origin: { channel: ctx.user, user: ctx.user },
    });
    return { outputs: { post_id: String(postId) } };
  },
});

function firstPostError(errors: Record<string, string>): string {
  const [field, message] = Object.entries(errors)[0] ?? ['', 'The post cannot go out.'];
  return `${POST_INPUT_TITLE[field] ?? 'Input'}: ${message}`;
}

export const openIncidentsStep = (deps: StepDeps): StepDefinition<{ site: string }> => ({
  parse: parseSiteInput,
  async run(_ctx, input): Promise<StepOutcome> {
    const site = await findSite(deps, input.site);
    if (!site.ok) return { error: site.error };
    const found = await openIncidentsAt(deps.monitoring, site.value.id, { now: deps.clock.now() });
    return {
      outputs: {
        count: found.incidents.length,
        worst_severity: found.worst ?? 'none',
        list: incidentsList(found.incidents, site.value.name),
      },
    };
  },
});
