import { describe, expect, it } from 'vitest';
import { attemptRows } from '../../../../src/ui/class/hostBoard';
import { pushSpeed } from '../../../../src/ui/class/pushItem';
import { initialScale } from '../../../../src/ui/class/StudentPanel';

// Small rules of a live class on the phone and the projector: where a slider starts on "vote
// again", the speed of a pushed challenge, the passed and failed rows of a challenge's tally.
describe('initialScale', () => {
  const q = { kind: 'scale', min: 0, max: 1 };
  it('starts a new round at the answer of the round before', () => {
    expect(initialScale(q, undefined, 0.2, 0.5)).toBe(0.2);
  });
  it('keeps the answer of this round first, then the lesson’s start, then the middle', () => {
    expect(initialScale(q, 0.7, 0.2, 0.5)).toBe(0.7);
    expect(initialScale(q, undefined, undefined, 0.5)).toBe(0.5);
    expect(initialScale(q, undefined, undefined, undefined)).toBe(0.5);
    expect(initialScale({ kind: 'scale', min: 10, max: 30 }, undefined, undefined, undefined)).toBe(
      20,
    );
  });
});

describe('pushSpeed', () => {
  const challenge = {
    kind: 'challenge' as const,
    title: 'C',
    query: 'preset=s0-testbed&challenge=N4Ig',
    challenge: { id: 'c', metric: 'efficiency', better: 'higher' as const },
  };
  it('plays a pushed challenge at Max unless its link names a speed', () => {
    expect(pushSpeed(challenge, 1)).toBe(Infinity);
    expect(pushSpeed({ ...challenge, query: `${challenge.query}&speed=0.5` }, 0.5)).toBe(0.5);
  });
  it('plays a scenario at its link’s speed', () => {
    expect(pushSpeed({ kind: 'scenario', title: 'S', query: 'preset=s0-testbed' }, 1)).toBe(1);
  });
});

describe('attemptRows', () => {
  it('draws every attempt: a passed and a failed row, each value as often as it was tried', () => {
    const rows = attemptRows([
      [400, 0, 2],
      [500, 1, 1],
      [600, 3, 0],
    ]);
    expect(rows.map((r) => [r.label, r.tone, r.values])).toEqual([
      ['passed', 'pass', [500, 600, 600, 600]],
      ['failed', 'fail', [400, 400, 500]],
    ]);
  });
  it('leaves out a row with no attempt', () => {
    expect(attemptRows([[900, 3, 0]]).map((r) => r.tone)).toEqual(['pass']);
    expect(attemptRows([])).toEqual([]);
  });
});
