/**
 * The class server's database: SQLite through better-sqlite3, in WAL mode with
 * `synchronous = FULL`, so a transaction that has returned is on disk (an acknowledged answer
 * survives a SIGKILL or a power cut). Only this file runs SQL; the tables are in dbSchema.ts.
 */
import Database from 'better-sqlite3';
import type { AnswerValue, Mine, PushItem, Question, Reveal } from '../classroom/protocol';
import type {
  AnswerWrite,
  AttemptRow,
  AttemptWrite,
  ChallengeRow,
  QuestionRow,
  RoomRow,
  RoomStateJson,
  RoomSummaryRow,
} from './dbSchema';
import { ADDED_COLUMNS, SCHEMA_SQL } from './dbSchema';

export type {
  AnswerWrite,
  AttemptRow,
  AttemptWrite,
  ChallengeRow,
  QuestionRow,
  RoomRow,
  RoomStateJson,
  RoomSummaryRow,
} from './dbSchema';

/** The tables that hold a room's record, each with its `room` column. */
const ROOM_TABLES = [
  'answers',
  'questions',
  'attempt_log',
  'attempts',
  'challenges',
  'students',
  'lesson_files',
];

/** When a round of `q` opened at `at` closes by itself (its countdown), or null. */
const closesAt = (q: Question, at: number): number | null =>
  q.seconds === undefined ? null : at + q.seconds * 1000;

/** Values are stored as JSON so "3" (an option id) and 3 (a number) stay apart. */
const enc = (v: AnswerValue): string => JSON.stringify(v);
const dec = (s: string): AnswerValue => JSON.parse(s) as AnswerValue;

export class ClassDb {
  readonly db: Database.Database;
  private readonly st;

  constructor(path: string, busyTimeoutMs = 5000) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    this.db.exec(SCHEMA_SQL);
    for (const c of ADDED_COLUMNS) {
      const cols = this.db.pragma(`table_info(${c.table})`) as { name: string }[];
      if (!cols.some((x) => x.name === c.column)) this.db.exec(c.sql);
    }
    const p = (sql: string) => this.db.prepare(sql);
    this.st = {
      insertRoom: p(
        'INSERT INTO rooms (code, host_token_hash, created, state_json) VALUES (?, ?, ?, ?)',
      ),
      roomExists: p('SELECT 1 FROM rooms WHERE code = ?').pluck(),
      putLessonFile: p('INSERT OR IGNORE INTO lesson_files (room, ref, file) VALUES (?, ?, ?)'),
      lessonFile: p('SELECT file FROM lesson_files WHERE room = ? AND ref = ?').pluck(),
      getRoom: p('SELECT code, host_token_hash, created, state_json FROM rooms WHERE code = ?'),
      setRoomState: p('UPDATE rooms SET state_json = ? WHERE code = ?'),
      questionRounds: p(
        'SELECT qid, round, def_json, opened_at, closed_at, revealed_json, closes_at FROM questions WHERE room = ? AND qid = ? ORDER BY round',
      ),
      allQuestions: p(
        'SELECT qid, round, def_json, opened_at, closed_at, revealed_json, closes_at FROM questions WHERE room = ? ORDER BY opened_at, qid, round',
      ),
      insertQuestion: p(
        'INSERT INTO questions (room, qid, round, def_json, opened_at, closed_at, revealed_json, closes_at) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)',
      ),
      setClosed: p('UPDATE questions SET closed_at = ? WHERE room = ? AND qid = ? AND round = ?'),
      reopen: p(
        'UPDATE questions SET closed_at = NULL, closes_at = ? WHERE room = ? AND qid = ? AND round = ?',
      ),
      setRevealed: p(
        'UPDATE questions SET revealed_json = ?, closed_at = COALESCE(closed_at, ?) WHERE room = ? AND qid = ? AND round = ?',
      ),
      answerValues: p(
        'SELECT value, COUNT(*) AS n FROM answers WHERE room = ? AND qid = ? AND round = ? GROUP BY value',
      ),
      getAnswer: p(
        'SELECT value FROM answers WHERE room = ? AND qid = ? AND round = ? AND student = ?',
      ).pluck(),
      upsertAnswer: p(
        `INSERT INTO answers (room, qid, round, student, value, at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (room, qid, round, student) DO UPDATE SET value = excluded.value, at = excluded.at`,
      ),
      studentAnswers: p(
        'SELECT qid, round, value FROM answers WHERE room = ? AND student = ? ORDER BY at',
      ),
      challenges: p(
        'SELECT n, challenge_id, item_json, pushed_at FROM challenges WHERE room = ? ORDER BY n',
      ),
      challengeByN: p(
        'SELECT n, challenge_id, item_json, pushed_at FROM challenges WHERE room = ? AND n = ?',
      ),
      upsertChallenge: p(
        `INSERT INTO challenges (room, n, challenge_id, item_json, pushed_at)
         VALUES (?, (SELECT COALESCE(MAX(n), 0) + 1 FROM challenges WHERE room = ?), ?, ?, ?)
         ON CONFLICT (room, challenge_id) DO UPDATE SET item_json = excluded.item_json`,
      ),
      attemptsOf: p(
        'SELECT challenge_id, student, tries, passed, best, last_value, last_pass FROM attempts WHERE room = ? AND challenge_id = ?',
      ),
      studentAttempts: p(
        'SELECT challenge_id, student, tries, passed, best, last_value, last_pass FROM attempts WHERE room = ? AND student = ?',
      ),
      getAttempt: p(
        'SELECT challenge_id, student, tries, passed, best, last_value, last_pass, last_seq FROM attempts WHERE room = ? AND challenge_id = ? AND student = ?',
      ),
      upsertAttempt: p(
        `INSERT INTO attempts (room, challenge_id, student, tries, passed, best, last_value, last_pass, at, last_seq)
         VALUES (@room, @challengeId, @student, @tries, @passed, @best, @lastValue, @lastPass, @at, @seq)
         ON CONFLICT (room, challenge_id, student) DO UPDATE SET tries = excluded.tries,
           passed = excluded.passed, best = excluded.best, last_value = excluded.last_value,
           last_pass = excluded.last_pass, at = excluded.at, last_seq = excluded.last_seq`,
      ),
      touchStudent: p(
        `INSERT INTO students (room, student, first_seen, last_seen) VALUES (?, ?, ?, ?)
         ON CONFLICT (room, student) DO UPDATE SET last_seen = excluded.last_seen`,
      ),
      studentCount: p('SELECT COUNT(*) FROM students WHERE room = ?').pluck(),
      insertAttemptLog: p(
        `INSERT OR IGNORE INTO attempt_log (room, challenge_id, student, seq, value, pass, at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      attemptValues: p(
        `SELECT value, SUM(pass) AS passed, SUM(1 - pass) AS failed FROM attempt_log
         WHERE room = ? AND challenge_id = ? GROUP BY value ORDER BY value`,
      ),
      roomSummaries: p(
        `SELECT r.code, r.host_token_hash, r.created, r.state_json,
           (SELECT COUNT(*) FROM students s WHERE s.room = r.code) AS students,
           (SELECT COUNT(DISTINCT qid) FROM questions q WHERE q.room = r.code) AS questions,
           (SELECT COUNT(*) FROM answers a WHERE a.room = r.code) AS answers,
           (SELECT COUNT(*) FROM challenges c WHERE c.room = r.code) AS challenges,
           (SELECT COALESCE(SUM(tries), 0) FROM attempts t WHERE t.room = r.code) AS attempts,
           MAX(r.created,
             COALESCE((SELECT MAX(opened_at) FROM questions q WHERE q.room = r.code), 0),
             COALESCE((SELECT MAX(at) FROM answers a WHERE a.room = r.code), 0),
             COALESCE((SELECT MAX(at) FROM attempts t WHERE t.room = r.code), 0),
             COALESCE((SELECT MAX(pushed_at) FROM challenges c WHERE c.room = r.code), 0)
           ) AS last_active
         FROM rooms r ORDER BY r.created DESC, r.code`,
      ),
      deleteRoom: p('DELETE FROM rooms WHERE code = ?'),
      deleteFrom: Object.fromEntries(
        ROOM_TABLES.map((t) => [t, p(`DELETE FROM ${t} WHERE room = ?`)]),
      ),
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Runs `fn` in one transaction (one fsync for everything in it). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  roomExists(code: string): boolean {
    return this.st.roomExists.get(code) !== undefined;
  }

  insertRoom(code: string, hostTokenHash: string, created: number): void {
    const state: RoomStateJson = { view: null, push: null, qid: null };
    this.st.insertRoom.run(code, hostTokenHash, created, JSON.stringify(state));
  }

  getRoom(code: string): RoomRow | null {
    const r = this.st.getRoom.get(code) as
      { code: string; host_token_hash: string; created: number; state_json: string } | undefined;
    if (!r) return null;
    return {
      code: r.code,
      hostTokenHash: r.host_token_hash,
      created: r.created,
      state: JSON.parse(r.state_json) as RoomStateJson,
    };
  }

  setRoomState(code: string, state: RoomStateJson): void {
    this.st.setRoomState.run(JSON.stringify(state), code);
  }

  private static questionRow(r: {
    qid: string;
    round: number;
    def_json: string;
    opened_at: number;
    closed_at: number | null;
    revealed_json: string | null;
    closes_at: number | null;
  }): QuestionRow {
    return {
      qid: r.qid,
      round: r.round,
      def: JSON.parse(r.def_json) as Question,
      openedAt: r.opened_at,
      closedAt: r.closed_at,
      revealed: r.revealed_json === null ? null : (JSON.parse(r.revealed_json) as Reveal),
      closesAt: r.closes_at ?? null,
    };
  }

  /** The rounds of one question, oldest first ([] if it was never opened). */
  questionRounds(room: string, qid: string): QuestionRow[] {
    return (
      this.st.questionRounds.all(room, qid) as Parameters<typeof ClassDb.questionRow>[0][]
    ).map(ClassDb.questionRow);
  }

  allQuestions(room: string): QuestionRow[] {
    return (this.st.allQuestions.all(room) as Parameters<typeof ClassDb.questionRow>[0][]).map(
      ClassDb.questionRow,
    );
  }

  /** Opens round `round` of `q` at `at`; with a countdown (`q.seconds`), it ends then. */
  openRound(room: string, q: Question, round: number, at: number): void {
    this.st.insertQuestion.run(room, q.qid, round, JSON.stringify(q), at, closesAt(q, at));
  }

  closeRound(room: string, qid: string, round: number, at: number): void {
    this.st.setClosed.run(at, room, qid, round);
  }

  /** Opens a closed round again at `at` (its countdown, if any, starts afresh). */
  reopenRound(room: string, q: Question, round: number, at: number): void {
    this.st.reopen.run(closesAt(q, at), room, q.qid, round);
  }

  revealRound(room: string, qid: string, round: number, reveal: Reveal, at: number): void {
    this.st.setRevealed.run(JSON.stringify(reveal), at, room, qid, round);
  }

  /** Every distinct answer value of one round with how many students gave it. */
  answerCounts(room: string, qid: string, round: number): Array<{ value: AnswerValue; n: number }> {
    return (this.st.answerValues.all(room, qid, round) as Array<{ value: string; n: number }>).map(
      (r) => ({ value: dec(r.value), n: r.n }),
    );
  }

  /** The student's stored answer to one round, or undefined. */
  getAnswer(room: string, qid: string, round: number, student: string): AnswerValue | undefined {
    const v = this.st.getAnswer.get(room, qid, round, student) as string | undefined;
    return v === undefined ? undefined : dec(v);
  }

  /** Stores an answer (replacing the student's earlier one); returns the value it replaced. */
  putAnswer(a: AnswerWrite): AnswerValue | undefined {
    const old = this.getAnswer(a.room, a.qid, a.round, a.student);
    this.st.upsertAnswer.run(a.room, a.qid, a.round, a.student, enc(a.value), a.at);
    return old;
  }

  studentAnswers(
    room: string,
    student: string,
  ): Array<{ qid: string; round: number; value: AnswerValue }> {
    return (
      this.st.studentAnswers.all(room, student) as Array<{
        qid: string;
        round: number;
        value: string;
      }>
    ).map((r) => ({ qid: r.qid, round: r.round, value: dec(r.value) }));
  }

  challenges(room: string): ChallengeRow[] {
    return (
      this.st.challenges.all(room) as Array<{
        n: number;
        challenge_id: string;
        item_json: string;
        pushed_at: number;
      }>
    ).map((r) => ({
      n: r.n,
      challengeId: r.challenge_id,
      item: JSON.parse(r.item_json) as PushItem,
      pushedAt: r.pushed_at,
    }));
  }

  challengeByN(room: string, n: number): ChallengeRow | null {
    const r = this.st.challengeByN.get(room, n) as
      { n: number; challenge_id: string; item_json: string; pushed_at: number } | undefined;
    return r
      ? {
          n: r.n,
          challengeId: r.challenge_id,
          item: JSON.parse(r.item_json) as PushItem,
          pushedAt: r.pushed_at,
        }
      : null;
  }

  /** Records a pushed challenge (the n-th of the room; pushed again, it keeps its n). */
  putChallenge(room: string, item: PushItem, at: number): void {
    if (!item.challenge) return;
    this.st.upsertChallenge.run(room, room, item.challenge.id, JSON.stringify(item), at);
  }

  private static attemptRow(r: {
    challenge_id: string;
    student: string;
    tries: number;
    passed: number;
    best: number | null;
    last_value: number;
    last_pass: number;
  }): AttemptRow {
    return {
      challengeId: r.challenge_id,
      student: r.student,
      tries: r.tries,
      passed: r.passed === 1,
      best: r.best,
      lastValue: r.last_value,
      lastPass: r.last_pass === 1,
    };
  }

  attemptsOf(room: string, challengeId: string): AttemptRow[] {
    return (
      this.st.attemptsOf.all(room, challengeId) as Parameters<typeof ClassDb.attemptRow>[0][]
    ).map(ClassDb.attemptRow);
  }

  studentAttempts(room: string, student: string): AttemptRow[] {
    return (
      this.st.studentAttempts.all(room, student) as Parameters<typeof ClassDb.attemptRow>[0][]
    ).map(ClassDb.attemptRow);
  }

  /**
   * Folds one attempt into the student's row for that challenge; returns the new row. An
   * attempt whose `seq` is not past the row's last one was already folded in (a resend after a
   * lost ack): the row is returned unchanged, so it counts once.
   */
  putAttempt(a: AttemptWrite): AttemptRow & { counted: boolean } {
    const r = this.st.getAttempt.get(a.room, a.challengeId, a.student) as
      (Parameters<typeof ClassDb.attemptRow>[0] & { last_seq: number }) | undefined;
    const old = r ? ClassDb.attemptRow(r) : null;
    if (r && old && a.seq <= r.last_seq) return { ...old, counted: false };
    const improves = (v: number, best: number | null) =>
      best === null || (a.better === 'lower' ? v < best : v > best);
    const best = a.pass && improves(a.value, old?.best ?? null) ? a.value : (old?.best ?? null);
    this.st.insertAttemptLog.run(
      a.room,
      a.challengeId,
      a.student,
      a.seq,
      a.value,
      a.pass ? 1 : 0,
      a.at,
    );
    const row: AttemptRow = {
      challengeId: a.challengeId,
      student: a.student,
      tries: (old?.tries ?? 0) + 1,
      passed: (old?.passed ?? false) || a.pass,
      best,
      lastValue: a.value,
      lastPass: a.pass,
    };
    this.st.upsertAttempt.run({
      room: a.room,
      challengeId: a.challengeId,
      student: a.student,
      tries: row.tries,
      passed: row.passed ? 1 : 0,
      best: row.best,
      lastValue: row.lastValue,
      lastPass: row.lastPass ? 1 : 0,
      at: a.at,
      seq: a.seq,
    });
    return { ...row, counted: true };
  }

  /** Whether the student's attempt `seq` at a challenge is already stored (a resend). */
  attemptStored(room: string, challengeId: string, student: string, seq: number): boolean {
    const r = this.st.getAttempt.get(room, challengeId, student) as
      { last_seq: number } | undefined;
    return !!r && seq <= r.last_seq;
  }

  /** A student's own answers and attempts in a room (a reloaded phone shows them again). */
  mine(room: string, student: string): Mine {
    return {
      answers: this.studentAnswers(room, student),
      attempts: this.studentAttempts(room, student).map((a) => ({
        challengeId: a.challengeId,
        value: a.best ?? a.lastValue,
        pass: a.passed,
      })),
    };
  }

  /** Every attempt's value in a challenge: [value, passed, failed], by value ascending. */
  attemptValues(room: string, challengeId: string): Array<[number, number, number]> {
    return (
      this.st.attemptValues.all(room, challengeId) as Array<{
        value: number;
        passed: number;
        failed: number;
      }>
    ).map((r) => [r.value, r.passed, r.failed]);
  }

  /** Every room with its counts, newest first. */
  roomSummaries(): RoomSummaryRow[] {
    return (
      this.st.roomSummaries.all() as Array<{
        code: string;
        host_token_hash: string;
        created: number;
        state_json: string;
        students: number;
        questions: number;
        answers: number;
        challenges: number;
        attempts: number;
        last_active: number;
      }>
    ).map((r) => ({
      code: r.code,
      hostTokenHash: r.host_token_hash,
      created: r.created,
      lastActive: r.last_active,
      state: JSON.parse(r.state_json) as RoomStateJson,
      students: r.students,
      questions: r.questions,
      answers: r.answers,
      challenges: r.challenges,
      attempts: r.attempts,
    }));
  }

  /** Deletes a room and everything it holds, in one transaction; false if there was none. */
  /** Keeps a lesson file of the room's instructor under its reference (once). */
  putLessonFile(room: string, ref: string, file: string): void {
    this.st.putLessonFile.run(room, ref, file);
  }

  /** A lesson file the room keeps, or null. */
  lessonFile(room: string, ref: string): string | null {
    return (this.st.lessonFile.get(room, ref) as string | undefined) ?? null;
  }

  deleteRoom(code: string): boolean {
    return this.transaction(() => {
      for (const st of Object.values(this.st.deleteFrom)) st.run(code);
      return this.st.deleteRoom.run(code).changes > 0;
    });
  }

  touchStudent(room: string, student: string, at: number): void {
    this.st.touchStudent.run(room, student, at, at);
  }

  studentCount(room: string): number {
    return this.st.studentCount.get(room) as number;
  }
}
