/**
 * Server-sent events for the console: one listener on the stand-in state's `change` event fans out to every
 * open page, so many tabs do not pile listeners onto the emitter. A comment line every 15 s keeps proxies and
 * the browser from timing the stream out.
 *
 * A modal goes out with the tab it belongs to (./owners.ts). The owner of a new stack is learned from the
 * views.open call, which is recorded just after the view opened: the view's event waits for it (or, for a view
 * no views.open call opened, for the end of the current turn).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandinState } from '../state.ts';
import type { StandinChange, StoredView } from '../types.ts';
import type { ModalOwners } from './owners.ts';
import { changeEvent } from './snapshot.ts';

const HEARTBEAT_MS = 15_000;

export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  /** modal opens waiting for their owner, in order */
  private held: StandinChange[] = [];
  private readonly onChange = (change: StandinChange) => {
    if (change.kind === 'reset') {
      this.owners.clear();
      this.held = [];
    }
    if (change.kind === 'call' && this.owners.noteCall(change.call)) this.flush();
    if (change.kind === 'view' && change.action === 'close') this.owners.closed(change.view);
    if (this.waitsForOwner(change)) {
      if (this.held.push(change) === 1) setImmediate(() => this.flush());
      return;
    }
    if (this.held.length > 0) this.held.push(change);
    else this.send(change);
  };
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly state: StandinState,
    private readonly owners: ModalOwners,
  ) {
    state.on('change', this.onChange);
    this.heartbeat = setInterval(() => {
      for (const res of this.clients) res.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private waitsForOwner(change: StandinChange): boolean {
    return (
      change.kind === 'view' &&
      change.view.type === 'modal' &&
      change.action === 'open' &&
      this.owners.tabOf(change.view) === undefined
    );
  }

  private flush(): void {
    const held = this.held;
    this.held = [];
    for (const change of held) this.send(change);
  }

  private send(change: StandinChange): void {
    const event = changeEvent(this.state, change, (v: StoredView) => this.owners.tabOf(v) ?? null);
    if (event === undefined || this.clients.size === 0) return;
    const frame = `event: change\ndata: ${JSON.stringify(event)}\n\n`;
    for (const res of this.clients) res.write(frame);
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
