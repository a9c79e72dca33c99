// The per-VC view's bar labels never overlap: "VC n" under every bar where it fits, else the
// bare number under every k-th bar, each label narrower than the k bars it stands for.
import { describe, expect, it } from 'vitest';
import { barLabels } from '../../../../src/ui/views/perVcView';

describe('per-VC bar labels', () => {
  it('four VCs on a laptop: "VC n" under every bar', () => {
    expect(barLabels(4, 80, 7)).toEqual({ every: 1, short: false });
  });

  it('GFR’s sixteen VCs: numbers only, under every bar or every other one', () => {
    // "15" (2 × 7 px and a 4 px gap) fits a 21.6 px bar; "VC 15" does not.
    expect(barLabels(16, 21.6, 7)).toEqual({ every: 1, short: true });
    // Presenter type (9 px a character) on a narrower panel.
    expect(barLabels(16, 16, 9)).toEqual({ every: 2, short: true });
  });

  it('no label is wider than the bars it stands for, for any count and width', () => {
    for (const n of [1, 2, 4, 6, 16, 40, 200])
      for (const bar of [3, 8, 14, 20, 30, 60, 120])
        for (const charPx of [7, 9]) {
          const { every, short } = barLabels(n, bar, charPx);
          expect(every).toBeGreaterThanOrEqual(1);
          for (let i = 0; i < n; i += every) {
            const px = (short ? String(i) : `VC ${i}`).length * charPx + 4;
            expect(px, `${n} VCs, ${bar} px, VC ${i}`).toBeLessThanOrEqual(every * bar);
          }
        }
  });
});
