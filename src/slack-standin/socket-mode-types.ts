/**
 * What Socket Mode in the stand-in (socket-mode.ts) deals in: envelope kinds, disconnect reasons, the failures a
 * user would see, and what `standin.socketMode` offers.
 */
import { DriverError } from './payloads.ts';
import type { JsonObject } from './types.ts';

export type DisconnectReason = 'warning' | 'refresh_requested' | 'link_disabled';
export type EnvelopeType = 'slash_commands' | 'interactive' | 'events_api';

/**
 * What the user would see instead of an answer: `dispatch_failed` (Socket Mode on, no connection open),
 * `not_acked` (the connection closed before the app acked), `ack_timeout` (no ack within the driver's timeout).
 */
export type SocketFailure = 'dispatch_failed' | 'not_acked' | 'ack_timeout';

export class SocketDeliveryError extends DriverError {
  constructor(
    readonly code: SocketFailure,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'SocketDeliveryError';
  }
}

export interface SocketConnectionInfo {
  id: string;
  /** envelopes sent on it */
  delivered: number;
  /** asked to go (a `disconnect` was sent): no new envelopes */
  retiring: boolean;
}

/** The app's Socket Mode as Slack runs it (what `standin.socketMode` offers). */
export interface StandinSocketMode {
  /** on: the driver's requests go over the app's connections; off: to the Request URL */
  enabled: boolean;
  setEnabled(on: boolean): void;
  /** open connections, oldest first */
  connections(): SocketConnectionInfo[];
  /** connections that take envelopes (open and not asked to go) */
  live(): number;
  /** resolves once this many connections take envelopes (open and not asked to go) */
  whenLive(count: number): Promise<void>;
  /** sends `disconnect` with this reason to one connection (or all); returns their ids */
  disconnect(reason: DisconnectReason, connectionId?: string): string[];
  /** closes a connection without a word, as a network failure would */
  drop(connectionId: string): void;
  /** called with the number of live connections whenever it changes; returns the unsubscribe */
  onLiveChange(listener: (live: number) => void): () => void;
  /** called right after each envelope is sent (before the app can ack it); returns the unsubscribe */
  onEnvelope(listener: (sent: SentEnvelope) => void): () => void;
}

export interface SentEnvelope {
  connection: string;
  envelopeId: string;
  type: EnvelopeType;
}

export interface Envelope {
  type: EnvelopeType;
  payload: JsonObject;
  acceptsResponsePayload: boolean;
  /** events_api only */
  retryAttempt?: number;
  retryReason?: string;
}

export interface Delivered {
  /** the ack's payload; undefined for a bare `{envelope_id}` ack */
  ack: JsonObject | undefined;
  connection: string;
}
