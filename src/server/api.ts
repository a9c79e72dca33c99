/**
 * The class server's HTTP side: the API under `/class/api`, the short links `/j/…`, and the
 * built app for everything else.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  CreateRoomResponse,
  InfoResponse,
  RoomListResponse,
  RoomSummary,
} from '../classroom/protocol';
import {
  API_PREFIX,
  RoomListRequest,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  joinPath,
  normalizeRoomCode,
  shortJoinPath,
} from '../classroom/protocol';
import { LESSON_REF_RE, LessonUpload } from '../classroom/schemas';
import type { ClassDb, RoomSummaryRow } from './db';
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
  /** Before a room is deleted: its pending writes are committed and its peers let go. */
  onRoomDeleting?: (code: string) => void;
}

/** The largest request body read (a list of room tokens). */
const MAX_BODY = 64 * 1024;

const iso = (t: number) => new Date(t).toISOString();

export function roomSummary(r: RoomSummaryRow): RoomSummary {
  return {
    code: r.code,
    status: r.state.status ?? 'open',
    created: iso(r.created),
    lastActive: iso(r.lastActive),
    ended: r.state.endedAt !== undefined ? iso(r.state.endedAt) : null,
    students: r.students,
    questions: r.questions,
    answers: r.answers,
    challenges: r.challenges,
    attempts: r.attempts,
  };
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

/** The bearer token of a request, or null (after answering 401). */
function bearer(req: IncomingMessage, res: ServerResponse): string | null {
  const m = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(req.headers.authorization ?? '');
  if (!m) {
    fail(res, 401, 'this needs the header "Authorization: Bearer <host token>"');
    return null;
  }
  return m[1];
}

/** Reads a JSON body of at most MAX_BODY bytes; answers 413/400 itself when it cannot. */
function readJson(req: IncomingMessage, res: ServerResponse, then: (body: unknown) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_BODY) over = true;
    else chunks.push(c);
  });
  req.on('error', () => {});
  req.on('end', () => {
    if (over) return fail(res, 413, `the body is over ${MAX_BODY} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return fail(res, 400, 'the body is not JSON');
    }
    then(body);
  });
}

/**
 * `POST /class/api/rooms/list` with `{ rooms: [{ code, token }] }` (the rooms whose host tokens
 * this browser holds): those rooms with their state and counts, newest first, and the codes
 * that name no room any more. A room whose token does not match is left out.
 */
function listRooms(ctx: ApiContext, req: IncomingMessage, res: ServerResponse): void {
  readJson(req, res, (body) => {
    const r = RoomListRequest.safeParse(body);
    if (!r.success)
      return fail(
        res,
        400,
        `expected { rooms: [{ code, token }] }: ${r.error.issues
          .slice(0, 2)
          .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
          .join('; ')}`,
      );
    const all = new Map(ctx.db.roomSummaries().map((s) => [s.code, s]));
    const out: RoomListResponse = { rooms: [], gone: [] };
    const seen = new Set<string>();
    for (const { code, token } of r.data.rooms) {
      if (seen.has(code)) continue;
      seen.add(code);
      const row = all.get(code);
      if (!row) out.gone.push(code);
      else if (tokenMatches(token, row.hostTokenHash)) out.rooms.push(roomSummary(row));
    }
    out.rooms.sort((a, b) => b.created.localeCompare(a.created) || a.code.localeCompare(b.code));
    json(res, 200, out);
  });
}

/** `DELETE /class/api/rooms/:code` (Bearer host token): the room and everything it holds. */
/** The room `rawCode` names, if the request carries its host token; otherwise answers 404,
 * 401 or 403 itself and gives null. */
function hostRoom(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  rawCode: string,
): string | null {
  const code = normalizeRoomCode(rawCode);
  const room = code ? ctx.db.getRoom(code) : null;
  if (!code || !room) {
    fail(res, 404, `no room "${rawCode.slice(0, 12)}"`);
    return null;
  }
  const token = bearer(req, res);
  if (token === null) return null;
  if (!tokenMatches(token, room.hostTokenHash)) {
    fail(res, 403, 'wrong host token for this room');
    return null;
  }
  return code;
}

function deleteRoom(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  rawCode: string,
): void {
  const code = hostRoom(ctx, req, res, rawCode);
  if (code === null) return;
  ctx.onRoomDeleting?.(code);
  ctx.db.deleteRoom(code);
  json(res, 200, { deleted: code });
}

/** The reference of a lesson file: the first 22 characters of its base64url SHA-256. */
export const lessonRef = (file: string): string =>
  createHash('sha256').update(file, 'utf8').digest('base64url').slice(0, 22);

/**
 * `PUT /class/api/rooms/CODE/lessons` with `{ file }` and the host token: the room keeps the
 * projector's lesson of the instructor's own (its encoded link value); answers `{ ref }`, which
 * the projector's step then names (a View's `lessonRef`).
 */
function putLesson(ctx: ApiContext, req: IncomingMessage, res: ServerResponse, rawCode: string) {
  const code = hostRoom(ctx, req, res, rawCode);
  if (code === null) return;
  readJson(req, res, (body) => {
    const r = LessonUpload.safeParse(body);
    if (!r.success)
      return fail(
        res,
        400,
        r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '),
      );
    const ref = lessonRef(r.data.file);
    ctx.db.putLessonFile(code, ref, r.data.file);
    json(res, 200, { ref });
  });
}

/** `GET /class/api/rooms/CODE/lessons/REF`: a lesson file the room keeps (its encoded text);
 * the room's code is all a phone needs, as for joining. */
function getLesson(ctx: ApiContext, res: ServerResponse, rawCode: string, ref: string) {
  const code = normalizeRoomCode(rawCode);
  if (!code || !ctx.db.getRoom(code)) return fail(res, 404, `no room "${rawCode.slice(0, 12)}"`);
  if (!LESSON_REF_RE.test(ref)) return fail(res, 400, 'a lesson reference is 22 base64url chars');
  const file = ctx.db.lessonFile(code, ref);
  if (file === null) return fail(res, 404, `room ${code} keeps no lesson ${ref}`);
  res.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    // Named by its content: the same reference is always the same file.
    'Cache-Control': 'private, max-age=86400',
  });
  res.end(file);
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

/**
 * `/j` → the join page with an empty code field (the students' address); `/j/CODE` → the
 * room's join page; `/j/CODE/c/N` → the room's N-th pushed challenge.
 */
function shortLink(ctx: ApiContext, res: ServerResponse, parts: string[]): void {
  if (parts.length === 0) return redirect(res, '/?join=');
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
    if (rest.length === 2 && rest[0] === 'rooms' && rest[1] === 'list') {
      if (method !== 'POST') return fail(res, 405, 'use POST with { rooms: [{ code, token }] }');
      if (!originAllowed(req.headers.origin, ctx.port(), ctx.extraOrigins))
        return fail(
          res,
          403,
          `origin ${String(req.headers.origin).slice(0, 60)} may not list rooms`,
        );
      return listRooms(ctx, req, res);
    }
    if (rest.length === 2 && rest[0] === 'rooms' && method === 'DELETE') {
      if (!originAllowed(req.headers.origin, ctx.port(), ctx.extraOrigins))
        return fail(
          res,
          403,
          `origin ${String(req.headers.origin).slice(0, 60)} may not delete rooms`,
        );
      return deleteRoom(ctx, req, res, rest[1]);
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
    if (rest.length === 3 && rest[0] === 'rooms' && rest[2] === 'lessons') {
      if (method !== 'PUT') return fail(res, 405, 'use PUT with { file } and the host token');
      if (!originAllowed(req.headers.origin, ctx.port(), ctx.extraOrigins))
        return fail(
          res,
          403,
          `origin ${String(req.headers.origin).slice(0, 60)} may not keep lessons`,
        );
      return putLesson(ctx, req, res, rest[1]);
    }
    if (rest.length === 4 && rest[0] === 'rooms' && rest[2] === 'lessons' && method === 'GET')
      return getLesson(ctx, res, rest[1], rest[3]);
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
