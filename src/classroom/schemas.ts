/**
 * The live class's vocabulary, shared by its protocol's messages (protocol.ts) and the
 * server's replies (serverMessages.ts): the protocol's version and limits, room codes, the
 * view a class follows, questions, reveals, pushed items, and the error codes. Pure TypeScript.
 */
import { z } from 'zod';

// No code generated at run time: zod's fast path tries `new Function`, which the app's
// Content-Security-Policy refuses (and reports as a violation on every page that parses).
z.config({ jitless: true });

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
  /** A lesson file of the instructor's own, as its link encodes it (`lessonFile=`): the
   * longest the class server keeps for a room (its upload is one HTTP body of at most 64 KB). */
  maxLessonFile: 60_000,
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
  /** A round's countdown (a question's `seconds`): voting closes by itself when it ends. */
  minSeconds: 5,
  maxSeconds: 1800,
  maxStep: 999,
  maxSeq: 2 ** 31 - 1,
  /** An anonymous student id: 8..64 chars of [A-Za-z0-9_-]. */
  minStudentId: 8,
  maxStudentId: 64,
  /** Rate limit per connection (token bucket): messages per second and the burst. */
  ratePerSecond: 20,
  rateBurst: 40,
} as const;

import { ROOM_CODE_RE } from './roomCode';

export { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, ROOM_CODE_RE, normalizeRoomCode } from './roomCode';

/** The host token: 32 random bytes, base64url (43 chars). */
export const HOST_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const STUDENT_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

// ---- building blocks ------------------------------------------------------------------

/** An id (question, option, lesson, challenge): 1..64 of letters, digits, _ . : - */
export const IdSchema = z
  .string()
  .min(1)
  .max(LIMITS.maxId)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits, _ . : -');
export const textSchema = (max: number) => z.string().max(max);
export const FiniteNumber = z.number().finite();
/** A client's sequence number of an answer or attempt (echoed in its ack). */
export const Seq = z.number().int().min(0).max(LIMITS.maxSeq);
const id = IdSchema;
const text = textSchema;
const finite = FiniteNumber;

/** A room's life: open (phones vote), paused (phones wait, no vote), ended (phones stop
 * following; the room's record is kept). */
export const RoomStatus = z.enum(['open', 'paused', 'ended']);
export type RoomStatus = z.infer<typeof RoomStatus>;

export const RoomCode = z.string().regex(ROOM_CODE_RE, 'a room code of 4-6 letters/digits');
export const StudentId = z.string().regex(STUDENT_ID_RE, '8-64 chars of A-Z a-z 0-9 _ -');
export const HostToken = z.string().regex(HOST_TOKEN_RE, 'a 43-char base64url token');

/** What names a lesson file kept by the class server: the first 22 characters of the
 * base64url SHA-256 of its encoded text (lessonRef). */
export const LESSON_REF_RE = /^[A-Za-z0-9_-]{22}$/;
export const LessonRef = z
  .string()
  .regex(LESSON_REF_RE, 'a lesson reference of 22 base64url chars');
/** A lesson file as its link encodes it (lz-string's URI alphabet). */
export const LessonFileText = z
  .string()
  .min(1)
  .max(LIMITS.maxLessonFile)
  .regex(/^[A-Za-z0-9+$-]+$/, 'the encoded lesson file of a `lessonFile=` link');
/** `PUT /class/api/rooms/CODE/lessons`: the projector's lesson of the instructor's own. */
export const LessonUpload = z.strictObject({ file: LessonFileText });
export type LessonUpload = z.infer<typeof LessonUpload>;

/** The step the class follows: a scenario query, optionally a lesson and its step; a lesson of
 * the instructor's own also names its file, kept by the server (`lessonRef`: phones fetch it
 * from `/class/api/rooms/CODE/lessons/REF`). */
export const View = z.strictObject({
  query: text(LIMITS.maxQuery),
  lesson: id.optional(),
  lessonRef: LessonRef.optional(),
  step: z.number().int().min(0).max(LIMITS.maxStep).optional(),
  title: text(LIMITS.maxTitle).optional(),
});
export type View = z.infer<typeof View>;

export const ChoiceOption = z.strictObject({
  id,
  label: text(LIMITS.maxLabel).min(1),
});
export type ChoiceOption = z.infer<typeof ChoiceOption>;

/**
 * What every question may carry beside its answers: a countdown per round (`seconds`: voting
 * closes by itself when it ends) and the metric of the run that answers it (`metric`, a key of
 * the model's metrics table): while it is open, no screen of the class shows that metric.
 */
const questionExtras = {
  seconds: z.number().int().min(LIMITS.minSeconds).max(LIMITS.maxSeconds).optional(),
  metric: id.optional(),
};

export const ChoiceQuestion = z.strictObject({
  qid: id,
  prompt: text(LIMITS.maxPrompt).min(1),
  kind: z.literal('choice'),
  /** Where it is asked ("Lesson: step"), for the results. */
  title: text(LIMITS.maxPrompt).optional(),
  ...questionExtras,
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
    title: text(LIMITS.maxPrompt).optional(),
    /** How far from the run's answer an answer still counts as right (default: one step); the
     * results count the answers within it. */
    tolerance: finite.min(0).optional(),
    ...questionExtras,
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
  'no-lesson', // a step of a lesson file the server does not keep for this room
  'paused', // an answer while the class is paused
  'ended', // a change to a class that has ended (only `resume` reopens it)
  'rate', // too many messages: slow down (the connection closes if it goes on)
  'internal', // the server failed (e.g. its database): nothing was changed
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
