/**
 * The browser's end of the class room: one WebSocket to the class server's `/class/ws`, which
 * says hello (as the host with its token, or as an anonymous student) on every (re)connection,
 * reconnects with exponential back-off after a drop (a phone that sleeps, a server restarted),
 * and resends every answer the server has not acknowledged (by `seq`: the server acknowledges
 * an answer only once it is in its database). Unacknowledged answers also survive a reload
 * (kept in localStorage): a phone that reloads mid-question loses nothing, and the server
 * counts each student's answer once per round whatever is resent.
 */
import type { ClientMessage, ServerMessage } from '../../classroom/protocol';
import { PROTOCOL_VERSION, WS_PATH, parseServerMessage } from '../../classroom/protocol';
import { readChoice, writeChoice } from '../data/browserStorage';

export type ClassStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export type Hello = Extract<ClientMessage, { type: 'hello' }>;
type Answer = Extract<ClientMessage, { type: 'answer' }>;
type Attempt = Extract<ClientMessage, { type: 'attempt' }>;
export type Pending = Answer | Attempt;

export interface ClassClientOptions {
  /** ws:// or wss:// URL of the room's socket. */
  url: string;
  hello: Hello;
  onMessage(m: ServerMessage): void;
  onStatus(s: ClassStatus): void;
  /** An answer or attempt the server refused for good (the class is paused or has ended, the
   * question is no longer open): it is not resent. */
  onRefused?(m: Pending, code: string): void;
  /** For tests: another WebSocket implementation. */
  WebSocketImpl?: typeof WebSocket;
}

/** First retry after this, doubling to MAX_BACKOFF_MS (±20 % jitter, so phones spread out). */
const BACKOFF_MS = 400;
const MAX_BACKOFF_MS = 10_000;
const PING_MS = 20_000;

/** The class socket's URL on this page's origin. */
export function classSocketUrl(origin = location.origin): string {
  return origin.replace(/^http/, 'ws') + WS_PATH;
}

/** Errors to a hello after which retrying cannot help (the room is gone, the token wrong). */
const FATAL = new Set(['no-room', 'token', 'version']);
/** Errors to an answer or attempt after which resending it cannot help. */
const REFUSED = new Set([
  'paused',
  'ended',
  'closed',
  'no-question',
  'value',
  'no-challenge',
  'no-lesson',
  'schema',
]);

export class ClassClient {
  private ws: WebSocket | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private welcomed = false;
  private readonly pending = new Map<number, Pending>();
  private lastSeq = 0;
  private readonly storeKey: string;
  status: ClassStatus = 'connecting';

  constructor(private readonly o: ClassClientOptions) {
    this.storeKey = `tal.class.pending.${o.hello.room}.${o.hello.role === 'student' ? o.hello.student : 'host'}`;
    for (const m of this.loadPending()) {
      this.pending.set(m.seq, m);
      this.lastSeq = Math.max(this.lastSeq, m.seq);
    }
    this.connect();
  }

  /** Sends a host's or anyone's message now; false when the socket is not open. */
  send(m: ClientMessage): boolean {
    if (!this.ws || this.ws.readyState !== 1 || !this.welcomed) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  /** An answer or an attempt: kept until acknowledged, resent after every reconnection. */
  sendTracked(m: Omit<Answer, 'seq'> | Omit<Attempt, 'seq'>): number {
    const seq = this.nextSeq();
    const full = { ...m, seq } as Pending;
    // A newer answer to the same question and round replaces an older unacknowledged one.
    if (full.type === 'answer')
      for (const [s, p] of this.pending)
        if (p.type === 'answer' && p.qid === full.qid && p.round === full.round)
          this.pending.delete(s);
    this.pending.set(seq, full);
    this.savePending();
    this.send(full);
    return seq;
  }

  /** Answers and attempts sent but not yet acknowledged. */
  unacknowledged(): number {
    return this.pending.size;
  }

  /** Those messages, oldest first (a welcome's record of the student's answers predates
   * them). */
  unacknowledgedMessages(): Pending[] {
    return [...this.pending.values()].sort((a, b) => a.seq - b.seq);
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.ping) clearInterval(this.ping);
    this.ws?.close();
    this.ws = null;
    this.setStatus('closed');
  }

  /** The next `seq`, past every one this student sent: kept in the browser (it survives a
   * reload) and in this page (where storage is blocked, it still grows). */
  private nextSeq(): number {
    const key = `${this.storeKey}.seq`;
    const n = Math.max(this.lastSeq, Number(readChoice(key)) || 0) + 1;
    this.lastSeq = n;
    writeChoice(key, String(n));
    return n;
  }

  private loadPending(): Pending[] {
    try {
      const v: unknown = JSON.parse(readChoice(this.storeKey) ?? '[]');
      return Array.isArray(v) ? (v as Pending[]).filter((m) => typeof m?.seq === 'number') : [];
    } catch {
      return [];
    }
  }

  private savePending(): void {
    writeChoice(this.storeKey, JSON.stringify([...this.pending.values()]));
  }

  private setStatus(s: ClassStatus) {
    if (this.status === s) return;
    this.status = s;
    this.o.onStatus(s);
  }

  private connect() {
    if (this.stopped) return;
    const Impl = this.o.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      ws = new Impl(this.o.url);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => ws.send(JSON.stringify({ ...this.o.hello, protocol: PROTOCOL_VERSION }));
    ws.onmessage = (e) => {
      const m = parseServerMessage(String(e.data));
      if (!m) return;
      if (m.type === 'error' && !this.welcomed && FATAL.has(m.code)) {
        this.o.onMessage(m);
        this.close();
        return;
      }
      if (m.type === 'welcome') {
        this.welcomed = true;
        this.attempts = 0;
        this.setStatus('open');
        for (const p of this.pending.values()) ws.send(JSON.stringify(p));
        if (this.ping) clearInterval(this.ping);
        this.ping = setInterval(() => this.send({ type: 'ping' }), PING_MS);
      } else if (m.type === 'ack') {
        if (this.pending.delete(m.seq)) this.savePending();
      } else if (m.type === 'error' && typeof m.ref === 'number' && REFUSED.has(m.code)) {
        const p = this.pending.get(m.ref);
        if (p) {
          this.pending.delete(m.ref);
          this.savePending();
          this.o.onRefused?.(p, m.code);
        }
      }
      this.o.onMessage(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.welcomed = false;
      if (this.ping) clearInterval(this.ping);
      this.retry();
    };
    ws.onerror = () => {
      // onclose follows and retries
    };
  }

  private retry() {
    if (this.stopped) return;
    this.setStatus('reconnecting');
    const base = Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** this.attempts++);
    const delay = base * (0.8 + 0.4 * Math.random());
    this.timer = setTimeout(() => this.connect(), delay);
  }
}
