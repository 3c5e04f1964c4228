/**
 * app_home_opened on the Home tab: publish the tab (skeleton first, then the data). Events are acked by the
 * receiver before listeners run, so the platform calls here never hold up Slack. The Messages tab is ignored.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import { publishHome, type PublishHomeDeps } from './publish-home.ts';

const homeOpened = z.looseObject({ user: z.string(), tab: z.string().optional() });

export type AppHomeOpenedArgs = SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs;

export async function handleAppHomeOpened(
  { event, client }: AppHomeOpenedArgs,
  deps: PublishHomeDeps,
): Promise<void> {
  const opened = homeOpened.safeParse(event);
  if (!opened.success || opened.data.tab !== 'home') return;
  await publishHome(deps, client, opened.data.user);
}
