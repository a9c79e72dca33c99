// Zooming the time plots by key: + halves the span around the chosen mark (or the middle), −
// doubles it, 0 and a span past the run's end leave no zoom; the window stays inside [0, end].
import { describe, expect, it } from 'vitest';
import { ZOOM_KEYS, zoomStep } from '../../../../src/ui/views/zoomKeys';

describe('zoomStep', () => {
  it('+ halves the span around the middle, or around the chosen mark in sight', () => {
    expect(zoomStep('in', [0, 8], 10, null)).toEqual([2, 6]);
    expect(zoomStep('in', [0, 8], 10, 5)).toEqual([3, 7]);
    // A chosen mark out of sight: the middle.
    expect(zoomStep('in', [0, 8], 10, 9)).toEqual([2, 6]);
  });
  it('stays inside the run: slid back from 0 and from the end', () => {
    expect(zoomStep('in', [0, 8], 10, 0.5)).toEqual([0, 4]);
    expect(zoomStep('out', [6, 8], 10, null)).toEqual([5, 9]);
    expect(zoomStep('out', [7, 10], 10, 9.5)).toEqual([4, 10]);
  });
  it('− past the run, and 0, leave no zoom; + stops at 1 µs', () => {
    expect(zoomStep('out', [2, 6], 10, null)).toEqual([0, 8]);
    expect(zoomStep('out', [0, 8], 10, null)).toBeNull();
    expect(zoomStep('reset', [2, 3], 10, null)).toBeNull();
    const tiny = zoomStep('in', [1, 1 + 1e-6], 10, null)!;
    expect(tiny[1] - tiny[0]).toBeCloseTo(1e-6, 12);
    // + then − returns to the span it came from.
    expect(zoomStep('out', zoomStep('in', [2, 6], 10, null)!, 10, null)).toEqual([2, 6]);
  });
  it('the keys: + or =, − or -, 0', () => {
    expect(Object.entries(ZOOM_KEYS)).toEqual([
      ['0', 'reset'],
      ['+', 'in'],
      ['=', 'in'],
      ['-', 'out'],
      ['−', 'out'],
    ]);
  });
});
