/**
 * S3: Puangpronpitag, Kara, Djemame, "A Performance Evaluation of Buffer Management and
 * Scheduling for ATM-GFR Using TCP", §5.1 / Fig. 3: with half the VCs tagged, two-threshold
 * buffer management keeps the CLP0 cell loss below plain UBR's. Checked at K = 4800 cells, the
 * large end of S3's range (at K = 2400 this model shows no clear difference; see the notes).
 * With F-GCRA network tagging (§3.2) the untagged stream is protected entirely.
 *
 * S4: Kim & Kim, "An Enhanced UBR+ (EUBR+) scheme", Fig. 6–7: EUBR+ loses fewer cells than
 * UBR+ and EPD.
 */
import { describe, expect, it } from 'vitest';
import { meanOverSeeds } from './helpers';

describe('S3: CLP0 protection by two thresholds', () => {
  it('K = 4800, 10 sources, half tagged: CLP0 loss under two-threshold is below tail drop', () => {
    const q = (p: string) => `?preset=s3-gfr-lan-${p}&sources=10&bufferCells=4800`;
    const tail = meanOverSeeds(q('tail-drop'), [1, 2, 3]);
    const two = meanOverSeeds(q('two-threshold'), [1, 2, 3]);
    expect(two.clrClp0).toBeLessThan(tail.clrClp0);
    // Tagged traffic pays instead.
    expect(two.clrClp1).toBeGreaterThan(tail.clrClp1);
  });

  it('with F-GCRA tagging at the switch, the CLP0 stream loses no cell', () => {
    const r = meanOverSeeds('?preset=s3-gfr-fgcra', [1, 2]);
    expect(r.clrClp0).toBe(0);
    expect(r.clrClp1).toBeGreaterThan(0);
  });
});

describe('S4: EUBR+', () => {
  it('loses fewer cells than EPD and UBR+ (Selective Drop)', () => {
    const eubr = meanOverSeeds('?preset=s4-eubr', [1, 2]);
    const epd = meanOverSeeds('?preset=s4-epd', [1, 2]);
    const ubrPlus = meanOverSeeds('?preset=s4-ubr-plus', [1, 2]);
    expect(eubr.clr).toBeLessThan(epd.clr);
    expect(eubr.clr).toBeLessThan(ubrPlus.clr);
  });
});
