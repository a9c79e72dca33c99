import { describe, expect, it } from 'vitest';
import { formatDiff } from '../../src/ui/compare/CompareDiff';
import { METRIC_INFO, verdictOf } from '../../src/ui/metricInfo';

const better = (key: string) => METRIC_INFO.find((m) => m.key === key)!.better;

describe("Compare's B − A says good or bad, not up or down", () => {
  it('each metric has its direction: higher efficiency, fairness, goodput; lower losses, timeouts, dead cells', () => {
    for (const k of ['efficiency', 'fairness', 'goodputMbps', 'weightedFairness'])
      expect(better(k), k).toBe('higher');
    for (const k of [
      'clr',
      'clrClp0',
      'fer',
      'deadCellRatio',
      'idleCellRatio',
      'prr',
      'timeouts',
      'deadlockSecondsMean',
      'receiveGaps',
      'bufferEmptyEpisodes',
      'maxRtoSampledSeconds',
    ])
      expect(better(k), k).toBe('lower');
    // Neither: GFR drops tagged cells first on purpose; more fast retransmits can mean more
    // losses or fewer timeouts.
    expect(better('clrClp1')).toBeNull();
    expect(better('fastRetransmits')).toBeNull();
  });

  it('B higher is better for a higher-is-better metric and worse for a lower-is-better one', () => {
    expect(verdictOf('higher', 0.6, 0.9)).toBe('better');
    expect(verdictOf('higher', 0.9, 0.6)).toBe('worse');
    expect(verdictOf('lower', 0.01, 0.02)).toBe('worse');
    expect(verdictOf('lower', 12, 3)).toBe('better');
    expect(verdictOf(null, 3, 12)).toBe('neutral');
    expect(verdictOf('lower', 5, 5)).toBe('same');
    expect(verdictOf('higher', NaN, 1)).toBe('none');
    // EPD (A) against plain UBR (B) as S0 reports it: B's efficiency lower (worse), its dead
    // cells higher (worse): both red, though one difference is negative and one positive.
    expect(verdictOf(better('efficiency'), 0.9, 0.6)).toBe('worse');
    expect(verdictOf(better('deadCellRatio'), 0.001, 0.2)).toBe('worse');
  });

  it('formats the difference signed, to three significant figures', () => {
    expect(formatDiff(0.123456)).toBe('+0.123');
    expect(formatDiff(-42)).toBe('-42');
    expect(formatDiff(0)).toBe('=');
    expect(formatDiff(NaN)).toBe('–');
  });
});
