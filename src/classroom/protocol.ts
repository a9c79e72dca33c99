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
 * and a new answer replaces the old one; an attempt whose `seq` is not past the student's last
 * one for that challenge is a resend, acknowledged again and counted once. A student's `seq`
 * only grows (the browser keeps it with its anonymous id).
 *
 * A host, after `welcome`, also receives the current `tally` (when a question exists) and the
 * current challenge's `attempts` (when one is pushed), then each update live.
 */
import { z } from 'zod';
import type { ErrorCode } from './schemas';
import {
  AnswerValue,
  FiniteNumber as finite,
  HostToken,
  IdSchema as id,
  LIMITS,
  PushItem,
  Question,
  RoomCode,
  Seq as seq,
  StudentId,
  View,
  textSchema as text,
} from './schemas';

// One import for both sides: the vocabulary, the server's messages and the HTTP API's shapes.
export * from './schemas';
export * from './serverMessages';

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
/**
 * Asks a question (round 1, open). Asking a qid asked before in this room makes it current
 * again with its rounds and tallies (its stored definition is kept): its last round reopens
 * unless it was revealed; then `revote` asks again. Asking the current, open question again
 * changes nothing (the host gets the state and tally again).
 */
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
/** The class's life (host only): pause (phones show "Paused" and cannot vote), resume (open
 * again, also after an end), clear (the current question leaves the phones; its rounds stay in
 * the record), end (phones show that the class has ended and stop following; the record is
 * kept). */
export const Pause = z.strictObject({ type: z.literal('pause') });
export const Resume = z.strictObject({ type: z.literal('resume') });
export const Clear = z.strictObject({ type: z.literal('clear') });
export const End = z.strictObject({ type: z.literal('end') });

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
  pause: Pause,
  resume: Resume,
  clear: Clear,
  end: End,
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
export type PauseMsg = z.infer<typeof Pause>;
export type ResumeMsg = z.infer<typeof Resume>;
export type ClearMsg = z.infer<typeof Clear>;
export type EndMsg = z.infer<typeof End>;
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
  | PingMsg
  | PauseMsg
  | ResumeMsg
  | ClearMsg
  | EndMsg;
export type ClientMessageType = ClientMessage['type'];

/** Messages only the host may send; `answer`/`attempt` only a student. */
export const HOST_ONLY: ReadonlySet<ClientMessageType> = new Set([
  'follow',
  'open',
  'revote',
  'close',
  'reveal',
  'push',
  'pause',
  'resume',
  'clear',
  'end',
]);
export const STUDENT_ONLY: ReadonlySet<ClientMessageType> = new Set(['answer', 'attempt']);

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
