/**
 * Leaving cleanly (issue 39): `app_uninstalled`, and `tokens_revoked` naming the bot, remove that installation —
 * its tokens, its people's platform keys and, through `onRemoved`, everything else kept for it — and nothing of
 * another. Slack signs these events like every request and sends them without an installation to authorise with
 * (Bolt skips `authorize` for them), so the installation is named by the event's own ids.
 *
 * A job accepted before its installation was removed belongs to it and never runs (a reinstall is a new
 * installation): checked on every job from the context `authorize` gave.
 */
import { z } from 'zod';
import type { Logger } from '../../base/log.ts';
import type { ListenerApp } from '../../kit/entry.ts';
import { JOB_RUN_KEY } from '../../kit/request-context.ts';
import { workspaceKeyOf } from '../../kit/workspace.ts';
import type { Installs } from '../installs.ts';
import { INSTALLED_AT } from './authorize.ts';

const tokensRevoked = z.looseObject({
  tokens: z.looseObject({ bot: z.array(z.string()).optional() }).optional(),
});

interface EventContext {
  teamId?: string;
  enterpriseId?: string;
  isEnterpriseInstall?: boolean;
}

export function registerUninstallEvents(app: ListenerApp, deps: { installs: Installs; log: Logger }): void {
  const { installs, log } = deps;
  app.use(async ({ context, next }) => {
    const job = context[JOB_RUN_KEY] as { acceptedAt?: unknown } | undefined;
    const installedAt = context[INSTALLED_AT];
    if (
      job &&
      typeof job.acceptedAt === 'number' &&
      typeof installedAt === 'number' &&
      job.acceptedAt < installedAt
    ) {
      log.info({ acceptedAt: job.acceptedAt }, 'installs: a job of a removed installation is dropped');
      return;
    }
    await next();
  });
  app.event('app_uninstalled', async ({ context }) => {
    const key = workspaceKeyOf(context as EventContext);
    if (key) await installs.remove(key, 'app_uninstalled');
  });
  app.event('tokens_revoked', async ({ event, context }) => {
    // fieldline keeps no user token: only the bot's matters.
    if ((tokensRevoked.safeParse(event).data?.tokens?.bot ?? []).length === 0) return;
    const key = workspaceKeyOf(context as EventContext);
    if (key) await installs.remove(key, 'tokens_revoked');
  });
}
