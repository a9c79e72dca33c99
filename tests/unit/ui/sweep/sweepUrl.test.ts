// The sweep panel's settings in the URL (src/ui/sweep/urlState.ts) and the placement of the
// published-value labels on sweep plots (src/ui/sweep/labels.ts).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/sim';
import { makeSpec } from '../../../../src/sweep';
import type { Box, LabelMarker } from '../../../../src/ui/sweep/labels';
import { labelWidth, placeLabels } from '../../../../src/ui/sweep/labels';
import {
  readSweepUrl,
  settingsOf,
  stripSweepParams,
  sweepParams,
} from '../../../../src/ui/sweep/urlState';

describe('sweep settings in the URL', () => {
  const LINK =
    'sweep=1&sweep.param=bufferCells:725:2176:725&sweep.policies=tail-drop,ppd,epd&sweep.metrics=efficiency,fairness&sweep.seeds=2&sweep.duration=20';

  it('reads the keys and writes them back unchanged', () => {
    const r = readSweepUrl(`?preset=s0-testbed&${LINK}`);
    expect(r.issues).toEqual([]);
    expect(r.open).toBe(true);
    expect(r.settings).toEqual({
      param: 'bufferCells',
      from: '725',
      to: '2176',
      step: '725',
      seriesKey: 'policy',
      series: ['tail-drop', 'ppd', 'epd'],
      metrics: ['efficiency', 'fairness'],
      seeds: '2',
      duration: '20',
    });
    const s = r.settings as Required<typeof r.settings>;
    expect(sweepParams(true, s)).toBe(`&${LINK}`);
    expect(sweepParams(false, s)).toBe('');
    expect(
      readSweepUrl(sweepParams(true, { ...s, seriesKey: 'tcp', series: ['sack'] })).settings,
    ).toMatchObject({ seriesKey: 'tcp', series: ['sack'] });
  });

  it('strips them before the scenario is parsed (no "unknown parameter")', () => {
    const params = new URLSearchParams(`preset=s0-testbed&${LINK}&sweep.bogus=1`);
    stripSweepParams(params);
    expect(params.toString()).toBe('preset=s0-testbed');
    expect(parseScenario(params.toString()).errors).toEqual([]);
  });

  it.each([
    ['sweep=maybe', 'sweep', /"maybe" is not 1 or 0/],
    ['sweep.param=policy:1:2:1', 'sweep.param', /"policy" is not a numeric scenario key/],
    ['sweep.param=bufferCells:1:x:1', 'sweep.param', /is not key:from:to:step/],
    ['sweep.policies=epd,wred', 'sweep.policies', /"wred" is not one of/],
    ['sweep.metrics=speed', 'sweep.metrics', /"speed" is not one of/],
    ['sweep.seeds=0', 'sweep.seeds', /"0" is not a count/],
    ['sweep.duration=-3', 'sweep.duration', /"-3" is not a duration/],
    ['sweep.colour=red', 'sweep.colour', /unknown sweep setting/],
  ])('%s: a message naming the key, and the setting left out', (q, key, message) => {
    const r = readSweepUrl(q.startsWith('sweep=') ? `?${q}` : `?sweep=1&${q}`);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0].key).toBe(key);
    expect(r.issues[0].message.startsWith(`${key}: `)).toBe(true);
    expect(r.issues[0].message).toMatch(message);
    expect(Object.keys(r.settings)).toEqual([]);
  });

  it('describes a spec: its link reopens the same sweep', () => {
    const spec = makeSpec({
      base: parseScenario('preset=s0-testbed&duration=20').scenario,
      param: 'bufferCells=725:2175:725',
      policies: 'epd,tail-drop',
      seeds: 3,
      metrics: 'clr',
    });
    const again = readSweepUrl(sweepParams(true, settingsOf(spec, 20)));
    expect(again.issues).toEqual([]);
    const s = again.settings as Required<typeof again.settings>;
    const rebuilt = makeSpec({
      base: parseScenario(`preset=s0-testbed&duration=${s.duration}`).scenario,
      param: `${s.param}=${s.from}:${s.to}:${s.step}`,
      policies: s.series.join(','),
      seeds: s.seeds,
      metrics: s.metrics.join(','),
    });
    expect(rebuilt).toEqual(spec);
  });
});

describe('published labels on sweep plots', () => {
  const W = 562;
  const H = 242;
  const overlap = (a: Box, b: Box) =>
    Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

  it('"S0 Fig. 2" at three buffer sizes is written once', () => {
    const markers: LabelMarker[] = [
      { x: 120, y: 30, label: 'S0 Fig. 2' },
      { x: 170, y: 30, label: 'S0 Fig. 2' },
      { x: 330, y: 30, label: 'S0 Fig. 2' },
    ];
    const placed = placeLabels(markers, W, H);
    expect(placed.map((p) => p.label)).toEqual(['S0 Fig. 2']);
    expect(placed[0].box.x1 - placed[0].box.x0).toBe(labelWidth('S0 Fig. 2'));
  });

  it('random markers: no two labels overlap, no label covers a marker, each source once', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rand() * 6);
      const markers: LabelMarker[] = Array.from({ length: n }, () => ({
        x: 20 + rand() * (W - 40),
        y: 20 + rand() * (H - 40),
        label: ['S0 Fig. 2', 'S1 Table 3', 'S0 Table 1', 'S4 Fig. 5'][Math.floor(rand() * 4)],
      }));
      // Crowd some: a second marker right next to the first.
      markers.push({ x: markers[0].x + 4, y: markers[0].y + 3, label: 'S3 Fig. 8' });
      const placed = placeLabels(markers, W, H);
      expect(placed.map((p) => p.label).sort()).toEqual(
        [...new Set(markers.map((m) => m.label))].sort(),
      );
      for (let i = 0; i < placed.length; i++) {
        for (let j = i + 1; j < placed.length; j++)
          expect(overlap(placed[i].box, placed[j].box), `trial ${trial}`).toBe(false);
        for (const m of markers)
          expect(
            overlap(placed[i].box, { x0: m.x - 6, y0: m.y - 6, x1: m.x + 6, y1: m.y + 6 }),
            `trial ${trial}: ${placed[i].label} over a marker`,
          ).toBe(false);
      }
    }
  });
});
