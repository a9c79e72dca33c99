import { describe, expect, it } from 'vitest';
import { withPending } from '../../../../src/ui/class/session';

// What a student's phone shows as theirs after a reconnection: the server's record, with the
// answers and attempts it has not acknowledged yet on top.
describe('withPending', () => {
  const mine = {
    answers: [
      { qid: 'cells.rest', round: 1, value: 'used' },
      { qid: 'ubr.eff', round: 1, value: 0.3 },
    ],
    attempts: [{ challengeId: 'c1', value: 900, pass: true }],
  };

  it('keeps the record when nothing is pending', () => {
    expect(withPending(mine, [])).toBe(mine);
  });

  it('shows an answer given while the server was down, not the older stored one', () => {
    const out = withPending(mine, [
      { type: 'answer', qid: 'cells.rest', round: 1, value: 'dead', seq: 7 },
    ]);
    expect(out.answers).toEqual([
      { qid: 'ubr.eff', round: 1, value: 0.3 },
      { qid: 'cells.rest', round: 1, value: 'dead' },
    ]);
    expect(out.attempts).toEqual(mine.attempts);
    // The record itself is not changed.
    expect(mine.answers[0].value).toBe('used');
  });

  it('takes the latest of several pending answers, another round apart, and adds attempts', () => {
    const out = withPending(mine, [
      { type: 'answer', qid: 'cells.rest', round: 1, value: 'dropped', seq: 3 },
      { type: 'answer', qid: 'cells.rest', round: 2, value: 'dead', seq: 4 },
      { type: 'attempt', challengeId: 'c1', value: 850, pass: true, seq: 5 },
      { type: 'answer', qid: 'cells.rest', round: 1, value: 'dead', seq: 6 },
    ]);
    expect(out.answers).toEqual([
      { qid: 'ubr.eff', round: 1, value: 0.3 },
      { qid: 'cells.rest', round: 2, value: 'dead' },
      { qid: 'cells.rest', round: 1, value: 'dead' },
    ]);
    expect(out.attempts).toEqual([
      { challengeId: 'c1', value: 900, pass: true },
      { challengeId: 'c1', value: 850, pass: true },
    ]);
  });
});
