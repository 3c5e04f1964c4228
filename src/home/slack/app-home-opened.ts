/**
 * app_home_opened on the Home tab: publish the tab (skeleton first, then the data). Events are acked by the
 * receiver before listeners run, so the platform calls here never hold up Slack. The Messages tab is ignored.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { publishHome } from './publish-home.ts';

const homeOpened = z.looseObject({ user: z.string(), tab: z.string().optional() });

export function registerAppHomeOpened(app: App, deps: Deps): void {
  app.event('app_home_opened', async ({ event, client }) => {
    const opened = homeOpened.safeParse(event);
    if (!opened.success || opened.data.tab !== 'home') return;
    await publishHome(deps, client, opened.data.user);
  });
}
