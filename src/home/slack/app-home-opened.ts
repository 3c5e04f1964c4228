/**
 * app_home_opened on the Home tab: publish the tab (skeleton first, then the data), as a job
 * (src/runtime/jobs/hand-off.ts). Events are acked by the receiver before listeners run; the job keeps the platform
 * calls off the receiving request's path. The Messages tab is ignored (nothing queued).
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { publishHome, type PublishHomeDeps } from './publish-home.ts';

const homeOpened = z.looseObject({ user: z.string(), tab: z.string().optional() });

export type AppHomeOpenedArgs = SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs;

export async function handleAppHomeOpened(args: AppHomeOpenedArgs, deps: PublishHomeDeps): Promise<void> {
  const opened = homeOpened.safeParse(args.event);
  if (!opened.success || opened.data.tab !== 'home') return;
  if (!(await handOff(args, 'home.opened'))) return;
  await publishHome(deps, args.client, opened.data.user);
}
