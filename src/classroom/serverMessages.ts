/**
 * What the class server sends: the replies and updates on the WebSocket (parsed by the pages
 * with `parseServerMessage`), and the JSON shapes of its HTTP API. Pure TypeScript.
 */
import { z } from 'zod';
import type { ChoiceOption, RoomStatus as RoomStatusT } from './schemas';
import {
  APP_ID,
  AnswerValue,
  ERROR_CODES,
  PushItem,
  Question,
  Reveal,
  HostToken,
  RoomCode,
  RoomStatus,
  View,
} from './schemas';

// ---- server → client ------------------------------------------------------------------

export const QuestionState = z.intersection(
  Question,
  z.object({
    round: z.number().int().min(1),
    open: z.boolean(),
    revealed: Reveal.optional(),
    /** An open round with a countdown: milliseconds left when the state was sent. */
    closesIn: z.number().int().min(0).optional(),
  }),
);
export type QuestionState = z.infer<typeof QuestionState>;

export const RoomState = z.object({
  code: RoomCode,
  /** Open, paused or ended (see `pause`, `resume`, `end`). */
  status: RoomStatus,
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
  /** Every attempt (passed or failed), counted. */
  tries: z.number().int().min(0),
  /** The distribution of every attempt's value: [value, attempts that passed, attempts that
   * failed], by value ascending. */
  values: z.array(z.tuple([z.number(), z.number().int().min(0), z.number().int().min(0)])),
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
export type TallyMsg = z.infer<typeof Tally>;
export type AttemptsMsg = z.infer<typeof Attempts>;
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
  /** Where it was asked ("Lesson: step"). */
  title?: string;
  /** A scale answer within this of the run's counts as close. */
  tolerance?: number;
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
  /** Students who tried, and who passed at least once. */
  attempted: number;
  passed: number;
  best: number[];
  /** Every attempt, passed or failed. */
  tries: number;
  /** Every attempt's value: [value, passed, failed] by value ascending. */
  values: Array<[number, number, number]>;
}
export interface ResultsResponse {
  format: 'tcp-over-atm-lab/class-results';
  version: 1;
  room: string;
  created: string;
  exported: string;
  /** The app that exported it: name and version ("tcp-over-atm-lab 0.9.0"). */
  app: string;
  /** Distinct anonymous students who ever joined (no ids are exported). */
  students: number;
  questions: ResultsQuestion[];
  challenges: ResultsChallenge[];
}

/** One room in the host's list (`POST /class/api/rooms/list`). */
export interface RoomSummary {
  code: string;
  status: RoomStatusT;
  /** When the room was opened, and its last activity (a question, an answer, an attempt). */
  created: string;
  lastActive: string;
  /** When it was ended (null while open or paused). */
  ended: string | null;
  /** Distinct anonymous students who ever joined. */
  students: number;
  questions: number;
  answers: number;
  challenges: number;
  attempts: number;
}

/** `POST /class/api/rooms/list` with the rooms a browser holds the tokens of. */
export const RoomListRequest = z.strictObject({
  rooms: z.array(z.strictObject({ code: RoomCode, token: HostToken })).max(500),
});
export type RoomListRequest = z.infer<typeof RoomListRequest>;
/** The rooms whose token matched (newest first), and the codes no room has any more. */
export interface RoomListResponse {
  rooms: RoomSummary[];
  gone: string[];
}

/** Short links: `/j/CODE` → `/?join=CODE`; `/j/CODE/c/N` → the N-th challenge pushed (1-based). */
export const joinPath = (code: string): string => `/?join=${encodeURIComponent(code)}`;
export { shortJoinPath } from './roomCode';
