/**
 * The class server: one Node HTTP server for the built app, the API and the room's WebSocket,
 * on one origin. `startClassServer` is what the `npm run classroom` command, the tests and the
 * benchmark start.
 */
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type {
  ClientMessage,
  CreateRoomResponse,
  ErrorCode,
  InfoResponse,
  RoomSummary,
} from '../classroom/protocol';
import {
  APP_ID,
  HOST_ONLY,
  LIMITS,
  PROTOCOL_VERSION,
  STUDENT_ONLY,
  WS_PATH,
  parseClientMessage,
} from '../classroom/protocol';
import type { RoomWindows } from './api';
import { handleHttp, roomSummary, tokenMatches } from './api';
import { GroupCommit } from './commit';
import { ClassDb } from './db';
import { baseUrl, originAllowed, projectorHost, studentAddresses, studentHost } from './net';
import type { Peer } from './room';
import { Room } from './room';

export interface ClassServerOptions {
  /** Address to listen on (default 0.0.0.0: every network address of the laptop). */
  host?: string;
  /** Port (default 8080; 0 picks a free one). */
  port?: number;
  /** SQLite file (default classroom.sqlite in the current folder). */
  dbPath?: string;
  /** The built app to serve (default dist/ of the project). */
  distDir?: string;
  /** No log lines. */
  quiet?: boolean;
  /** Origins allowed besides the server's own addresses (e.g. a dev server's). */
  allowOrigins?: string[];
  /** Rate limit per connection: a token bucket, and when a flooder is disconnected. */
  rate?: { perSecond: number; burst: number; closeAfter?: number };
  /** Ping every connection this often (ms) and drop those that do not answer. */
  heartbeatMs?: number;
  /** How long a write waits for another process's lock on the database (ms, default 5000). */
  busyTimeoutMs?: number;
  /** Called when the projector creates a room (the CLI prints its address and QR code). */
  onRoomCreated?: (room: CreateRoomResponse) => void;
}

export interface ClassServer {
  /** The projector's base URL (loopback), e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  /** The students' base URL, e.g. http://192.168.1.20:8080 */
  studentBase: string;
  info(): InfoResponse;
  /** Every room in the database with its state and counts, newest first. */
  rooms(): RoomSummary[];
  /** Counters for tests and benchmarks. */
  stats(): {
    connections: number;
    rooms: number;
    batches: number;
    writes: number;
    commitMs: number;
    maxCommitMs: number;
  };
  close(): Promise<void>;
}

/** Frames above this are refused by ws itself (the connection closes); between
 * LIMITS.maxMessageBytes and this they get a `too-big` error. */
const HARD_MAX_PAYLOAD = 64 * 1024;
/** A client that does not read its messages is dropped past this many buffered bytes. */
const MAX_BUFFERED = 1 << 20;
const HELLO_TIMEOUT_MS = 30_000;

interface Conn extends Peer {
  ws: WebSocket;
  tokens: number;
  lastRefill: number;
  strikes: number;
  strikeWindow: number;
  rateWarned: boolean;
  alive: boolean;
}

export const DEFAULT_DIST = path.resolve(import.meta.dirname, '../../dist');

export async function startClassServer(opts: ClassServerOptions = {}): Promise<ClassServer> {
  const host = opts.host ?? '0.0.0.0';
  const distDir = path.resolve(opts.distDir ?? DEFAULT_DIST);
  const rate = {
    perSecond: opts.rate?.perSecond ?? LIMITS.ratePerSecond,
    burst: opts.rate?.burst ?? LIMITS.rateBurst,
    closeAfter: opts.rate?.closeAfter ?? 200,
  };
  const log = opts.quiet ? () => {} : (...a: unknown[]) => console.log(...a);
  const db = new ClassDb(opts.dbPath ?? 'classroom.sqlite', opts.busyTimeoutMs);
  const commit = new GroupCommit(db);
  const rooms = new Map<string, Room>();
  const conns = new Set<Conn>();
  const extraOrigins = opts.allowOrigins ?? [];
  const roomsBy: RoomWindows = new Map();
  let port = 0;

  const getRoom = (code: string): Room | null => {
    let r = rooms.get(code);
    if (!r) {
      r = Room.load(db, commit, code) ?? undefined;
      if (r) rooms.set(code, r);
    }
    return r ?? null;
  };

  const info = (): Omit<InfoResponse, 'memory'> => ({
    app: APP_ID,
    protocol: PROTOCOL_VERSION,
    studentBase: baseUrl(studentHost(host), port),
    projectorUrl: `${baseUrl(projectorHost(host), port)}/?class=host`,
    addresses: studentAddresses(host, port),
  });

  const server = http.createServer((req, res) => {
    try {
      handleHttp(
        {
          db,
          distDir,
          port: () => port,
          info,
          extraOrigins,
          onRoomCreated: opts.onRoomCreated,
          roomsBy,
          onRoomDeleting: (code) => {
            // Writes queued for the room land first, so none comes after the delete.
            commit.flush();
            rooms.get(code)?.evict();
            rooms.delete(code);
          },
        },
        req,
        res,
      );
    } catch (e) {
      log('class server: HTTP error:', e);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('internal error\n');
    }
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_MAX_PAYLOAD });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: number, why: string) => {
      socket.end(`HTTP/1.1 ${status} ${why}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    const p = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (p !== WS_PATH) return refuse(404, 'Not Found');
    if (!originAllowed(req.headers.origin, port, extraOrigins)) return refuse(403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws));
  });

  function send(c: Conn, text: string): void {
    if (c.ws.readyState !== c.ws.OPEN) return;
    if (c.ws.bufferedAmount > MAX_BUFFERED) {
      c.ws.terminate();
      return;
    }
    c.ws.send(text);
  }

  function sendError(c: Conn, code: ErrorCode, message: string, ref?: string | number): void {
    send(
      c,
      JSON.stringify(
        ref === undefined
          ? { type: 'error', code, message }
          : { type: 'error', code, message, ref },
      ),
    );
  }

  /** Token bucket: true if the message may be handled now. */
  function admit(c: Conn): boolean {
    const now = Date.now();
    c.tokens = Math.min(rate.burst, c.tokens + ((now - c.lastRefill) / 1000) * rate.perSecond);
    c.lastRefill = now;
    if (c.tokens >= 1) {
      c.tokens -= 1;
      c.rateWarned = false;
      return true;
    }
    if (now - c.strikeWindow > 10_000) {
      c.strikeWindow = now;
      c.strikes = 0;
    }
    c.strikes++;
    if (c.strikes > rate.closeAfter) {
      c.ws.close(1008, 'rate limit exceeded');
      return false;
    }
    if (!c.rateWarned) {
      c.rateWarned = true;
      sendError(
        c,
        'rate',
        `more than ${rate.perSecond} messages a second: this one was dropped; slow down`,
      );
    }
    return false;
  }

  function onHello(c: Conn, m: Extract<ClientMessage, { type: 'hello' }>): void {
    if (c.room)
      return sendError(c, 'joined', `already joined room ${c.room.code} as ${c.role}`, 'hello');
    if (m.protocol !== undefined && m.protocol !== PROTOCOL_VERSION)
      return sendError(
        c,
        'version',
        `protocol ${m.protocol} is not this server's (${PROTOCOL_VERSION}): reload the page`,
        'hello',
      );
    const room = getRoom(m.room);
    if (!room)
      return sendError(c, 'no-room', `no room ${m.room}: check the code on the projector`, 'hello');
    if (m.role === 'host') {
      if (!tokenMatches(m.token, room.hostTokenHash))
        return sendError(
          c,
          'token',
          `wrong host token for room ${m.room}: only the projector that opened it controls it`,
          'hello',
        );
      room.joinHost(c);
    } else {
      room.joinStudent(c, m);
    }
  }

  function onMessage(c: Conn, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (!admit(c)) return;
    if (isBinary) return sendError(c, 'json', 'expected a text frame (JSON), not binary');
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (buf.length > LIMITS.maxMessageBytes)
      return sendError(
        c,
        'too-big',
        `message of ${buf.length} bytes; the limit is ${LIMITS.maxMessageBytes}`,
      );
    const r = parseClientMessage(buf.toString('utf8'));
    if (!r.ok) return sendError(c, r.code, r.message, r.ref);
    const m = r.msg;
    const ref = 'seq' in m ? m.seq : m.type;
    if (m.type === 'ping') return send(c, '{"type":"pong"}');
    if (m.type === 'hello') return onHello(c, m);
    const room = c.room;
    if (!room) return sendError(c, 'not-joined', `send hello before "${m.type}"`, ref);
    if (HOST_ONLY.has(m.type) && c.role !== 'host')
      return sendError(c, 'forbidden', `only the host may send "${m.type}"`, ref);
    if (STUDENT_ONLY.has(m.type) && c.role !== 'student')
      return sendError(c, 'forbidden', `only a student may send "${m.type}"`, ref);
    const e = room.handle(c, m);
    if (e) sendError(c, e.code, e.message, ref);
  }

  function onConnection(ws: WebSocket): void {
    const c: Conn = {
      ws,
      send: (text) => send(c, text),
      close: (code, reason) => ws.close(code, reason),
      role: null,
      student: null,
      room: null,
      tokens: rate.burst,
      lastRefill: Date.now(),
      strikes: 0,
      strikeWindow: Date.now(),
      rateWarned: false,
      alive: true,
    };
    conns.add(c);
    const helloTimer = setTimeout(() => {
      if (!c.room) ws.close(1008, 'no hello');
    }, HELLO_TIMEOUT_MS);
    ws.on('message', (data, isBinary) => {
      try {
        onMessage(c, data, isBinary);
      } catch (e) {
        log('class server: message error:', e);
        sendError(c, 'internal', `the server failed on this message: ${(e as Error).message}`);
      }
    });
    ws.on('pong', () => (c.alive = true));
    ws.on('error', () => {});
    ws.on('close', () => {
      clearTimeout(helloTimer);
      conns.delete(c);
      c.room?.leave(c);
    });
  }

  const heartbeat = setInterval(() => {
    for (const c of conns) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 8080, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : (opts.port ?? 8080);
  log(
    `class server: listening on ${baseUrl(host, port)}, database ${opts.dbPath ?? 'classroom.sqlite'}`,
  );

  let closing: Promise<void> | null = null;
  return {
    url: baseUrl(projectorHost(host), port),
    port,
    studentBase: info().studentBase,
    info: () => {
      const m = process.memoryUsage();
      return { ...info(), memory: { rss: m.rss, heapUsed: m.heapUsed } };
    },
    rooms: () => db.roomSummaries().map(roomSummary),
    stats: () => ({
      connections: conns.size,
      rooms: rooms.size,
      ...commit.stats,
    }),
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        for (const c of conns) c.ws.close(1001, 'server shutting down');
        // Peers that do not answer the close handshake are cut off.
        setTimeout(() => {
          for (const c of conns) c.ws.terminate();
        }, 300).unref();
        wss.close();
        commit.close();
        for (const r of rooms.values()) r.dispose();
        db.close();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
