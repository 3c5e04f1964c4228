/**
 * Publishes the Home tab in two steps: the skeleton at once (views.publish), then the full view when the data
 * is in. The second publish passes the skeleton's hash, so when the person opened the tab again meanwhile
 * (or clicked Refresh), the newer render wins and this stale one is dropped (Slack answers hash_conflict).
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import { renderHomeSkeleton, renderHomeView } from '../render/home-view.ts';
import { loadHomeModel, type HomeModelDeps } from './home-model.ts';

export type PublishHomeDeps = HomeModelDeps;

const slackPlatformError = z.looseObject({ data: z.looseObject({ error: z.string() }) });

function isHashConflict(err: unknown): boolean {
  const parsed = slackPlatformError.safeParse(err);
  return parsed.success && parsed.data.data.error === 'hash_conflict';
}

export async function publishHome(deps: PublishHomeDeps, client: WebClient, user: string): Promise<void> {
  const skeleton = await client.views.publish({ user_id: user, view: renderHomeSkeleton(user) });
  const model = await loadHomeModel(deps, client, user);
  const hash = skeleton.view?.hash;
  try {
    await client.views.publish({ user_id: user, view: renderHomeView(model), ...(hash ? { hash } : {}) });
  } catch (err) {
    if (!isHashConflict(err)) throw err;
    deps.log.debug({ user, module: 'home' }, 'home: a newer render of the tab replaced this one');
  }
}
