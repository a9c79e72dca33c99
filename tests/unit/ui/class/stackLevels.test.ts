import { describe, expect, it } from 'vitest';
import { stackLevels } from '../../../../src/ui/class/Distribution';

// The projector's strip of a scale question: every answer must show as a dot of its own.
describe('stackLevels (the scale question’s dot plot)', () => {
  it('stacks equal answers, leaves distant ones on the axis', () => {
    // Two students at 30 %, one at 20 % (the e2e's answers): three dots, one stacked.
    expect(stackLevels([20, 30, 30], 0, 100)).toEqual([0, 0, 1]);
    expect(stackLevels([0, 50, 100], 0, 100)).toEqual([0, 0, 0]);
    expect(stackLevels([], 0, 100)).toEqual([]);
  });

  it('never lets two dots on one level overlap, whatever the answers (up to the cap)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let t = 0; t < 300; t++) {
      const n = 1 + Math.floor(rnd() * 40);
      const values = Array.from({ length: n }, () => Math.round(rnd() * 100));
      const levels = stackLevels(values, 0, 100);
      expect(levels).toHaveLength(n);
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) {
          if (levels[i] !== levels[j] || levels[i] === 7) continue; // level 7 is the cap's
          expect(Math.abs(values[i] - values[j])).toBeGreaterThanOrEqual(4.5 - 1e-9);
        }
      // A dot is stacked only when it would hide one below: levels are filled from 0.
      const used = new Set(levels);
      for (const l of used) for (let k = 0; k < l; k++) expect(used.has(k)).toBe(true);
    }
  });

  it('clamps answers outside the axis to its ends', () => {
    expect(stackLevels([-5, 0, 105, 100], 0, 100)).toEqual([0, 1, 0, 1]);
  });
});
