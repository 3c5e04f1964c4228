// `:shortcode:` → emoji, with Slack's names (emoji-map.js is generated from the data set Slack's names come from).
import { EMOJI } from './emoji-map.js';

// `:thumbsup::skin-tone-3:` is how Slack writes a toned emoji; the console shows the base emoji.
const SHORTCODE = /:([a-z0-9_+-]+):(?::skin-tone-[2-6]:)?/g;

/** The emoji of a shortcode name, or undefined (own keys only: `:constructor:` is no emoji). */
export function emojiOf(name) {
  return Object.hasOwn(EMOJI, name) ? EMOJI[name] : undefined;
}

/** `:name:` shortcodes as emoji where known; unknown ones stay as typed, like a custom emoji Slack lacks. */
export function emojify(text) {
  return String(text).replace(SHORTCODE, (m, name) => emojiOf(name) ?? m);
}
