/** Action ids of the App Home tab (prefixed `home_`, see the team's naming rule). */
export const HOME_ACTION = {
  /** Followed by the task id, so that every task's button is unique in the view. */
  taskOpenPrefix: 'home_task_open_',
  newTask: 'home_new_task',
  refresh: 'home_refresh',
  sourceSearch: 'home_source_search',
  /** Turns the DM with the task card on assignment on or off (value `on` / `off`). */
  dmToggle: 'home_dm_toggle',
} as const;

/**
 * Modals opened from the Home tab: the data source search (its one input uses the same block and action id) and
 * the answer to "Open card".
 */
export const HOME_VIEW = {
  sourceSearch: 'home_source_search',
  query: 'home_source_query',
  /** The small modal "Open card" answers with: where the card was posted. */
  cardOpened: 'home_card_opened',
} as const;

/** Tasks listed on the Home tab; the rest are one `/task list mine` away. */
export const HOME_TASK_LIMIT = 10;
/** Channels listed under subscriptions; keeps the view far below Slack's 100 blocks and 3000 characters. */
export const HOME_CHANNEL_LIMIT = 15;
