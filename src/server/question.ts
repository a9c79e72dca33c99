/**
 * The question a room is asking: its definition, the current round (vote, discuss, vote
 * again), whether that round is open, what was revealed, and the tally of every round.
 */
import type {
  AnswerValue,
  ErrorCode,
  Question,
  QuestionState,
  Reveal,
  RevealMsg,
  TallyMsg,
} from '../classroom/protocol';
import type { ClassDb } from './db';
import { Tally } from './tally';

export interface RoomError {
  code: ErrorCode;
  message: string;
}

export const err = (code: ErrorCode, message: string): RoomError => ({ code, message });

/** Whether `v` can answer `def` (an option's id, or a number), named `what` in the error. */
export function checkValue(def: Question, v: AnswerValue, what: string): RoomError | null {
  if (def.kind === 'choice') {
    if (typeof v !== 'string' || !def.options.some((o) => o.id === v))
      return err(
        'value',
        `${what} must be one of the options ${def.options.map((o) => `"${o.id}"`).join(', ')}`,
      );
  } else if (typeof v !== 'number') {
    return err('value', `${what} must be a number`);
  }
  return null;
}

/** The error for a message about `qid` when `q` is the question being asked. */
export function notCurrent(q: { qid: string } | null, qid: string): RoomError {
  const now = q ? `"${q.qid}" is` : 'none is';
  return err('no-question', `"${qid}" is not the current question (${now})`);
}

/** What a reveal message shows of `def`, or what is wrong with it. */
export function revealOf(def: Question, m: RevealMsg): { reveal: Reveal } | RoomError {
  const bad =
    checkValue(def, m.answer, 'answer') ??
    (m.instructor !== undefined ? checkValue(def, m.instructor, 'instructor') : null);
  if (bad) return bad;
  const reveal: Reveal = { answer: m.answer };
  if (m.instructor !== undefined) reveal.instructor = m.instructor;
  if (m.measured !== undefined) reveal.measured = m.measured;
  if (m.why !== undefined) reveal.why = m.why;
  return { reveal };
}

export class AskedQuestion {
  def: Question;
  round: number;
  open: boolean;
  revealed: Reveal | null;
  /** When the open round's countdown ends (epoch ms), or null: no countdown. */
  closesAt: number | null;
  /** Tallies of rounds 1..round (index round-1). */
  readonly tallies: Tally[];

  private constructor(
    def: Question,
    round: number,
    open: boolean,
    revealed: Reveal | null,
    closesAt: number | null,
    tallies: Tally[],
  ) {
    this.def = def;
    this.round = round;
    this.open = open;
    this.revealed = revealed;
    this.closesAt = closesAt;
    this.tallies = tallies;
  }

  get qid(): string {
    return this.def.qid;
  }

  /** The question as stored, with every round's tally counted from its answers; or null. */
  static load(db: ClassDb, room: string, qid: string): AskedQuestion | null {
    const rows = db.questionRounds(room, qid);
    if (rows.length === 0) return null;
    const last = rows[rows.length - 1];
    const tallies = rows.map((r) => {
      const t = new Tally(last.def, r.round);
      for (const { value, n } of db.answerCounts(room, qid, r.round)) t.add(value, n);
      return t;
    });
    const open = last.closedAt === null;
    return new AskedQuestion(
      last.def,
      last.round,
      open,
      last.revealed,
      open ? last.closesAt : null,
      tallies,
    );
  }

  /** A student's answer to this question at `now`: a valid value for the round that is open
   * (and whose countdown, if any, has not run out). */
  checkAnswer(round: number, value: AnswerValue, now = Date.now()): RoomError | null {
    const bad = checkValue(this.def, value, 'value');
    if (bad) return bad;
    const d = this.def;
    if (d.kind === 'scale' && ((value as number) < d.min || (value as number) > d.max))
      return err('value', `value must be within ${d.min}..${d.max}`);
    if (round !== this.round || !this.open)
      return err(
        'closed',
        `round ${round} of "${this.qid}" is not open (round ${this.round} is ${this.open ? 'open' : 'closed'})`,
      );
    if (this.closesAt !== null && now >= this.closesAt)
      return err('closed', `round ${round} of "${this.qid}" is closed: its time ran out`);
    return null;
  }

  /** Opens the next round at `at` (in memory; the caller stored it). */
  nextRound(at: number): void {
    this.round += 1;
    this.open = true;
    this.revealed = null;
    this.closesAt = this.def.seconds === undefined ? null : at + this.def.seconds * 1000;
    this.tallies.push(new Tally(this.def, this.round));
  }

  /** The question as the pages see it at `now` (an open round's countdown as time left). */
  state(now = Date.now()): QuestionState {
    return {
      ...this.def,
      round: this.round,
      open: this.open,
      ...(this.revealed ? { revealed: this.revealed } : {}),
      ...(this.open && this.closesAt !== null
        ? { closesIn: Math.max(0, Math.round(this.closesAt - now)) }
        : {}),
    };
  }

  /** The projector's live distribution of the current round, with the earlier rounds'. */
  tally(students: number): TallyMsg {
    return {
      type: 'tally',
      qid: this.qid,
      ...this.tallies[this.round - 1].toJson(),
      students,
      rounds: this.tallies.slice(0, this.round - 1).map((t) => t.toJson()),
    };
  }
}
