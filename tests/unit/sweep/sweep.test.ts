// The sweep core (src/sweep) and `npm run sweep` (src/cli/sweep.ts): range parsing, point
// enumeration, aggregation, the JSON and CSV formats, shards and their merge, published
// points, and the CLI on tiny sweeps (short durations).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import pkg from '../../../package.json';
import type { Scenario } from '../../../src/sim';
import { parseScenario, runScenario, toQuery } from '../../../src/sim';
import type { PointResult, SweepResult, SweepSpec } from '../../../src/sweep';
import { APP_COMMIT } from '../../../src/version';
import {
  METRIC_KEYS,
  SweepError,
  aggregate,
  enumeratePoints,
  makeResult,
  makeSpec,
  mergeResults,
  parseCsv,
  parseJson,
  parseMetrics,
  parseRange,
  parseResult,
  parseSeeds,
  parseSeries,
  presetOf,
  parseShard,
  pointScenario,
  runPoint,
  runPool,
  shardPoints,
  stats,
  toCsv,
  toJson,
} from '../../../src/sweep';
import { PUBLISHED, matchPublished } from '../../../src/reproduce/published';

const scenario = (q: string): Scenario => {
  const { scenario: s, errors } = parseScenario(q);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  return s;
};

/** The SweepError thrown by f (fails if none). */
function sweepError(f: () => unknown): SweepError {
  try {
    f();
  } catch (e) {
    if (e instanceof SweepError) return e;
    throw e;
  }
  throw new Error('expected a SweepError');
}

describe('parseRange', () => {
  it('enumerates from:to:step inclusive, exactly, and lists as given', () => {
    expect(parseRange('bufferCells=500:3000:250')).toEqual({
      key: 'bufferCells',
      values: [500, 750, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000],
    });
    // No floating-point residue: 0.1 + 2·0.1 is 0.3, not 0.30000000000000004.
    expect(parseRange('sdR=0.1:0.3:0.1').values).toEqual([0.1, 0.2, 0.3]);
    expect(parseRange('epdB=0:2:0.5').values).toEqual([0, 0.5, 1, 1.5, 2]);
    // `to` not on the grid: stop below it.
    expect(parseRange('bufferCells=725:2000:725').values).toEqual([725, 1450]);
    expect(parseRange('bufferCells=1088:1088:1').values).toEqual([1088]);
    expect(parseRange(' rttMs = 30, 0.03 ,570').values).toEqual([30, 0.03, 570]);
    expect(parseRange('bufferCells=1:200:1').values).toHaveLength(200);
  });

  it.each([
    ['bufferCells', /^param: expected key=from:to:step/, 'param'],
    ['frob=1:2:1', /^frob: unknown parameter; numeric keys: sources, /, 'frob'],
    ['policy=1:2:1', /^policy: not a numeric parameter \(it is one of tail-drop/, 'policy'],
    ['keepEom=0:1:1', /^keepEom: not a numeric parameter/, 'keepEom'],
    ['seed=1:5:1', /^seed: not swept as a parameter; give the seeds with --seeds/, 'seed'],
    ['bufferCells=500:3000:0', /^bufferCells: step must be > 0/, 'bufferCells'],
    ['bufferCells=500:3000:-250', /^bufferCells: step must be > 0/, 'bufferCells'],
    ['bufferCells=3000:500:250', /^bufferCells: from \(3000\) is above to \(500\)/, 'bufferCells'],
    ['bufferCells=1:201:1', /^bufferCells: 1:201:1 gives 201 values; at most 200/, 'bufferCells'],
    [
      'bufferCells=0:1000:500',
      /^bufferCells: "0" is not an integer from 1 to 600000 cells/,
      'bufferCells',
    ],
    ['bufferCells=500:502:0.5', /^bufferCells: "500.5" is not an integer/, 'bufferCells'],
    ['sdR=0.5:1.5:0.5', /^sdR: "1.5" is not a number from 0 to 1/, 'sdR'],
    ['bufferCells=500:x:250', /^bufferCells: to "x" is not a number/, 'bufferCells'],
    ['bufferCells=500:1000', /^bufferCells: expected from:to:step/, 'bufferCells'],
    ['bufferCells=500,,700', /^bufferCells: value "" is not a number/, 'bufferCells'],
    ['bufferCells=500,700,500', /^bufferCells: value 500 is given more than once/, 'bufferCells'],
  ])('%s → an error naming the key', (spec, message, key) => {
    const e = sweepError(() => parseRange(spec));
    expect(e.message).toMatch(message);
    expect(e.key).toBe(key);
  });
});

describe('series, seeds, metrics and shards', () => {
  it('parse and reject with the option named', () => {
    expect(parseSeries('policy', 'tail-drop, ppd,epd')).toEqual({
      key: 'policy',
      values: ['tail-drop', 'ppd', 'epd'],
    });
    expect(parseSeries('tcp', 'reno,newreno').values).toEqual(['reno', 'newreno']);
    expect(sweepError(() => parseSeries('policy', 'epd,wred')).message).toMatch(
      /^policies: "wred" is not one of tail-drop, ppd, epd/,
    );
    expect(sweepError(() => parseSeries('tcp', 'cubic')).message).toMatch(/^variants: "cubic"/);
    expect(sweepError(() => parseSeries('policy', 'epd,epd')).message).toMatch(/more than once/);
    expect(sweepError(() => parseSeries('policy', ' , ')).message).toMatch(/^policies: give/);

    expect(parseSeeds('3')).toEqual([1, 2, 3]);
    expect(parseSeeds('3', 10)).toEqual([10, 11, 12]);
    expect(parseSeeds('7,3,9')).toEqual([7, 3, 9]);
    expect(parseSeeds('7,')).toEqual([7]);
    for (const bad of ['0', '-1', '1.5', 'x', '', '1001', '1,1', '1,x'])
      expect(sweepError(() => parseSeeds(bad)).key).toBe('seeds');

    expect(parseMetrics('efficiency,clr,timeouts')).toEqual(['efficiency', 'clr', 'timeouts']);
    expect(sweepError(() => parseMetrics('efficiency,perConnection')).message).toMatch(
      /^metrics: "perConnection" is not one of efficiency, fairness/,
    );

    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/2', '3/2', '1/0', '1-2', 'a/b'])
      expect(sweepError(() => parseShard(bad)).message).toMatch(/^shard: /);
  });

  it('METRIC_KEYS are exactly the numeric fields of a run’s Metrics', () => {
    const m = runScenario(scenario('duration=0.05')).metrics as unknown as Record<string, unknown>;
    const numeric = Object.keys(m).filter((k) => typeof m[k] === 'number');
    expect([...METRIC_KEYS].sort()).toEqual(numeric.sort());
  });
});

describe('points', () => {
  const spec = makeSpec({
    base: scenario('preset=s0-testbed&duration=0.2'),
    preset: 's0-testbed',
    param: 'bufferCells=725:2175:725',
    policies: 'tail-drop,epd',
    seeds: 2,
  });

  it('enumerates param value × series × seed with consecutive indices', () => {
    expect(spec.seeds).toEqual([1, 2]);
    expect(spec.metrics).toEqual(['efficiency', 'fairness']);
    const pts = enumeratePoints(spec);
    expect(pts).toHaveLength(12);
    expect(pts.slice(0, 5)).toEqual([
      { index: 0, value: 725, series: 'tail-drop', seed: 1 },
      { index: 1, value: 725, series: 'tail-drop', seed: 2 },
      { index: 2, value: 725, series: 'epd', seed: 1 },
      { index: 3, value: 725, series: 'epd', seed: 2 },
      { index: 4, value: 1450, series: 'tail-drop', seed: 1 },
    ]);
    expect(pts.map((p) => p.index)).toEqual([...Array(12).keys()]);
  });

  it('shard i/n takes index % n == i − 1: disjoint, covering, deterministic', () => {
    const pts = enumeratePoints(spec);
    const shards = [1, 2, 3, 4, 5].map((i) => shardPoints(pts, { index: i, count: 5 }));
    expect(shards[1].map((p) => p.index)).toEqual([1, 6, 11]);
    const all = shards.flat().map((p) => p.index);
    expect(all.sort((a, b) => a - b)).toEqual(pts.map((p) => p.index));
    expect(shardPoints(pts, null)).toBe(pts);
  });

  it('a point is runScenario of the base with param, series and seed overridden', () => {
    const s = pointScenario(spec, { value: 1450, series: 'epd', seed: 2 });
    expect(s).toEqual({
      ...scenario('preset=s0-testbed&duration=0.2'),
      bufferCells: 1450,
      seed: 2,
    });
    const r = runPoint(spec, { index: 7, value: 1450, series: 'epd', seed: 2 });
    const direct = runScenario(s).metrics;
    expect(r).toEqual({
      index: 7,
      value: 1450,
      series: 'epd',
      seed: 2,
      metrics: { efficiency: direct.efficiency, fairness: direct.fairness },
    });
  });

  it('checks every combination before running: an inconsistent one names its key', () => {
    const e = sweepError(() =>
      makeSpec({ base: scenario('epdThreshold=800'), param: 'bufferCells=500:1000:500' }),
    );
    expect(e.key).toBe('epdThreshold');
    expect(e.message).toMatch(
      /epdThreshold: 800 cells exceeds bufferCells \(500\).*bufferCells=500/,
    );
    expect(
      sweepError(() =>
        makeSpec({ base: scenario(''), param: 'sources=1:2:1', policies: 'epd', variants: 'reno' }),
      ).message,
    ).toMatch(/not both/);
    expect(
      sweepError(() =>
        makeSpec({ base: scenario(''), param: 'bufferCells=1:200:1', seeds: 101, policies: 'epd' }),
      ).message,
    ).toMatch(/^bufferCells: 200 values × 1 series × 101 seeds = 20200 runs; at most 20000/);
  });
});

describe('the preset a sweep records', () => {
  it('is the preset the base equals, apart from seed and duration', () => {
    expect(presetOf(scenario('preset=s1-lan-sd&duration=3&seed=9'), ['bufferCells'])).toBe(
      's1-lan-sd',
    );
    // The app keeps the full query in its URL, not preset=NAME: same answer.
    const full = toQuery(scenario('preset=s1-lan-sd&duration=3'));
    expect(full).not.toContain('preset');
    expect(presetOf(scenario(full), ['bufferCells'])).toBe('s1-lan-sd');
  });

  it('ignores the swept key only when no preset matches exactly', () => {
    // s1-lan-sd with another buffer: still a bufferCells sweep of s1-lan-sd.
    expect(presetOf(scenario('preset=s1-lan-sd&bufferCells=700'), ['bufferCells'])).toBe(
      's1-lan-sd',
    );
    // The exact match wins over an earlier preset of the same family.
    expect(presetOf(scenario('preset=s1-lan-fba'), ['bufferCells', 'policy'])).toBe('s1-lan-fba');
    // The app's default scenario is no preset, under any policy and buffer a sweep starts from
    // (it differs from s0-plain-ubr only in its policy, which a sweep does not ignore).
    for (const q of ['', 'policy=epd', 'duration=5', 'bufferCells=2000'])
      expect(makeSpec({ base: scenario(q), param: 'bufferCells=725' }).preset, q).toBeNull();
    // A key that is neither swept nor a series: no longer that preset.
    expect(presetOf(scenario('preset=s1-lan-sd&sdZ=0.5'), ['bufferCells'])).toBeNull();
    expect(presetOf(scenario(''), ['bufferCells'])).toBeNull();
  });

  it('is what makeSpec records unless it is given one', () => {
    const input = { base: scenario('preset=s0-testbed&duration=0.2'), param: 'bufferCells=725' };
    expect(makeSpec(input).preset).toBe('s0-testbed');
    expect(makeSpec({ ...input, preset: null }).preset).toBeNull();
  });
});

/** A spec with made-up points (no runs): 2 values × 2 series × 3 seeds. */
function handMade(): { spec: SweepSpec; points: PointResult[] } {
  const spec: SweepSpec = {
    base: 'v=1',
    preset: null,
    param: { key: 'bufferCells', values: [1000, 2000] },
    series: { key: 'policy', values: ['tail-drop', 'epd'] },
    seeds: [1, 2, 3],
    metrics: ['efficiency', 'timeouts'],
  };
  // Values exact in binary, so the statistics are exact too.
  const eff = [0.5, 0.25, 0.75, 1, 1, 1, 0.125, 0.375, 0.625, 0.5, 0.5, 0.875];
  const tos = [2, 4, 6, 0, 0, 0, 10, 11, 12, 1, 2, 6];
  const points = enumeratePoints(spec).map((p, i) => ({
    ...p,
    metrics: { efficiency: eff[i], timeouts: tos[i] },
  }));
  return { spec, points };
}

describe('aggregation', () => {
  it('mean, min, max and sample sd are exact on hand-made numbers', () => {
    expect(stats([0.5, 0.25, 0.75])).toEqual({ mean: 0.5, min: 0.25, max: 0.75, sd: 0.25 });
    expect(stats([2, 4, 6])).toEqual({ mean: 4, min: 2, max: 6, sd: 2 });
    expect(stats([7])).toEqual({ mean: 7, min: 7, max: 7, sd: 0 });
    // [1, 2, 6]: mean 3, Σ(x − 3)² = 14, sd = √(14 / 2) = √7.
    expect(stats([1, 2, 6])).toEqual({ mean: 3, min: 1, max: 6, sd: Math.sqrt(7) });
  });

  it('groups by (value, series) over seeds, in value then series order', () => {
    const { spec, points } = handMade();
    // Shuffled input gives the same result (sorted by point index first).
    const rows = aggregate(spec, [...points].reverse());
    expect(rows).toEqual([
      {
        value: 1000,
        series: 'tail-drop',
        n: 3,
        metrics: {
          efficiency: { mean: 0.5, min: 0.25, max: 0.75, sd: 0.25 },
          timeouts: { mean: 4, min: 2, max: 6, sd: 2 },
        },
      },
      {
        value: 1000,
        series: 'epd',
        n: 3,
        metrics: {
          efficiency: { mean: 1, min: 1, max: 1, sd: 0 },
          timeouts: { mean: 0, min: 0, max: 0, sd: 0 },
        },
      },
      {
        value: 2000,
        series: 'tail-drop',
        n: 3,
        metrics: {
          efficiency: { mean: 0.375, min: 0.125, max: 0.625, sd: 0.25 },
          timeouts: { mean: 11, min: 10, max: 12, sd: 1 },
        },
      },
      {
        value: 2000,
        series: 'epd',
        n: 3,
        metrics: {
          efficiency: { mean: 0.625, min: 0.5, max: 0.875, sd: Math.sqrt(0.046875) },
          timeouts: { mean: 3, min: 1, max: 6, sd: Math.sqrt(7) },
        },
      },
    ]);
    // A partial set (a running sweep) aggregates what is there.
    const partial = aggregate(spec, points.slice(0, 4));
    expect(partial.map((r) => [r.value, r.series, r.n])).toEqual([
      [1000, 'tail-drop', 3],
      [1000, 'epd', 1],
    ]);
  });

  it('a result has a summary only when every point is present', () => {
    const { spec, points } = handMade();
    const whole = makeResult(spec, points, { appVersion: '1.2.3' });
    expect(whole.summary).toEqual(aggregate(spec, points));
    expect(whole.totalPoints).toBe(12);
    expect(whole.param).toEqual({
      key: 'bufferCells',
      label: 'Buffer size K',
      unit: 'cells',
      values: [1000, 2000],
    });
    expect(makeResult(spec, points.slice(1)).summary).toBeNull();
  });
});

describe('JSON and CSV', () => {
  it('round-trip exactly (hand-made and real numbers, whole and shard outputs)', () => {
    const { spec, points } = handMade();
    const spec2 = makeSpec({
      base: scenario('preset=s2-deadlock&duration=0.3'),
      preset: 's2-deadlock',
      param: 'bufferCells=1000,3000',
      seeds: '4,9',
      metrics: 'efficiency,goodputMbps,clr,timeouts',
    });
    const real = enumeratePoints(spec2).map((p) => runPoint(spec2, p));
    const results = [
      makeResult(spec, points, { appVersion: '1.2.3' }),
      makeResult(spec, shardPoints(points, { index: 2, count: 3 }) as PointResult[], {
        shard: { index: 2, count: 3 },
      }),
      makeResult(spec2, real, { appVersion: pkg.version }),
    ];
    for (const r of results) {
      expect(parseJson(toJson(r))).toEqual(r);
      expect(parseCsv(toCsv(r))).toEqual(r);
      expect(parseResult(toCsv(r))).toEqual(r);
      expect(parseResult(toJson(r))).toEqual(r);
    }
  });

  it('CSV is one long table: a row per run and mean/min/max/sd rows per (value, series)', () => {
    const { spec, points } = handMade();
    const csv = toCsv(makeResult(spec, points, { appVersion: '1.2.3' }));
    const lines = csv.trim().split('\n');
    const data = lines.filter((l) => !l.startsWith('#'));
    expect(data[0]).toBe('param,value,series_key,series,seed,stat,n,point,efficiency,timeouts');
    expect(data[1]).toBe('bufferCells,1000,policy,tail-drop,1,value,1,0,0.5,2');
    expect(data).toContain('bufferCells,2000,policy,tail-drop,,mean,3,,0.375,11');
    expect(data).toContain('bufferCells,1000,policy,tail-drop,,sd,3,,0.25,2');
    expect(data).toHaveLength(1 + 12 + 4 * 4);
    expect(lines[0]).toMatch(/^# tcp-over-atm-lab sweep \{"format":"tcp-over-atm-lab\/sweep"/);
  });

  it('rejects what is not a sweep result, naming the input', () => {
    expect(() => parseJson('{"a":1}', 'x.json')).toThrow(/^x.json: not a sweep result/);
    expect(() => parseJson('nope', 'x.json')).toThrow(/^x.json: not JSON/);
    expect(() => parseCsv('a,b\n1,2\n', 'x.csv')).toThrow(/^x.csv: not a sweep CSV/);
  });
});

describe('shards and merge', () => {
  const spec = makeSpec({
    base: scenario('preset=s0-testbed&duration=0.2'),
    preset: 's0-testbed',
    param: 'bufferCells=725:2175:725',
    policies: 'tail-drop,ppd',
    seeds: 2,
    metrics: 'efficiency,fairness,deadCellRatio',
  });
  const all = enumeratePoints(spec);
  const whole = makeResult(
    spec,
    all.map((p) => runPoint(spec, p)),
    { appVersion: pkg.version },
  );
  const shard = (i: number, n: number): SweepResult => {
    const sh = { index: i, count: n };
    const pts = shardPoints(all, sh).map((p) => runPoint(spec, p));
    return makeResult(spec, pts, { appVersion: pkg.version, shard: sh });
  };

  it('merged shards equal the unsharded run exactly (also through JSON and CSV files)', () => {
    for (const n of [2, 3, 5]) {
      const parts = Array.from({ length: n }, (_, i) => shard(i + 1, n));
      expect(parts[0].summary).toBeNull();
      expect(parts.reduce((k, p) => k + p.points.length, 0)).toBe(12);
      const merged = mergeResults(parts.reverse());
      expect(merged).toEqual(whole);
      expect(toJson(merged)).toBe(toJson(whole));
      const viaText = mergeResults(
        parts.map((p, i) => (i % 2 ? parseCsv(toCsv(p)) : parseJson(toJson(p)))),
      );
      expect(toJson(viaText)).toBe(toJson(whole));
    }
  });

  it('refuses missing, repeated or foreign shards', () => {
    const a = shard(1, 3);
    const b = shard(2, 3);
    expect(() => mergeResults([a, b], ['a.json', 'b.json'])).toThrow(
      /^merge: 4 of 12 points missing \(first: 2, 5, 8, 11\); shards given: 1, 2 of 3/,
    );
    expect(() => mergeResults([a, b, a], ['a.json', 'b.json', 'c.json'])).toThrow(
      /^merge: point 0 is in both a.json and c.json/,
    );
    const other = { ...shard(3, 3), seeds: [1, 3] };
    expect(() => mergeResults([a, b, other], ['a', 'b', 'c'])).toThrow(
      /^merge: c is not a shard of the same sweep as a/,
    );
  });
});

describe('published points', () => {
  it('hold S0 Fig. 2, the S1 LAN/WAN table and S2’s buffer results, each with its source', () => {
    const s0 = PUBLISHED.filter((p) => p.source.paper === 'S0' && p.metric === 'efficiency');
    expect(s0.map((p) => [p.series.value, p.x, p.y])).toEqual([
      ['tail-drop', 1088, 0.87],
      ['ppd', 1088, 0.915],
      ['epd', 1088, 0.93],
    ]);
    for (const p of s0) expect(p.source.ref).toMatch(/Fig\. 2/);
    const s1 = PUBLISHED.filter((p) => p.source.paper === 'S1');
    expect(s1).toHaveLength(12 * 4 * 2);
    const lan5 = s1.filter((p) => p.id.startsWith('s1-lan-5-1000-') && p.metric === 'efficiency');
    expect(lan5.map((p) => p.y)).toEqual([0.21, 0.49, 0.75, 0.88]);
    const s2 = PUBLISHED.filter((p) => p.source.paper === 'S2');
    expect(s2.find((p) => p.metric === 'goodputMbps')).toMatchObject({
      param: 'bufferCells',
      x: 3000,
      y: 82.94,
    });
    for (const p of PUBLISHED) {
      expect(p.source.citation.length).toBeGreaterThan(10);
      expect(p.label).toMatch(/^S\d /);
    }
    expect(new Set(PUBLISHED.map((q) => q.id)).size).toBe(PUBLISHED.length);
  });

  it('match a sweep by param, metric, series, range and base configuration', () => {
    const s0 = scenario('preset=s0-testbed');
    const ids = (
      base: Scenario,
      param: string,
      values: number[],
      series: string[],
      metrics = ['efficiency', 'fairness'],
    ) =>
      matchPublished({
        base,
        param: { key: param as keyof Scenario, values },
        series: { key: 'policy', values: series },
        metrics: metrics as never,
      }).map((p) => p.id);
    expect(ids(s0, 'bufferCells', [725, 1450, 2175], ['tail-drop', 'ppd', 'epd'])).toEqual([
      's0-fig2-ubr-1088',
      's0-fig2-ppd-1088',
      's0-fig2-epd-1088',
      's0-fig2-epd-fair-725',
      's0-fig2-epd-fair-1088',
      's0-fig2-epd-fair-1360',
      's0-fig2-ubr-fair-1360',
    ]);
    // Outside the range, another metric or series, or another configuration: nothing.
    expect(ids(s0, 'bufferCells', [1400, 1450], ['epd'])).toEqual([]);
    expect(ids(s0, 'bufferCells', [725, 1450], ['sd'])).toEqual([]);
    expect(ids(s0, 'bufferCells', [725, 1450], ['epd'], ['clr'])).toEqual([]);
    expect(
      ids(scenario('preset=s0-testbed&mtu=9180'), 'bufferCells', [725, 1450], ['epd']),
    ).toEqual([]);
    expect(ids(scenario('preset=s0-testbed&epdB=2'), 'bufferCells', [725, 1450], ['epd'])).toEqual(
      [],
    );
    // S1 LAN, 5 sources (the s1-lan-* presets), 1000–3000 cells.
    expect(
      ids(
        scenario('preset=s1-lan-sd'),
        'bufferCells',
        [1000, 2000, 3000],
        ['tail-drop', 'epd', 'sd', 'fba'],
      ),
    ).toHaveLength(24);
    expect(
      ids(
        scenario('preset=s1-lan-sd&sources=15'),
        'bufferCells',
        [1000, 3000],
        ['fba'],
        ['efficiency'],
      ),
    ).toEqual([
      // Inside the swept range, not only at swept values.
      's1-lan-15-1000-fba-efficiency',
      's1-lan-15-2000-fba-efficiency',
      's1-lan-15-3000-fba-efficiency',
    ]);
    expect(
      ids(scenario('preset=s1-wan-epd'), 'bufferCells', [12000, 36000], ['epd'], ['efficiency']),
    ).toEqual([
      's1-wan-5-12000-epd-efficiency',
      's1-wan-5-24000-epd-efficiency',
      's1-wan-5-36000-epd-efficiency',
    ]);
    // S2: buffer sweep of the deadlock preset; window sweep at MTU 1500.
    expect(
      ids(
        scenario('preset=s2-deadlock'),
        'bufferCells',
        [500, 3000],
        ['tail-drop'],
        ['efficiency', 'goodputMbps'],
      ),
    ).toEqual(['s2-fig3-9180-3000-goodput', 's2-fig3-9180-1000-efficiency']);
    // The 1 K-cell deadlock of Fig. 3 at another MTU: that MTU's point only.
    expect(
      ids(
        scenario('preset=s2-deadlock&mtu=1500'),
        'bufferCells',
        [500, 3000],
        ['tail-drop'],
        ['efficiency'],
      ),
    ).toEqual(['s2-fig3-1500-1000-efficiency']);
    expect(
      ids(
        scenario('preset=s2-deadlock&mtu=1500'),
        'window',
        [20480, 40960],
        ['tail-drop'],
        ['efficiency', 'timeouts'],
      ),
    ).toEqual([
      's2-table2-1500-k1000-w25',
      's2-table2-1500-k1000-w38',
      's2-4.3-1500-k1000-w38-timeouts',
    ]);
  });
});

describe('runPool', () => {
  it('keeps at most `lanes` items in flight and returns results in item order', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    const out = await runPool([5, 1, 4, 2, 3], {
      lanes: 2,
      exec: async (x) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, x * 3));
        inFlight--;
        return x * 10;
      },
      onResult: (_x, _r, done) => seen.push(done),
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops on abort and on the first error', async () => {
    const ac = new AbortController();
    let started = 0;
    await expect(
      runPool([1, 2, 3, 4], {
        lanes: 1,
        signal: ac.signal,
        exec: async () => {
          if (++started === 2) ac.abort();
          return 0;
        },
      }),
    ).rejects.toThrow(/cancelled/);
    expect(started).toBe(2);
    started = 0;
    await expect(
      runPool([1, 2, 3, 4], {
        lanes: 1,
        exec: async (x) => {
          started++;
          if (x === 2) throw new Error('boom');
          return x;
        },
      }),
    ).rejects.toThrow('boom');
    expect(started).toBe(2);
  });
});

describe('npm run sweep', () => {
  const run = promisify(execFile);
  const TSX = 'node_modules/.bin/tsx';
  const dir = mkdtempSync(join(tmpdir(), 'sweep-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function sweep(args: string[]) {
    try {
      const { stdout, stderr } = await run(TSX, ['src/cli/sweep.ts', ...args], {
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  const TINY = [
    '--preset',
    's0-testbed',
    '--param',
    'bufferCells=725:1450:725',
    '--policies',
    'tail-drop,epd',
    '--seeds',
    '2',
    '--set',
    'duration=0.2',
  ];

  it('prints JSON equal to the core’s, the same on worker threads and in-process', async () => {
    const [threads, inProcess] = await Promise.all([
      sweep([...TINY, '--json', '--workers', '2']),
      sweep([...TINY, '--json', '--workers', '1']),
    ]);
    expect(threads.code).toBe(0);
    expect(inProcess.code).toBe(0);
    expect(threads.stderr).toMatch(/8 runs on 2 worker threads/);
    expect(threads.stderr).toMatch(/8\/8 points \(100%\)/);
    expect(inProcess.stderr).toMatch(/8 runs on 1 thread \(in-process\)/);
    expect(threads.stdout).toBe(inProcess.stdout);
    const out = parseJson(threads.stdout);
    const spec = makeSpec({
      base: scenario('preset=s0-testbed&duration=0.2'),
      preset: 's0-testbed',
      param: 'bufferCells=725:1450:725',
      policies: 'tail-drop,epd',
      seeds: 2,
    });
    const expected = makeResult(
      spec,
      enumeratePoints(spec).map((p) => runPoint(spec, p)),
      { appVersion: pkg.version },
    );
    expect(out).toEqual(expected);
    expect(out.base).toEqual({
      query:
        'v=1&epdB=1&granularityMs=10&rtoExtraMs=200&timerClock=oldest&timeoutResend=overdue&ssthreshRule=bsd&duration=0.2',
      preset: 's0-testbed',
    });
  });

  it('--shard outputs merge (--merge) into the unsharded result; --csv and --out', async () => {
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.csv');
    const [whole, ra, rb] = await Promise.all([
      sweep([...TINY, '--json', '--workers', '1']),
      sweep([...TINY, '--shard', '1/2', '--out', a, '--workers', '2']),
      sweep([...TINY, '--shard', '2/2', '--out', b, '--workers', '1']),
    ]);
    expect([whole.code, ra.code, rb.code]).toEqual([0, 0, 0]);
    expect(ra.stdout).toBe('');
    expect(ra.stderr).toMatch(/4 runs \(shard 1\/2 of 8\)/);
    expect(parseJson(readFileSync(a, 'utf8')).points.map((p) => p.index)).toEqual([0, 2, 4, 6]);
    expect(readFileSync(b, 'utf8')).toMatch(/^# tcp-over-atm-lab sweep /);
    const merged = await sweep(['--merge', a, b]);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    const csv = await sweep(['--merge', b, a, '--csv']);
    expect(parseCsv(csv.stdout)).toEqual(parseJson(whole.stdout));
  });

  it('3 shards merged write byte for byte the files of the unsharded sweep, JSON and CSV', async () => {
    // The recipe of README "Sweeps on many machines": shard outputs as files, then one merge.
    const f = (name: string) => join(dir, name);
    const runs = await Promise.all([
      sweep([...TINY, '--workers', '1', '--out', f('whole.json')]),
      sweep([...TINY, '--workers', '1', '--out', f('whole.csv')]),
      ...[1, 2, 3].map((i) =>
        sweep([...TINY, '--workers', '1', '--shard', `${i}/3`, '--out', f(`shard-${i}.json`)]),
      ),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    const shards = [3, 1, 2].map((i) => f(`shard-${i}.json`)); // any order
    const merges = await Promise.all([
      sweep(['--merge', ...shards, '--out', f('merged.json')]),
      sweep(['--merge', ...shards, '--out', f('merged.csv')]),
    ]);
    expect(merges.map((r) => r.code)).toEqual([0, 0]);
    for (const ext of ['json', 'csv']) {
      const whole = readFileSync(f(`whole.${ext}`));
      expect(whole.length).toBeGreaterThan(100);
      expect(readFileSync(f(`merged.${ext}`)).equals(whole), ext).toBe(true);
    }
    // A shard alone is not the sweep: the check can tell them apart.
    expect(readFileSync(f('shard-1.json')).equals(readFileSync(f('whole.json')))).toBe(false);
  });

  it('prints a readable table by default', async () => {
    const r = await sweep([...TINY, '--workers', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/bufferCells \(cells\)\s+policy\s+seeds\s+efficiency mean ± sd/);
    expect(r.stdout).toMatch(/\n725\s+tail-drop\s+2\s+0\.\d+ ± /);
  });

  it.each([
    [['--preset', 's0-testbed'], /param: give --param/],
    [
      ['--param', 'bufferCells=0:10:5'],
      /bufferCells: "0" is not an integer from 1 to 600000 cells/,
    ],
    [['--param', 'bufferCells=500:400:10'], /bufferCells: from \(500\) is above to \(400\)/],
    [['--param', 'policy=1:2:1'], /policy: not a numeric parameter/],
    [['--param', 'bufferCells=500:600:100', '--policies', 'epd,wred'], /policies: "wred"/],
    [['--param', 'bufferCells=500:600:100', '--metrics', 'speed'], /metrics: "speed"/],
    [['--param', 'bufferCells=500:600:100', '--seeds', '0'], /seeds: "0"/],
    [['--param', 'bufferCells=500:600:100', '--shard', '0/2'], /shard: "0\/2" has i outside 1..2/],
    [['--param', 'bufferCells=500:600:100', '--workers', 'many'], /workers: "many"/],
    [['--param', 'bufferCells=500:600:100', '--json', '--csv'], /--json or --csv, not both/],
    [
      ['--param', 'bufferCells=500:600:100', '--set', 'epdThreshold=550'],
      /epdThreshold: 550 cells exceeds bufferCells \(500\)/,
    ],
    [['--param', 'bufferCells=500:600:100', '--bufferCells', 'x'], /bufferCells: "x"/],
    [['--merge', '/nonexistent/a.json'], /merge: cannot read \/nonexistent\/a.json/],
    [['--merge'], /merge: give the shard outputs/],
  ])('bad input %j exits 2 naming the key, with no stack trace', async (args, message) => {
    const r = await sweep(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('--merge of a file that is not a sweep exits 2 naming the file', async () => {
    const f = join(dir, 'bad.json');
    writeFileSync(f, '{"hello": 1}');
    const r = await sweep(['--merge', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${f}: not a sweep result`);
  });

  it('--help prints the usage', async () => {
    const r = await sweep(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--param KEY=FROM:TO:STEP/);
    expect(r.stdout).toMatch(/pandas\.read_csv/);
  });
});

describe('sweep results say what they cover', () => {
  const spec = makeSpec({
    base: parseScenario('preset=s0-testbed&duration=0.3').scenario,
    param: 'bufferCells=725:1450:725',
    policies: 'tail-drop,epd',
    seeds: 1,
  });
  const points = enumeratePoints(spec).map((p) => runPoint(spec, p));

  it('complete or not, the simulated seconds of each run, the version and the commit', () => {
    const whole = makeResult(spec, points, { appVersion: pkg.version, commit: 'abc1234' });
    expect([whole.complete, whole.simulatedSeconds, whole.commit]).toEqual([true, 0.3, 'abc1234']);
    const part = makeResult(spec, points.slice(0, 3), { appVersion: pkg.version });
    expect([part.complete, part.summary, part.commit]).toEqual([false, null, APP_COMMIT]);
    expect(toCsv(part).split('\n')).toContain(
      `# run: incomplete: 3 of 4 runs, 0.3 s simulated each; tcp-over-atm-lab ${pkg.version}, commit ${APP_COMMIT}`,
    );
    expect(toCsv(whole)).toContain(
      `\n# run: complete: 4 of 4 runs, 0.3 s simulated each; tcp-over-atm-lab ${pkg.version}, commit abc1234\n`,
    );
    // Read back exactly, in both formats.
    expect(parseCsv(toCsv(part))).toEqual(parseJson(toJson(part)));
    // A sweep of the duration itself has no single simulated time.
    const durSpec = makeSpec({
      base: parseScenario('preset=s0-testbed').scenario,
      param: 'duration=0.1,0.2',
    });
    expect(makeResult(durSpec, []).simulatedSeconds).toBeNull();
  });

  it('refuses to merge shards of two commits', () => {
    const a = makeResult(spec, points.slice(0, 2), {
      appVersion: pkg.version,
      commit: 'aaaaaaa',
      shard: { index: 1, count: 2 },
    });
    const b = makeResult(spec, points.slice(2), {
      appVersion: pkg.version,
      commit: 'bbbbbbb',
      shard: { index: 2, count: 2 },
    });
    expect(() => mergeResults([a, b])).toThrow(/app version or commit differ/);
    const merged = mergeResults([a, { ...b, commit: 'aaaaaaa' }]);
    expect([merged.complete, merged.commit]).toEqual([true, 'aaaaaaa']);
  });
});
