/**
 * Server-sent events for the console: one listener on the stand-in state's `change` event fans out to every
 * open page, so many tabs do not pile listeners onto the emitter. A comment line every 15 s keeps proxies and
 * the browser from timing the stream out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandinState } from '../state.ts';
import type { StandinChange } from '../types.ts';
import { changeEvent } from './snapshot.ts';

const HEARTBEAT_MS = 15_000;

export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private readonly onChange = (change: StandinChange) => {
    const event = changeEvent(this.state, change);
    if (event === undefined || this.clients.size === 0) return;
    const frame = `event: change\ndata: ${JSON.stringify(event)}\n\n`;
    for (const res of this.clients) res.write(frame);
  };
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly state: StandinState) {
    state.on('change', this.onChange);
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  open(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    // Tells the page the stream is live, so it can (re)load the snapshot without missing a change.
    res.write('event: ready\ndata: {}\n\n');
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.state.off('change', this.onChange);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}
