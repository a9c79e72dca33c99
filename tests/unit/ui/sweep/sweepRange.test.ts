// The sweep panel's starting range (src/ui/sweep/range.ts): half to twice the base value in
// round steps of 1, 2 or 5 × 10^k (d3's tickStep), inside the schema's range, for every
// sweepable key of every preset.
import { describe, expect, it } from 'vitest';
import type { NumberParam } from '../../../../src/sim';
import { PRESETS, SCHEMA, defaultScenario, parseScenario } from '../../../../src/sim';
import { SWEEPABLE_KEYS, parseRange } from '../../../../src/sweep';
import { defaultRange } from '../../../../src/ui/sweep/range';

describe('defaultRange', () => {
  it('gives round steps over half to twice the base value', () => {
    const s0 = parseScenario('preset=s0-testbed').scenario;
    expect(s0.bufferCells).toBe(1088);
    // 544 … 2176 in about six steps: 272 rounds to 200.
    expect(defaultRange('bufferCells', s0)).toEqual({ from: '600', to: '2000', step: '200' });
    expect(defaultRange('linkMbps', defaultScenario())).toEqual({
      from: '20',
      to: '70',
      step: '10',
    });
  });

  it('is a valid range of round steps for every sweepable key of every preset', () => {
    const bases = [
      defaultScenario(),
      ...PRESETS.map((p) => parseScenario(`preset=${p.name}`).scenario),
    ];
    for (const base of bases)
      for (const key of SWEEPABLE_KEYS) {
        const d = SCHEMA[key] as NumberParam;
        const r = defaultRange(key, base);
        const [from, to, step] = [Number(r.from), Number(r.to), Number(r.step)];
        const where = `${key}: ${JSON.stringify(r)}`;
        expect(from, where).toBeGreaterThanOrEqual(d.min);
        expect(to, where).toBeLessThanOrEqual(d.max);
        expect(from, where).toBeLessThanOrEqual(to);
        const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
        if (step !== d.step) expect([1, 2, 5], where).toContain(Number(mantissa.toFixed(9)));
        // The sweep core accepts it as is.
        expect(() => parseRange(`${key}=${r.from}:${r.to}:${r.step}`), where).not.toThrow();
      }
  });
});
