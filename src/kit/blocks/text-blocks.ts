/**
 * Text objects and text-only blocks the renderers share. mrkdwn text is ready (escaped by the caller) and cut
 * to 3000 characters, Slack's limit for a section's text and a context element; plain text (labels, titles,
 * options, buttons) is cut to `max`, 75 by default — Slack's limit for option and button texts.
 */
import { truncate } from './mrkdwn.ts';
import type { BlockJson } from './block-json.ts';

export const plain = (text: string, max = 75) => ({
  type: 'plain_text' as const,
  text: truncate(text, max),
  emoji: true,
});

export const section = (text: string): BlockJson => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, 3000) },
});

export const context = (text: string): BlockJson => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text: truncate(text, 3000) }],
});

/** A modal that only says something: a title (Slack's 24 characters) and one mrkdwn section. */
export const messageModal = (title: string, text: string) => ({
  type: 'modal' as const,
  title: plain(title, 24),
  close: plain('Close'),
  blocks: [section(text)],
});
