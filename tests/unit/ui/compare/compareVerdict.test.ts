import { describe, expect, it } from 'vitest';
import { METRICS, METRIC_KEYS } from '../../../../src/sim';
import { diffRows, formatDiff } from '../../../../src/ui/compare/CompareDiff';
import { METRIC_INFO, verdictOf } from '../../../../src/ui/metricInfo';

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

  it("writes the difference in the metric's own unit: percentage points, Mbit/s, s, a count", () => {
    const fmt = (key: string) => METRIC_INFO.find((m) => m.key === key)!.format;
    // Efficiency 56.04 % (A) and 93.67 % (B): 37.63 percentage points apart.
    expect(formatDiff(0.93672 - 0.56043, fmt('efficiency'))).toBe('+37.63 pp');
    expect(formatDiff(0.5 - 0.75, fmt('clr'))).toBe('−25.00 pp');
    expect(formatDiff(12.6, fmt('goodputMbps'))).toBe('+12.60 Mbit/s');
    expect(formatDiff(-1.5, fmt('deadlockSecondsMean'))).toBe('−1.50 s');
    expect(formatDiff(-42, fmt('timeouts'))).toBe('−42');
    expect(formatDiff(0.0123, fmt('fairness'))).toBe('+0.012');
    expect(formatDiff(0, fmt('efficiency'))).toBe('=');
    expect(formatDiff(NaN, fmt('efficiency'))).toBe('–');
    // A connection's goodput row, as the table builds it.
    const conn = diffRows(['goodput:0'])[0].row;
    expect(formatDiff(3.25, conn.format)).toBe('+3.25 Mbit/s');
  });

  it('every row of the table writes its B − A in the unit of its A and B', () => {
    for (const { row } of diffRows(['goodput:1'])) {
      const a = row.format(0.25);
      const d = formatDiff(0.25, row.format);
      const unit = a.replace(/^[\d.]+ ?/, '');
      expect(d, row.key).toBe(`+${unit === '%' ? '25.00 pp' : a}`);
    }
  });
});

describe('B − A within the run-to-run noise is grey', () => {
  it('every metric has its noise in the model’s table, beside its definition', () => {
    for (const k of METRIC_KEYS) {
      const n = METRICS[k].noise;
      expect(n.abs >= 0 && n.rel >= 0 && n.rel < 1, k).toBe(true);
    }
    // Seed-independent: the goodput ceiling is the link's.
    expect(METRICS.goodputCeilingMbps.noise).toEqual({ abs: 0, rel: 0 });
    expect(METRICS.efficiency.noise.abs).toBe(0.02);
  });

  it('colours a difference only beyond the noise, in either direction', () => {
    const eff = METRICS.efficiency.noise;
    // A 0.02 % efficiency difference (EUBR+ against UBR+): noise, not "B worse".
    expect(verdictOf('higher', 0.9982, 0.998, eff)).toBe('noise');
    expect(verdictOf('higher', 0.9, 0.919, eff)).toBe('noise');
    expect(verdictOf('higher', 0.9, 0.921, eff)).toBe('better');
    expect(verdictOf('higher', 0.933, 0.563, eff)).toBe('worse');
    // Relative noise: 7 % of the larger count, at least 2.
    const to = METRICS.timeouts.noise;
    expect(verdictOf('lower', 103, 98, to)).toBe('noise');
    expect(verdictOf('lower', 103, 3, to)).toBe('better');
    expect(verdictOf('lower', 1, 3, to)).toBe('noise');
    expect(verdictOf('lower', 1, 4, to)).toBe('worse');
    // GFR: no untagged cell lost (A) against plain UBR's 0.3 % (B).
    expect(verdictOf('lower', 0, 0.003, METRICS.clrClp0.noise)).toBe('worse');
    // Equal stays "same"; no direction stays neutral.
    expect(verdictOf('higher', 0.5, 0.5, eff)).toBe('same');
    expect(verdictOf(null, 1, 50, METRICS.fastRetransmits.noise)).toBe('neutral');
  });

  it('puts a step’s rows first, per-connection goodput included, the headline after', () => {
    const rows = diffRows(['clrClp0', 'clrClp1', 'nope', 'goodput:2']);
    expect(rows.slice(0, 3).map((r) => [r.row.key, r.first, r.shown])).toEqual([
      ['clrClp0', true, true],
      ['clrClp1', true, true],
      ['goodput:2', true, true],
    ]);
    expect(rows[2].row.label).toBe('TCP 3 goodput');
    expect(rows.filter((r) => r.shown).map((r) => r.row.key)).toEqual([
      'clrClp0',
      'clrClp1',
      'goodput:2',
      'efficiency',
      'fairness',
      'goodputMbps',
      'deadCellRatio',
      'idleCellRatio',
      'timeouts',
    ]);
    // Without a step: the headline only, in the table's order; each metric once.
    expect(
      diffRows(null)
        .filter((r) => r.shown)
        .map((r) => r.row.key)[0],
    ).toBe('efficiency');
    expect(new Set(diffRows(['efficiency']).map((r) => r.row.key)).size).toBe(
      diffRows(null).length,
    );
  });
});
