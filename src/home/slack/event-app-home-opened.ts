/**
 * app_home_opened on the Home tab: publish the tab (skeleton first, then the data) as a job. Events are acked by
 * the receiver before listeners run; the job keeps the platform calls off the receiving request's path. The
 * Messages tab is ignored (nothing queued).
 */
import { z } from 'zod';
import { answered, eventEntry, toWork } from '../../kit/entry.ts';
import { publishHome, type PublishHomeDeps } from '../flows/publish-home.ts';

const homeOpened = z.looseObject({ user: z.string(), tab: z.string().optional() });

/** Whose tab to publish. */
interface OpenedCarry {
  user: string;
}

export const appHomeOpened = (deps: PublishHomeDeps) =>
  eventEntry<'app_home_opened', OpenedCarry>({
    event: 'app_home_opened',
    kind: 'home.opened',
    receive({ event }) {
      const opened = homeOpened.safeParse(event);
      // Bolt acked the event already: nothing to answer, and no work for the Messages tab.
      if (!opened.success || opened.data.tab !== 'home') return answered();
      return toWork({ user: opened.data.user });
    },
    work: ({ client }, { user }) => publishHome(deps, client, user),
  });
