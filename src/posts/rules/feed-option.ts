/**
 * The post picker's option values: a feed's channel id, or — for a data source found by its own name whose feed is
 * its site's — the channel id and the data source, so every option of the picker has its own value (Block Kit).
 * Pure. Either way the post goes to the channel id; the platform decides whether the person may post there.
 */
const SEPARATOR = '|source:';

export function feedOptionValue(channelId: string, dataSourceId: string): string {
  return `${channelId}${SEPARATOR}${dataSourceId}`;
}

/** The channel a picked option posts to. */
export function channelIdOfOption(value: string): string {
  const at = value.indexOf(SEPARATOR);
  return at < 0 ? value : value.slice(0, at);
}
