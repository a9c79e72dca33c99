// The VC colours stay apart for people with red-green colour blindness, and drop reasons differ
// by shape as well as colour. CVD simulated with Machado et al. (2009) at full severity,
// distance in CIE L*a*b* (tests/helpers/cvd.ts).
import { describe, expect, it } from 'vitest';
import { DROP_REASONS } from '../../../../src/sim';
import { SHAPE_PATHS, reasonStyle, seriesColor } from '../../../../src/ui/views/palette';
import { closestPair, contrastRatio, deltaE } from '../../../helpers/cvd';
import type { Vision } from '../../../helpers/cvd';

/**
 * The least ΔE*ab between any two of the eight series, in every vision. A ΔE*ab of about 2.3 is
 * a just-noticeable difference between two large patches side by side; the marks of a plot are
 * small and seen apart, where about 10 is needed to tell two colours apart at a glance and
 * name them differently (the threshold used for categorical palettes, e.g. Tol's or
 * Petroff's). 15 leaves half as much again for a projector's washed-out colours.
 */
const MIN_DELTA_E = 15;
const VISIONS: Vision[] = ['normal', 'protanopia', 'deuteranopia'];
const BACKGROUND = { light: '#ffffff', dark: '#1c1e24' } as const;
const series = (dark: boolean) => Array.from({ length: 8 }, (_, i) => seriesColor(i, dark));

describe('the colour-blindness simulation', () => {
  it('keeps a grey grey and merges red and green for deuteranopia', () => {
    expect(deltaE('#808080', '#808080', 'deuteranopia')).toBe(0);
    // A pure red and a green of its lightness: far apart to a normal eye, close without M cones.
    expect(deltaE('#d00000', '#5a7a00', 'normal')).toBeGreaterThan(60);
    expect(deltaE('#d00000', '#5a7a00', 'deuteranopia')).toBeLessThan(15);
  });
  it('finds the repeated hues of a palette that repeats (the colours before: VC 7 was VC 0)', () => {
    const before = ['#0072B2', '#C27400', '#009E73', '#C0609A', '#3A8FC7', '#D55E00', '#9A8700'];
    const eight = [...before, before[0]];
    expect(closestPair(eight, 'normal')[0]).toBe(0);
    // Without VC 7 it still fails for red-green vision: orange (VC 1) and vermilion (VC 5).
    expect(closestPair(before, 'deuteranopia')[0]).toBeLessThan(MIN_DELTA_E);
  });
});

describe('the eight VC colours', () => {
  for (const theme of ['light', 'dark'] as const) {
    const colors = series(theme === 'dark');
    it(`${theme}: eight different colours, repeating from the ninth`, () => {
      expect(new Set(colors).size).toBe(8);
      expect(seriesColor(8, theme === 'dark')).toBe(colors[0]);
    });
    for (const vision of VISIONS)
      it(`${theme}, ${vision}: any two at least ${MIN_DELTA_E} ΔE*ab apart`, () => {
        const [d, a, b] = closestPair(colors, vision);
        expect(d, `${a} and ${b}`).toBeGreaterThanOrEqual(MIN_DELTA_E);
      });
    it(`${theme}: each at least 3:1 against the plot background`, () => {
      const ratios = colors.map((c) => contrastRatio(c, BACKGROUND[theme]));
      expect(Math.min(...ratios)).toBeGreaterThanOrEqual(3);
    });
  }
  it('the closest pairs, computed', () => {
    const least = (dark: boolean) =>
      Math.min(...VISIONS.map((v) => closestPair(series(dark), v)[0]));
    expect(least(false)).toBeCloseTo(21.11, 1);
    expect(least(true)).toBeCloseTo(25.93, 1);
  });
});

describe('drop reasons by shape', () => {
  const shape = (name: string) => reasonStyle(DROP_REASONS.indexOf(name)).shape;
  it('each reason has a shape with an outline', () => {
    for (let i = 1; i < DROP_REASONS.length; i++)
      expect(SHAPE_PATHS[reasonStyle(i).shape], DROP_REASONS[i]).toMatch(/^M.* Z$/);
  });
  it('the reasons that can fire in one run never share a shape', () => {
    const port = ['overflow', 'ppd', 'mfs'];
    const runs = [
      [...port, 'epd'],
      [...port, 'selective'],
      [...port, 'fba'],
      [...port, 'fifo-threshold'],
      [...port, 'dfba'],
      [...port, 'eubr'],
      [...port, 'front'],
      [...port, 'clp1-threshold', 'high-threshold', 'per-vc-threshold', 'gfr-nonconforming'],
    ];
    for (const names of runs) {
      for (const n of names) expect(DROP_REASONS, n).toContain(n);
      expect(new Set(names.map(shape)).size, names.join(', ')).toBe(names.length);
    }
  });
});
