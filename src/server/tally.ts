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

/**
 * A challenge's attempts: who tried, each passing student's best value, how many attempts in
 * all, and every attempt's value with how many passed and failed there (failures count too).
 * Memory grows with the students and the distinct values, never with the attempts.
 */
export class AttemptTally {
  readonly challengeId: string;
  private readonly best = new Map<string, number>();
  private readonly tried = new Set<string>();
  private readonly values = new Map<number, [number, number]>();
  private tries = 0;

  constructor(challengeId: string) {
    this.challengeId = challengeId;
  }

  /** A student's row (who tried, their best if they passed). */
  set(student: string, best: number | null): void {
    this.tried.add(student);
    if (best !== null) this.best.set(student, best);
  }

  /** `n` attempts of `value` that passed (or failed). */
  add(value: number, pass: boolean, n = 1): void {
    const c = this.values.get(value) ?? [0, 0];
    c[pass ? 0 : 1] += n;
    this.values.set(value, c);
    this.tries += n;
  }

  toJson(): {
    challengeId: string;
    attempted: number;
    passed: number;
    best: number[];
    tries: number;
    values: Array<[number, number, number]>;
  } {
    return {
      challengeId: this.challengeId,
      attempted: this.tried.size,
      passed: this.best.size,
      best: [...this.best.values()].sort((a, b) => a - b),
      tries: this.tries,
      values: [...this.values.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([v, [p, f]]) => [v, p, f]),
    };
  }
}
