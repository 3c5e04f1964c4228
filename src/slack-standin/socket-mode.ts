/**
 * Socket Mode like Slack. `apps.connections.open` with the app-level token (`xapp-…`) answers a one-use WebSocket
 * URL (Slack's is `wss://wss-primary.slack.com/link/?ticket=…&app_id=…`; here `ws://` on the stand-in's own port).
 * The connection first says `hello`, then carries envelopes `{envelope_id, payload, type, accepts_response_payload}`
 * (type `slash_commands`, `interactive`, `events_api`); the app acks each with `{envelope_id, payload?}` on the
 * connection that carried it, and a payload is the response, like the HTTP ack body. Slack allows up to 10
 * connections per app and spreads envelopes over the open ones; it asks a connection to go with
 * `{type: 'disconnect', reason}`: `warning` (it will be closed soon), `refresh_requested` (every few hours: open a
 * new one), `link_disabled` (Socket Mode was turned off for the app). Slack sends nothing new on a connection it has
 * asked to go, and closes it itself if the app does not.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { DriverError } from './payloads.ts';
import { APP_ID } from './seed.ts';
import {
  SocketDeliveryError,
  type Delivered,
  type DisconnectReason,
  type Envelope,
  type SentEnvelope,
  type StandinSocketMode,
  type SocketConnectionInfo,
} from './socket-mode-types.ts';
import type { JsonObject } from './types.ts';

interface Connection {
  id: string;
  ws: WebSocket;
  delivered: number;
  retiring: boolean;
  pending: Map<string, { resolve(ack: JsonObject | undefined): void; reject(err: Error): void }>;
}

export interface SocketModeOptions {
  appToken: string;
  botToken: string;
  enabled: boolean;
  /** `ws://host:port/` of the stand-in */
  wsBase(): string;
  ackTimeoutMs: number;
  /** how long a connection asked to go may stay before the stand-in closes it (Slack does the same) */
  retireGraceMs?: number;
  log?: Logger;
}

const LINK_PATH = '/link/';

export class SocketModeHub extends EventEmitter implements StandinSocketMode {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly tickets = new Set<string>();
  private readonly open = new Map<string, Connection>();
  private nextPick = 0;
  enabled: boolean;

  constructor(private readonly opts: SocketModeOptions) {
    super();
    this.enabled = opts.enabled;
  }

  setEnabled(on: boolean): void {
    this.enabled = on;
  }

  get appToken(): string {
    return this.opts.appToken;
  }

  /** apps.connections.open: only an app-level token may call it. */
  connectionsOpen(token: string | undefined): JsonObject {
    if (token === undefined) return { ok: false, error: 'not_authed' };
    if (token === this.opts.botToken) return { ok: false, error: 'not_allowed_token_type' };
    if (token !== this.opts.appToken) return { ok: false, error: 'invalid_auth' };
    const ticket = randomUUID();
    this.tickets.add(ticket);
    return { ok: true, url: `${this.opts.wsBase()}link/?ticket=${ticket}&app_id=${APP_ID}` };
  }

  /** Takes the WebSocket upgrades for `/link/?ticket=…` on the stand-in's HTTP server. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const ticket = url.searchParams.get('ticket') ?? '';
      if (url.pathname !== LINK_PATH || !this.tickets.delete(ticket)) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
    });
  }

  private accept(ws: WebSocket): void {
    const conn: Connection = {
      id: randomBytes(4).toString('hex'),
      ws,
      delivered: 0,
      retiring: false,
      pending: new Map(),
    };
    this.open.set(conn.id, conn);
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.onAck(conn, String(data));
    });
    ws.on('close', () => this.dropped(conn));
    ws.on('error', (err) => this.opts.log?.debug({ err }, 'socket mode connection error'));
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: this.open.size,
        debug_info: { host: 'applink-standin', build_number: 1, approximate_connection_time: 18060 },
        connection_info: { app_id: APP_ID },
      }),
    );
    this.emit('connection', conn.id);
    this.emit('live', this.live());
  }

  private onAck(conn: Connection, text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.opts.log?.debug('socket mode: a message that is not JSON was ignored');
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { envelope_id: id, payload } = message as { envelope_id?: unknown; payload?: unknown };
    const waiting = typeof id === 'string' ? conn.pending.get(id) : undefined;
    if (!waiting || typeof id !== 'string') return;
    conn.pending.delete(id);
    const body =
      typeof payload === 'object' && payload !== null && !Array.isArray(payload)
        ? (payload as JsonObject)
        : undefined;
    waiting.resolve(body && Object.keys(body).length > 0 ? body : undefined);
  }

  private dropped(conn: Connection): void {
    if (!this.open.delete(conn.id)) return;
    for (const waiting of conn.pending.values())
      waiting.reject(
        new SocketDeliveryError('not_acked', `connection ${conn.id} closed before the app acked`),
      );
    conn.pending.clear();
    this.emit('close', conn.id);
    if (!conn.retiring) this.emit('live', this.live());
  }

  /** Open connections, oldest first. */
  connections(): SocketConnectionInfo[] {
    return [...this.open.values()].map(({ id, delivered, retiring }) => ({ id, delivered, retiring }));
  }

  /** Connections that take envelopes (open, not asked to go). */
  live(): number {
    return [...this.open.values()].filter((c) => !c.retiring).length;
  }

  /** Resolves once `count` connections take envelopes. */
  whenLive(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.live() < count) return;
        this.off('connection', check);
        this.off('close', check);
        resolve();
      };
      this.on('connection', check);
      this.on('close', check);
      check();
    });
  }

  /** Sends an envelope on the next live connection (round robin) and resolves with the app's ack. */
  deliver(envelope: Envelope): Promise<Delivered> {
    const live = [...this.open.values()].filter((c) => !c.retiring);
    if (live.length === 0)
      return Promise.reject(
        new SocketDeliveryError('dispatch_failed', 'Socket Mode is on and no connection is open'),
      );
    const conn = live[this.nextPick++ % live.length] as Connection;
    const envelopeId = randomUUID();
    const message: JsonObject = {
      envelope_id: envelopeId,
      payload: envelope.payload,
      type: envelope.type,
      accepts_response_payload: envelope.acceptsResponsePayload,
    };
    if (envelope.type === 'events_api') {
      message.retry_attempt = envelope.retryAttempt ?? 0;
      message.retry_reason = envelope.retryReason ?? '';
    }
    return new Promise<Delivered>((resolve, reject) => {
      const timer = setTimeout(() => {
        conn.pending.delete(envelopeId);
        reject(
          new SocketDeliveryError(
            'ack_timeout',
            `no ack on connection ${conn.id} within ${this.opts.ackTimeoutMs} ms`,
          ),
        );
      }, this.opts.ackTimeoutMs);
      conn.pending.set(envelopeId, {
        resolve: (ack) => {
          clearTimeout(timer);
          resolve({ ack, connection: conn.id });
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      conn.delivered += 1;
      conn.ws.send(JSON.stringify(message));
      this.emit('envelope', { connection: conn.id, envelopeId, type: envelope.type } satisfies SentEnvelope);
    });
  }

  /**
   * Asks one connection (or all) to go. `link_disabled` also turns Socket Mode off for the app: the driver then
   * sends to the Request URL, and connections opened later receive nothing until `enabled` is set again.
   */
  disconnect(reason: DisconnectReason, connectionId?: string): string[] {
    if (reason === 'link_disabled') this.enabled = false;
    const targets = [...this.open.values()].filter(
      (c) => connectionId === undefined || c.id === connectionId,
    );
    if (connectionId !== undefined && targets.length === 0)
      throw new DriverError(`no open Socket Mode connection ${connectionId}`);
    for (const conn of targets) {
      conn.retiring = true;
      conn.ws.send(JSON.stringify({ type: 'disconnect', reason, debug_info: { host: 'applink-standin' } }));
      // Slack closes the connection itself when the app does not.
      setTimeout(() => conn.ws.terminate(), this.opts.retireGraceMs ?? 10_000).unref();
    }
    if (targets.length > 0) this.emit('live', this.live());
    return targets.map((c) => c.id);
  }

  drop(connectionId: string): void {
    const conn = this.open.get(connectionId);
    if (!conn) throw new DriverError(`no open Socket Mode connection ${connectionId}`);
    conn.ws.terminate();
    // Gone now, not when ws reports the close: nothing more is sent on it.
    this.dropped(conn);
  }

  onEnvelope(listener: (sent: SentEnvelope) => void): () => void {
    this.on('envelope', listener);
    return () => this.off('envelope', listener);
  }

  onLiveChange(listener: (live: number) => void): () => void {
    this.on('live', listener);
    return () => this.off('live', listener);
  }

  async close(): Promise<void> {
    for (const conn of this.open.values()) conn.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
