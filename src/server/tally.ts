/**
 * A round's distribution kept in memory: counts per option (a choice question) or a count per
 * distinct value (a scale question). Only these counts stay in RAM; the answers themselves are
 * in the database, so memory grows with the number of distinct values, never with history.
 */
import type { AnswerValue, Question, RoundTally } from '../classroom/protocol';

export class Tally {
  readonly round: number;
  private readonly kind: Question['kind'];
  private readonly counts = new Map<string | number, number>();
  answered = 0;

  constructor(q: Question, round: number) {
    this.kind = q.kind;
    this.round = round;
    if (q.kind === 'choice') for (const o of q.options) this.counts.set(o.id, 0);
  }

  /** Adds `n` answers of `value` (n < 0 removes them). */
  add(value: AnswerValue, n = 1): void {
    const c = (this.counts.get(value) ?? 0) + n;
    if (c <= 0 && !(this.kind === 'choice' && typeof value === 'string')) this.counts.delete(value);
    else this.counts.set(value, Math.max(0, c));
    this.answered += n;
  }

  /** One student's answer replaced by another (old undefined: a first answer). */
  replace(old: AnswerValue | undefined, value: AnswerValue): void {
    if (old !== undefined) {
      if (old === value) return;
      this.add(old, -1);
    }
    this.add(value, 1);
  }

  toJson(): RoundTally {
    if (this.kind === 'choice') {
      const counts: Record<string, number> = {};
      for (const [k, v] of this.counts) counts[String(k)] = v;
      return { round: this.round, answered: this.answered, counts };
    }
    const values: number[] = [];
    for (const [k, v] of this.counts) for (let i = 0; i < v; i++) values.push(k as number);
    values.sort((a, b) => a - b);
    return { round: this.round, answered: this.answered, values };
  }
}

/** The best values of the students who passed a challenge, and how many tried. */
export class AttemptTally {
  readonly challengeId: string;
  private readonly best = new Map<string, number>();
  private readonly tried = new Set<string>();

  constructor(challengeId: string) {
    this.challengeId = challengeId;
  }

  set(student: string, best: number | null): void {
    this.tried.add(student);
    if (best !== null) this.best.set(student, best);
  }

  toJson(): { challengeId: string; attempted: number; passed: number; best: number[] } {
    return {
      challengeId: this.challengeId,
      attempted: this.tried.size,
      passed: this.best.size,
      best: [...this.best.values()].sort((a, b) => a - b),
    };
  }
}
