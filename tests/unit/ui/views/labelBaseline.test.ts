import { describe, expect, it } from 'vitest';
import { labelBaseline } from '../../../../src/ui/views/draw';

// A threshold's label: above its line, below it at the plot's top, and never over another's.
describe('labelBaseline', () => {
  it('puts a label above its line, or below it at the plot’s top', () => {
    expect(labelBaseline(100, [])).toBe(97);
    expect(labelBaseline(8, [])).toBe(20);
  });

  it('moves a label under its line when above it would overlap a label drawn before', () => {
    // K = 900 at the top (its label below its line), EPD's R = 809 19 px lower.
    const placed: number[] = [];
    expect(labelBaseline(8, placed)).toBe(20);
    expect(labelBaseline(27, placed)).toBe(39);
    expect(placed).toEqual([20, 39]);
  });

  it('keeps every pair of labels at least a label apart when it can', () => {
    for (let gap = 4; gap < 60; gap++) {
      const placed: number[] = [];
      labelBaseline(50, placed);
      labelBaseline(50 + gap, placed);
      // Two lines 4 px or more apart always have a free side for the second label.
      expect(Math.abs(placed[1] - placed[0]), `gap ${gap}`).toBeGreaterThanOrEqual(16);
    }
  });
});
