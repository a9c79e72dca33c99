/**
 * The class server's HTTP side: the API under `/class/api`, the short links `/j/…`, and the
 * built app for everything else.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CreateRoomResponse, InfoResponse } from '../classroom/protocol';
import {
  API_PREFIX,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  joinPath,
  normalizeRoomCode,
  shortJoinPath,
} from '../classroom/protocol';
import type { ClassDb } from './db';
import { originAllowed } from './net';
import { resultsCsv, roomResults } from './results';
import { serveStatic } from './static';

export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether `token` is the one whose hash is stored (in constant time). */
export function tokenMatches(token: string, hash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newRoomCode(): string {
  let s = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i++)
    s += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
  return s;
}

export interface ApiContext {
  db: ClassDb;
  distDir: string;
  port: () => number;
  info: () => Omit<InfoResponse, 'memory'>;
  extraOrigins: readonly string[];
  onRoomCreated?: (room: CreateRoomResponse) => void;
  /** Rooms opened per address in the current minute. */
  roomsBy: RoomWindows;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

const fail = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { error: message });

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
}

/** Rooms one address may open per minute (a projector opens one per class). */
export const ROOMS_PER_MINUTE = 20;
export type RoomWindows = Map<string, { start: number; n: number }>;

/** Whether `addr` may open another room now (a fixed one-minute window per address). */
function mayCreateRoom(roomsBy: RoomWindows, addr: string, now = Date.now()): boolean {
  let w = roomsBy.get(addr);
  if (!w || now - w.start >= 60_000) {
    if (roomsBy.size > 10_000) roomsBy.clear();
    roomsBy.set(addr, (w = { start: now, n: 0 }));
  }
  return ++w.n <= ROOMS_PER_MINUTE;
}

function createRoom(ctx: ApiContext, res: ServerResponse): void {
  let code = newRoomCode();
  for (let i = 0; ctx.db.roomExists(code); i++) {
    if (i > 50) return fail(res, 503, 'no free room code');
    code = newRoomCode();
  }
  const hostToken = randomBytes(32).toString('base64url');
  ctx.db.insertRoom(code, hashToken(hostToken), Date.now());
  const base = ctx.info().studentBase;
  const body: CreateRoomResponse = {
    code,
    hostToken,
    joinUrl: base + joinPath(code),
    shortUrl: base + shortJoinPath(code),
  };
  json(res, 201, body);
  ctx.onRoomCreated?.(body);
}

function results(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  rawCode: string,
  url: URL,
): void {
  const code = normalizeRoomCode(rawCode);
  const room = code ? ctx.db.getRoom(code) : null;
  if (!code || !room) return fail(res, 404, `no room "${rawCode.slice(0, 12)}"`);
  const auth = req.headers.authorization ?? '';
  const m = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(auth);
  if (!m) return fail(res, 401, 'results need the header "Authorization: Bearer <host token>"');
  if (!tokenMatches(m[1], room.hostTokenHash))
    return fail(res, 403, 'wrong host token for this room');
  const format = url.searchParams.get('format') ?? 'json';
  const r = roomResults(ctx.db, code)!;
  if (format === 'json') return json(res, 200, r);
  if (format !== 'csv')
    return fail(res, 400, `format must be json or csv, not "${format.slice(0, 12)}"`);
  res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="class-${code}.csv"`,
    'Cache-Control': 'no-store',
  });
  res.end(resultsCsv(r));
}

/** `/j/CODE` → the join page; `/j/CODE/c/N` → the room's N-th pushed challenge. */
function shortLink(ctx: ApiContext, res: ServerResponse, parts: string[]): void {
  const code = normalizeRoomCode(parts[0] ?? '');
  if (!code || (parts.length !== 1 && (parts.length !== 3 || parts[1] !== 'c'))) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not a class link: expected /j/CODE or /j/CODE/c/N\n');
    return;
  }
  if (parts.length === 1) return redirect(res, joinPath(code));
  const n = /^[1-9][0-9]{0,5}$/.test(parts[2]) ? Number(parts[2]) : 0;
  const c = n ? ctx.db.challengeByN(code, n) : null;
  redirect(res, c ? `${joinPath(code)}&${c.item.query.replace(/^\?/, '')}` : joinPath(code));
}

export function handleHttp(ctx: ApiContext, req: IncomingMessage, res: ServerResponse): void {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return fail(res, 400, 'bad URL');
  }
  const p = url.pathname;
  const method = req.method ?? 'GET';
  if (p === API_PREFIX || p.startsWith(API_PREFIX + '/')) {
    const rest = p.slice(API_PREFIX.length).split('/').filter(Boolean);
    if (rest.length === 1 && rest[0] === 'info' && method === 'GET') {
      const body: InfoResponse = { ...ctx.info() };
      if (url.searchParams.has('memory')) {
        const m = process.memoryUsage();
        body.memory = { rss: m.rss, heapUsed: m.heapUsed };
      }
      return json(res, 200, body);
    }
    if (rest.length === 1 && rest[0] === 'rooms') {
      if (method !== 'POST') return fail(res, 405, 'use POST to create a room');
      if (!originAllowed(req.headers.origin, ctx.port(), ctx.extraOrigins))
        return fail(
          res,
          403,
          `origin ${String(req.headers.origin).slice(0, 60)} may not create rooms`,
        );
      if (!mayCreateRoom(ctx.roomsBy, req.socket.remoteAddress ?? ''))
        return fail(res, 429, `more than ${ROOMS_PER_MINUTE} rooms a minute from this address`);
      return createRoom(ctx, res);
    }
    if (rest.length === 3 && rest[0] === 'rooms' && rest[2] === 'results' && method === 'GET')
      return results(ctx, req, res, rest[1], url);
    return fail(res, 404, `no API ${method} ${p.slice(0, 80)}`);
  }
  if (p === '/j' || p.startsWith('/j/'))
    return shortLink(ctx, res, p.split('/').filter(Boolean).slice(1));
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed\n');
    return;
  }
  serveStatic(ctx.distDir, req, res, p);
}
