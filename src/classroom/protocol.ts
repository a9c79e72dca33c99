/**
 * The live class's protocol: every message between the class server (`src/server`) and the
 * pages (the projector, the students' phones), as zod schemas with size limits, and the JSON
 * shapes of the HTTP API. Pure TypeScript (no Node, no DOM): imported by both sides.
 *
 * Transport: one WebSocket at `WS_PATH` on the origin that serves the app. Every frame is one
 * JSON object with a `type`. A client first sends `hello` (as the host with the room's host
 * token, or as a student with an anonymous id kept in its browser); the server answers
 * `welcome` (the room's state; a student's own earlier answers in `mine`). Any rejected
 * message gets an `error` naming what was wrong, and changes nothing.
 *
 * Answers and attempts carry a client-chosen `seq`; the server sends `ack { seq }` only once
 * the answer is committed to its database, so a client resends every unacknowledged one
 * after a reconnect. Resending is harmless: one answer counts per (question, round, student),
 * and a new answer replaces the old one.
 *
 * A host, after `welcome`, also receives the current `tally` (when a question exists) and the
 * current challenge's `attempts` (when one is pushed), then each update live.
 */
import { z } from 'zod';

export const PROTOCOL_VERSION = 1;
export const APP_ID = 'tcp-over-atm-lab';

/** The WebSocket's path and the HTTP API's prefix, on the server's origin. */
export const WS_PATH = '/class/ws';
export const API_PREFIX = '/class/api';

export const LIMITS = {
  /** Largest frame a client may send, in bytes (UTF-8). */
  maxMessageBytes: 4096,
  /** A scenario's query string (without '?'). */
  maxQuery: 2000,
  maxTitle: 120,
  maxPrompt: 400,
  maxLabel: 120,
  maxId: 64,
  maxWhy: 800,
  maxMeasured: 200,
  maxUnit: 24,
  minOptions: 2,
  maxOptions: 8,
  /** Vote, discuss, vote again: rounds 1..maxRounds of one question. */
  maxRounds: 9,
  maxStep: 999,
  maxSeq: 2 ** 31 - 1,
  /** An anonymous student id: 8..64 chars of [A-Za-z0-9_-]. */
  minStudentId: 8,
  maxStudentId: 64,
  /** Rate limit per connection (token bucket): messages per second and the burst. */
  ratePerSecond: 20,
  rateBurst: 40,
} as const;

/** Room codes: no 0/O, 1/I/L, so a code read off a projector is typed right. */
export const ROOM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ROOM_CODE_LENGTH = 5;
export const ROOM_CODE_RE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4,6}$/;

/** A room code as typed (any case, spaces around) → the canonical code, or null. */
export function normalizeRoomCode(s: string): string | null {
  const c = s.trim().toUpperCase();
  return ROOM_CODE_RE.test(c) ? c : null;
}

/** The host token: 32 random bytes, base64url (43 chars). */
export const HOST_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const STUDENT_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

// ---- building blocks ------------------------------------------------------------------

const id = z
  .string()
  .min(1)
  .max(LIMITS.maxId)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits, _ . : -');
const text = (max: number) => z.string().max(max);
const finite = z.number().finite();
const seq = z.number().int().min(0).max(LIMITS.maxSeq);

export const RoomCode = z.string().regex(ROOM_CODE_RE, 'a room code of 4-6 letters/digits');
export const StudentId = z.string().regex(STUDENT_ID_RE, '8-64 chars of A-Z a-z 0-9 _ -');
export const HostToken = z.string().regex(HOST_TOKEN_RE, 'a 43-char base64url token');

/** The step the class follows: a scenario query, optionally a lesson and its step. */
export const View = z.strictObject({
  query: text(LIMITS.maxQuery),
  lesson: id.optional(),
  step: z.number().int().min(0).max(LIMITS.maxStep).optional(),
  title: text(LIMITS.maxTitle).optional(),
});
export type View = z.infer<typeof View>;

export const ChoiceOption = z.strictObject({
  id,
  label: text(LIMITS.maxLabel).min(1),
});
export type ChoiceOption = z.infer<typeof ChoiceOption>;

export const ChoiceQuestion = z.strictObject({
  qid: id,
  prompt: text(LIMITS.maxPrompt).min(1),
  kind: z.literal('choice'),
  options: z
    .array(ChoiceOption)
    .min(LIMITS.minOptions)
    .max(LIMITS.maxOptions)
    .refine((o) => new Set(o.map((x) => x.id)).size === o.length, 'option ids must differ'),
});
export const ScaleQuestion = z
  .strictObject({
    qid: id,
    prompt: text(LIMITS.maxPrompt).min(1),
    kind: z.literal('scale'),
    min: finite,
    max: finite,
    step: finite.positive(),
    unit: text(LIMITS.maxUnit).optional(),
  })
  .refine((q) => q.min < q.max, { message: 'min must be below max', path: ['max'] });
export const Question = z.discriminatedUnion('kind', [ChoiceQuestion, ScaleQuestion]);
export type ChoiceQuestion = z.infer<typeof ChoiceQuestion>;
export type ScaleQuestion = z.infer<typeof ScaleQuestion>;
export type Question = z.infer<typeof Question>;

/** An answer's value: an option id (choice) or a number (scale). */
export const AnswerValue = z.union([text(LIMITS.maxId).min(1), finite]);
export type AnswerValue = z.infer<typeof AnswerValue>;

export const Reveal = z.strictObject({
  answer: AnswerValue,
  instructor: AnswerValue.optional(),
  measured: text(LIMITS.maxMeasured).optional(),
  why: text(LIMITS.maxWhy).optional(),
});
export type Reveal = z.infer<typeof Reveal>;

export const ChallengeSpec = z.strictObject({
  id,
  metric: id,
  better: z.enum(['lower', 'higher']),
  unit: text(LIMITS.maxUnit).optional(),
});
export type ChallengeSpec = z.infer<typeof ChallengeSpec>;

/**
 * Something sent to every phone. `query` is the app's whole query string (without '?'), as the
 * address bar would show it: for a challenge it includes its `challenge=` value, so the short
 * link `/j/CODE/c/N` redirects to `/?join=CODE&<query>`.
 */
export const PushItem = z
  .strictObject({
    kind: z.enum(['scenario', 'challenge']),
    title: text(LIMITS.maxTitle).min(1),
    query: text(LIMITS.maxQuery),
    challenge: ChallengeSpec.optional(),
  })
  .refine((p) => (p.kind === 'challenge') === (p.challenge !== undefined), {
    message: 'a challenge item needs `challenge`, a scenario item none',
    path: ['challenge'],
  });
export type PushItem = z.infer<typeof PushItem>;

// ---- client → server ------------------------------------------------------------------

export const HelloHost = z.strictObject({
  type: z.literal('hello'),
  role: z.literal('host'),
  room: RoomCode,
  token: HostToken,
  protocol: z.number().int().optional(),
});
export const HelloStudent = z.strictObject({
  type: z.literal('hello'),
  role: z.literal('student'),
  room: RoomCode,
  student: StudentId,
  protocol: z.number().int().optional(),
});
export const Follow = z.strictObject({ type: z.literal('follow'), view: View });
export const Open = z.strictObject({ type: z.literal('open'), question: Question });
export const Revote = z.strictObject({ type: z.literal('revote'), qid: id });
export const Close = z.strictObject({ type: z.literal('close'), qid: id });
export const RevealMsg = z.strictObject({
  type: z.literal('reveal'),
  qid: id,
  answer: AnswerValue,
  instructor: AnswerValue.optional(),
  measured: text(LIMITS.maxMeasured).optional(),
  why: text(LIMITS.maxWhy).optional(),
});
export const Push = z.strictObject({ type: z.literal('push'), item: PushItem });
export const Answer = z.strictObject({
  type: z.literal('answer'),
  qid: id,
  round: z.number().int().min(1).max(LIMITS.maxRounds),
  value: AnswerValue,
  seq,
});
export const Attempt = z.strictObject({
  type: z.literal('attempt'),
  challengeId: id,
  value: finite,
  pass: z.boolean(),
  seq,
});
export const Ping = z.strictObject({ type: z.literal('ping') });

/** Message schemas by `type` (hello has two roles, checked by `role`). */
const CLIENT_SCHEMAS = {
  follow: Follow,
  open: Open,
  revote: Revote,
  close: Close,
  reveal: RevealMsg,
  push: Push,
  answer: Answer,
  attempt: Attempt,
  ping: Ping,
} as const;

export type HelloHostMsg = z.infer<typeof HelloHost>;
export type HelloStudentMsg = z.infer<typeof HelloStudent>;
export type FollowMsg = z.infer<typeof Follow>;
export type OpenMsg = z.infer<typeof Open>;
export type RevoteMsg = z.infer<typeof Revote>;
export type CloseMsg = z.infer<typeof Close>;
export type RevealMsg = z.infer<typeof RevealMsg>;
export type PushMsg = z.infer<typeof Push>;
export type AnswerMsg = z.infer<typeof Answer>;
export type AttemptMsg = z.infer<typeof Attempt>;
export type PingMsg = z.infer<typeof Ping>;
export type ClientMessage =
  | HelloHostMsg
  | HelloStudentMsg
  | FollowMsg
  | OpenMsg
  | RevoteMsg
  | CloseMsg
  | RevealMsg
  | PushMsg
  | AnswerMsg
  | AttemptMsg
  | PingMsg;
export type ClientMessageType = ClientMessage['type'];

/** Messages only the host may send; `answer`/`attempt` only a student. */
export const HOST_ONLY: ReadonlySet<ClientMessageType> = new Set([
  'follow',
  'open',
  'revote',
  'close',
  'reveal',
  'push',
]);
export const STUDENT_ONLY: ReadonlySet<ClientMessageType> = new Set(['answer', 'attempt']);

// ---- errors -----------------------------------------------------------------------------

export const ERROR_CODES = [
  'too-big', // frame over LIMITS.maxMessageBytes
  'json', // not a JSON object
  'type', // missing or unknown `type`
  'schema', // a field missing, of the wrong type, too long, out of range, or unknown
  'version', // hello with another protocol version
  'not-joined', // a message before a successful hello
  'joined', // a second hello on a joined connection
  'no-room', // no room with this code
  'token', // hello as host with a wrong token
  'forbidden', // a host-only message from a student, or a student-only one from the host
  'no-question', // answer/close/reveal/revote for a question that is not the current one
  'closed', // answer to a question or round that is not open
  'value', // an answer that is not one of the options / not on the scale
  'no-challenge', // attempt for a challenge that is not the pushed one
  'rate', // too many messages: slow down (the connection closes if it goes on)
  'internal', // the server failed (e.g. its database): nothing was changed
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ParseResult =
  | { ok: true; msg: ClientMessage }
  | { ok: false; code: ErrorCode; message: string; ref?: string | number };

const utf8Bytes = (s: string): number => {
  // Exact UTF-8 length without TextEncoder allocations on the hot path.
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
};

/** "options.2.label: Too big: expected string to have <=120 characters" (first 3 issues). */
function describeIssues(err: z.ZodError): string {
  return err.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : '(message)'}: ${i.message}`)
    .join('; ');
}

/**
 * A client's frame → the typed message, or an error whose `message` names what was wrong
 * (the field and the limit). `ref` is the message's `seq` when it has one, else its `type`.
 */
export function parseClientMessage(raw: string): ParseResult {
  if (typeof raw !== 'string') return { ok: false, code: 'json', message: 'expected a text frame' };
  const bytes = utf8Bytes(raw);
  if (bytes > LIMITS.maxMessageBytes)
    return {
      ok: false,
      code: 'too-big',
      message: `message of ${bytes} bytes; the limit is ${LIMITS.maxMessageBytes}`,
    };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (e) {
    return { ok: false, code: 'json', message: `not JSON: ${(e as Error).message}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, code: 'json', message: 'expected a JSON object with a `type`' };
  const obj = data as Record<string, unknown>;
  const type = obj.type;
  const ref =
    typeof obj.seq === 'number' && Number.isInteger(obj.seq)
      ? obj.seq
      : typeof type === 'string' && type.length <= 32
        ? type
        : undefined;
  if (typeof type !== 'string')
    return { ok: false, code: 'type', message: 'missing `type` (a string)', ref };
  let schema: z.ZodType<ClientMessage>;
  if (type === 'hello') {
    if (obj.role === 'host') schema = HelloHost;
    else if (obj.role === 'student') schema = HelloStudent;
    else
      return {
        ok: false,
        code: 'schema',
        message: 'hello: `role` must be "host" or "student"',
        ref,
      };
  } else if (Object.hasOwn(CLIENT_SCHEMAS, type)) {
    schema = CLIENT_SCHEMAS[type as keyof typeof CLIENT_SCHEMAS] as z.ZodType<ClientMessage>;
  } else {
    return {
      ok: false,
      code: 'type',
      message: `unknown type "${type.slice(0, 32)}"; expected one of hello, ${Object.keys(CLIENT_SCHEMAS).join(', ')}`,
      ref,
    };
  }
  const r = schema.safeParse(obj);
  if (!r.success)
    return { ok: false, code: 'schema', message: `${type}: ${describeIssues(r.error)}`, ref };
  return { ok: true, msg: r.data };
}

// ---- server → client ------------------------------------------------------------------

export const QuestionState = z.intersection(
  Question,
  z.object({
    round: z.number().int().min(1),
    open: z.boolean(),
    revealed: Reveal.optional(),
  }),
);
export type QuestionState = z.infer<typeof QuestionState>;

export const RoomState = z.object({
  code: RoomCode,
  /** Students connected now. */
  students: z.number().int().min(0),
  view: View.nullable(),
  question: QuestionState.nullable(),
  push: PushItem.nullable(),
});
export type RoomState = z.infer<typeof RoomState>;

/** One round's distribution: counts per option id (choice) or every value (scale, sorted). */
export const RoundTally = z.object({
  round: z.number().int().min(1),
  answered: z.number().int().min(0),
  counts: z.record(z.string(), z.number().int().min(0)).optional(),
  values: z.array(z.number()).optional(),
});
export type RoundTally = z.infer<typeof RoundTally>;

export const MineAnswer = z.object({
  qid: z.string(),
  round: z.number().int(),
  value: AnswerValue,
});
export const MineAttempt = z.object({
  challengeId: z.string(),
  value: z.number(),
  pass: z.boolean(),
});
export const Mine = z.object({ answers: z.array(MineAnswer), attempts: z.array(MineAttempt) });
export type Mine = z.infer<typeof Mine>;

export const Welcome = z.object({
  type: z.literal('welcome'),
  role: z.enum(['host', 'student']),
  protocol: z.number().int(),
  room: RoomState,
  mine: Mine.optional(),
});
export const StateMsg = z.object({ type: z.literal('state'), room: RoomState });
export const Tally = z.object({
  type: z.literal('tally'),
  qid: z.string(),
  round: z.number().int().min(1),
  answered: z.number().int().min(0),
  /** Students connected now (the denominator on the projector). */
  students: z.number().int().min(0),
  counts: z.record(z.string(), z.number().int().min(0)).optional(),
  values: z.array(z.number()).optional(),
  /** The earlier rounds of this question, oldest first. */
  rounds: z.array(RoundTally),
});
export const Attempts = z.object({
  type: z.literal('attempts'),
  challengeId: z.string(),
  /** Students who sent at least one attempt, and who passed at least once. */
  attempted: z.number().int().min(0),
  passed: z.number().int().min(0),
  /** Each passing student's best value (by the challenge's `better`), sorted ascending. */
  best: z.array(z.number()),
});
export const Ack = z.object({ type: z.literal('ack'), seq: z.number().int() });
export const ErrorMsg = z.object({
  type: z.literal('error'),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  ref: z.union([z.string(), z.number()]).optional(),
});
export const Presence = z.object({ type: z.literal('presence'), students: z.number().int() });
export const Pong = z.object({ type: z.literal('pong') });

export const ServerMessage = z.discriminatedUnion('type', [
  Welcome,
  StateMsg,
  Tally,
  Attempts,
  Ack,
  ErrorMsg,
  Presence,
  Pong,
]);
export type WelcomeMsg = z.infer<typeof Welcome>;
export type StateMessage = z.infer<typeof StateMsg>;
export type TallyMsg = z.infer<typeof Tally>;
export type AttemptsMsg = z.infer<typeof Attempts>;
export type AckMsg = z.infer<typeof Ack>;
export type ErrorMessage = z.infer<typeof ErrorMsg>;
export type PresenceMsg = z.infer<typeof Presence>;
export type PongMsg = z.infer<typeof Pong>;
export type ServerMessage = z.infer<typeof ServerMessage>;

/** A server's frame → the typed message, or null (the browser ignores what it cannot read). */
export function parseServerMessage(raw: string): ServerMessage | null {
  try {
    const r = ServerMessage.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

// ---- HTTP API ---------------------------------------------------------------------------

/** `GET /class/api/info`: present only when the page is served by the class server. */
export interface InfoResponse {
  app: typeof APP_ID;
  protocol: number;
  /** The address students can reach, e.g. "http://192.168.1.20:8080" (no trailing slash). */
  studentBase: string;
  /** The projector's address on this laptop, e.g. "http://127.0.0.1:8080/?class=host". */
  projectorUrl: string;
  /** Every non-internal IPv4 address of the laptop, as base URLs. */
  addresses: string[];
  /** Server process memory in bytes (for benchmarks). */
  memory?: { rss: number; heapUsed: number };
}

/** `POST /class/api/rooms` → a new room. Keep the token: it is the only way to control it. */
export interface CreateRoomResponse {
  code: string;
  hostToken: string;
  /** `${studentBase}/?join=${code}` */
  joinUrl: string;
  /** `${studentBase}/j/${code}` (a short link for QR codes) */
  shortUrl: string;
}

/** `GET /class/api/rooms/:code/results?format=json` (Authorization: Bearer <hostToken>). */
export interface ResultsQuestion {
  qid: string;
  prompt: string;
  kind: 'choice' | 'scale';
  options?: ChoiceOption[];
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  /** The last reveal of this question. */
  revealed?: Reveal;
  /** Every round, oldest first, with the answer revealed after it (if any). */
  rounds: Array<RoundTally & { opened: string; closed: string | null; revealed?: Reveal }>;
}
export interface ResultsChallenge {
  id: string;
  title: string;
  query: string;
  metric: string;
  better: 'lower' | 'higher';
  unit?: string;
  pushed: string;
  attempted: number;
  passed: number;
  best: number[];
}
export interface ResultsResponse {
  format: 'tcp-over-atm-lab/class-results';
  version: 1;
  room: string;
  created: string;
  exported: string;
  /** Distinct anonymous students who ever joined (no ids are exported). */
  students: number;
  questions: ResultsQuestion[];
  challenges: ResultsChallenge[];
}

/** Short links: `/j/CODE` → `/?join=CODE`; `/j/CODE/c/N` → the N-th challenge pushed (1-based). */
export const joinPath = (code: string): string => `/?join=${encodeURIComponent(code)}`;
export const shortJoinPath = (code: string): string => `/j/${encodeURIComponent(code)}`;
export const shortChallengePath = (code: string, n: number): string =>
  `/j/${encodeURIComponent(code)}/c/${n}`;
