// A WebSocket client for the class server's tests: sends JSON, records every message, and
// waits for the first one (after a mark) that matches.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/classroom/protocol';
import { WS_PATH } from '../../src/classroom/protocol';
import type { ClassServer } from '../../src/server/server';
import { startClassServer } from '../../src/server/server';

export type Msg = ServerMessage & Record<string, unknown>;

export class TestClient {
  readonly ws: WebSocket;
  readonly log: Msg[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: Array<{ pred: (m: Msg) => boolean; from: number; resolve: (m: Msg) => void }> =
    [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as Msg;
      this.log.push(m);
      const i = this.log.length - 1;
      this.waiters = this.waiters.filter((w) => {
        if (i >= w.from && w.pred(m)) {
          w.resolve(m);
          return false;
        }
        return true;
      });
    });
    ws.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
  }

  static open(base: string, headers: Record<string, string> = {}): Promise<TestClient> {
    const ws = new WebSocket(base.replace(/^http/, 'ws') + WS_PATH, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestClient(ws)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
  }

  send(m: unknown): void {
    if (Buffer.isBuffer(m)) this.ws.send(m, { binary: true });
    else this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The index the next message will have (a mark for `next`). */
  mark(): number {
    return this.log.length;
  }

  /** The first message at or after `from` matching `pred` (already received or to come). */
  next(pred: (m: Msg) => boolean, from = 0, timeoutMs = 10_000): Promise<Msg> {
    for (let i = from; i < this.log.length; i++)
      if (pred(this.log[i])) return Promise.resolve(this.log[i]);
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () =>
          reject(
            new Error(
              `no matching message; got ${JSON.stringify(this.log.slice(from)).slice(0, 600)}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        from,
        resolve: (m) => {
          clearTimeout(t);
          resolve(m);
        },
      });
    });
  }

  /** Sends `m` and waits for the reply of `type` (or an error) that follows. */
  async request(m: unknown, type: string | ((m: Msg) => boolean)): Promise<Msg> {
    const from = this.mark();
    this.send(m);
    const pred = typeof type === 'string' ? (x: Msg) => x.type === type : type;
    return this.next((x) => pred(x) || x.type === 'error', from);
  }

  /** Round trip: every message sent before has been handled once the pong arrives. */
  async sync(): Promise<void> {
    const from = this.mark();
    this.send({ type: 'ping' });
    await this.next((m) => m.type === 'pong', from);
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export async function createRoom(base: string): Promise<{ code: string; hostToken: string }> {
  const r = await fetch(`${base}/class/api/rooms`, { method: 'POST' });
  if (r.status !== 201) throw new Error(`room not created: ${r.status}`);
  return (await r.json()) as { code: string; hostToken: string };
}

/** A fresh folder with a tiny built app (an index.html and one asset). */
export function tmpDist(): { dir: string; db: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'class-test-'));
  fs.mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>lab</title>');
  fs.writeFileSync(path.join(dir, 'dist', 'assets', 'app-1234.js'), 'console.log(1);');
  return { dir, db: path.join(dir, 'class.sqlite') };
}

export const choiceQ = {
  qid: 'cells-1',
  prompt: 'Which VC loses the most cells?',
  kind: 'choice' as const,
  options: [
    { id: 'a', label: 'VC 1' },
    { id: 'b', label: 'VC 2' },
    { id: 'c', label: 'Both the same' },
  ],
};

export const scaleQ = {
  qid: 'eff-1',
  prompt: 'Efficiency with EPD?',
  kind: 'scale' as const,
  min: 0,
  max: 100,
  step: 1,
  unit: '%',
};

/** A student id as a browser would make one. */
export const sid = (i: number) => `student-${String(i).padStart(4, '0')}-x`;

export const isTally = (qid: string, answered: number) => (m: Msg) =>
  m.type === 'tally' && m.qid === qid && m.answered === answered;

/**
 * A class server on loopback for one test file (started before its tests, stopped after):
 * a tiny app, its own database, the default rate limit with a short disconnect threshold,
 * and a short lock wait so a test can make a commit fail.
 */
export function classServerFixture() {
  const clients: TestClient[] = [];
  const t = {
    srv: null as unknown as ClassServer,
    dbPath: '',
    async client(headers?: Record<string, string>): Promise<TestClient> {
      const c = await TestClient.open(t.srv.url, headers);
      clients.push(c);
      return c;
    },
    async host(room: { code: string; hostToken: string }): Promise<TestClient> {
      const h = await t.client();
      const w = await h.request(
        { type: 'hello', role: 'host', room: room.code, token: room.hostToken },
        'welcome',
      );
      expect(w.type).toBe('welcome');
      return h;
    },
    async student(code: string, id: string): Promise<TestClient> {
      const s = await t.client();
      const w = await s.request(
        { type: 'hello', role: 'student', room: code, student: id },
        'welcome',
      );
      expect(w).toMatchObject({ type: 'welcome', role: 'student' });
      return s;
    },
    /** Reads the server's database file through a second, read-only connection. */
    readDb<T>(fn: (db: Database.Database) => T): T {
      const db = new Database(t.dbPath, { readonly: true });
      try {
        return fn(db);
      } finally {
        db.close();
      }
    },
  };
  beforeAll(async () => {
    const d = tmpDist();
    t.dbPath = d.db;
    t.srv = await startClassServer({
      host: '127.0.0.1',
      port: 0,
      dbPath: d.db,
      distDir: `${d.dir}/dist`,
      quiet: true,
      rate: { perSecond: 20, burst: 40, closeAfter: 100 },
      busyTimeoutMs: 50,
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.srv?.close();
  });
  return t;
}
