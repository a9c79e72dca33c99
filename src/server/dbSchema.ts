/**
 * The class server's tables and the rows it reads and writes (db.ts runs the SQL). A student
 * is an anonymous random id chosen by their browser, nothing else; results never include it.
 */
import type {
  AnswerValue,
  PushItem,
  Question,
  Reveal,
  RoomStatus,
  View,
} from '../classroom/protocol';

/** Columns added after a table was first shipped: a database from before gets them on open. */
export const ADDED_COLUMNS: readonly { table: string; column: string; sql: string }[] = [
  {
    table: 'attempts',
    column: 'last_seq',
    sql: 'ALTER TABLE attempts ADD COLUMN last_seq INTEGER NOT NULL DEFAULT 0',
  },
  {
    table: 'questions',
    column: 'closes_at',
    sql: 'ALTER TABLE questions ADD COLUMN closes_at INTEGER',
  },
];

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS lesson_files (
  room TEXT NOT NULL,
  ref TEXT NOT NULL,
  file TEXT NOT NULL,
  PRIMARY KEY (room, ref)
);
CREATE TABLE IF NOT EXISTS rooms (
  code TEXT PRIMARY KEY,
  host_token_hash TEXT NOT NULL,
  created INTEGER NOT NULL,
  state_json TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS questions (
  room TEXT NOT NULL,
  qid TEXT NOT NULL,
  round INTEGER NOT NULL,
  def_json TEXT NOT NULL,
  opened_at INTEGER NOT NULL,
  closed_at INTEGER,
  revealed_json TEXT,
  closes_at INTEGER,
  PRIMARY KEY (room, qid, round)
);
CREATE TABLE IF NOT EXISTS answers (
  room TEXT NOT NULL,
  qid TEXT NOT NULL,
  round INTEGER NOT NULL,
  student TEXT NOT NULL,
  value TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (room, qid, round, student)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS challenges (
  room TEXT NOT NULL,
  n INTEGER NOT NULL,
  challenge_id TEXT NOT NULL,
  item_json TEXT NOT NULL,
  pushed_at INTEGER NOT NULL,
  PRIMARY KEY (room, n),
  UNIQUE (room, challenge_id)
);
CREATE TABLE IF NOT EXISTS attempts (
  room TEXT NOT NULL,
  challenge_id TEXT NOT NULL,
  student TEXT NOT NULL,
  tries INTEGER NOT NULL,
  passed INTEGER NOT NULL,
  best REAL,
  last_value REAL NOT NULL,
  last_pass INTEGER NOT NULL,
  at INTEGER NOT NULL,
  last_seq INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (room, challenge_id, student)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS attempt_log (
  room TEXT NOT NULL,
  challenge_id TEXT NOT NULL,
  student TEXT NOT NULL,
  seq INTEGER NOT NULL,
  value REAL NOT NULL,
  pass INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (room, challenge_id, student, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS students (
  room TEXT NOT NULL,
  student TEXT NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  PRIMARY KEY (room, student)
) WITHOUT ROWID;
`;

/** What a room keeps between restarts besides its questions and answers. */
export interface RoomStateJson {
  view: View | null;
  push: PushItem | null;
  /** The current question's id (its rows in `questions` hold the rest). */
  qid: string | null;
  /** Open when absent (a room stored before rooms had a life). */
  status?: RoomStatus;
  /** When the class was ended (ms since the epoch). */
  endedAt?: number;
}

/** A room as the host's list shows it (times in ms since the epoch). */
export interface RoomSummaryRow {
  code: string;
  hostTokenHash: string;
  created: number;
  lastActive: number;
  state: RoomStateJson;
  students: number;
  questions: number;
  answers: number;
  challenges: number;
  attempts: number;
}

export interface RoomRow {
  code: string;
  hostTokenHash: string;
  created: number;
  state: RoomStateJson;
}

export interface QuestionRow {
  qid: string;
  round: number;
  def: Question;
  openedAt: number;
  closedAt: number | null;
  revealed: Reveal | null;
  /** When the round's countdown ends (its question's `seconds` after it opened), or null. */
  closesAt: number | null;
}

export interface ChallengeRow {
  n: number;
  challengeId: string;
  item: PushItem;
  pushedAt: number;
}

export interface AttemptRow {
  challengeId: string;
  student: string;
  tries: number;
  passed: boolean;
  best: number | null;
  lastValue: number;
  lastPass: boolean;
}

/** An answer to store, and what it replaced (for the tally). */
export interface AnswerWrite {
  room: string;
  qid: string;
  round: number;
  student: string;
  value: AnswerValue;
  at: number;
}

export interface AttemptWrite {
  room: string;
  challengeId: string;
  student: string;
  value: number;
  pass: boolean;
  better: 'lower' | 'higher';
  at: number;
  /** The message's `seq`: an attempt resent after a lost ack carries the same one. */
  seq: number;
}
