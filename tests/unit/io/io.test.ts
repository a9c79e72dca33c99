// The lab's one CSV and JSON convention (src/io), read back exactly: seeded random tables full
// of NaN, ±Infinity, −0, subnormals and strings with quotes, commas, line breaks and padding,
// through the record layer, the UI's exports, the sweep's files and a campaign directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCampaign } from '../../../src/cli/campaign';
import { csvNumber, formatCsvRows, readCsvNumber } from '../../../src/io/csv';
import { jsonNumber, nullsToNaN, stringifyJson } from '../../../src/io/json';
import type { PointResult, SweepSpec } from '../../../src/sweep';
import {
  enumeratePoints,
  makeResult,
  parseCsv,
  parseJson,
  toCsv,
  toJson,
} from '../../../src/sweep';
import { seriesToCsv, tablesToJson } from '../../../src/ui/export/formats';
import type { ExportMeta } from '../../../src/ui/export/meta';
import type { TableLike } from '../../../src/ui/export/table';
import { parseCsv as parseExportCsv, readCsvTable } from '../../helpers/exportCsv';
import { prng as rng } from '../../helpers/prng';

const SPECIAL = [NaN, Infinity, -Infinity, -0, 0, 5e-324, -5e-324, 1.7976931348623157e308, 1e21];
const PIECES = ['a', 'b c', ',', '"', '""', '\n', '\r\n', ' ', 'é', '#', 'NaN', '1', '-0', '='];

function randomNumber(r: () => number): number {
  const k = r();
  if (k < 0.3) return SPECIAL[Math.floor(r() * SPECIAL.length)];
  if (k < 0.6) return (r() - 0.5) * 10 ** Math.floor(r() * 60 - 30);
  if (k < 0.8) return Math.floor((r() - 0.5) * 2 ** 54);
  return new Float64Array(new Uint32Array([r() * 2 ** 32, r() * 2 ** 32]).buffer)[0];
}

/** A string of pieces that need quoting; starts with a letter so its column stays text. */
function randomString(r: () => number): string {
  let s = 'x';
  for (let n = Math.floor(r() * 5); n > 0; n--) s += PIECES[Math.floor(r() * PIECES.length)];
  return r() < 0.2 ? ` ${s} ` : s;
}

/** Same float64 bits (any NaN equals any NaN: the formats have one NaN). */
function sameBits(a: number, b: number): boolean {
  if (Number.isNaN(a)) return Number.isNaN(b);
  return Object.is(a, b);
}

function randomTable(r: () => number): TableLike {
  const nCols = 1 + Math.floor(r() * 4);
  const rows = Math.floor(r() * 30);
  const cols: TableLike['cols'] = {};
  for (let c = 0; c < nCols; c++) {
    const name = c === 0 ? 'v' : randomString(r);
    cols[name] =
      r() < 0.7
        ? Float64Array.from({ length: rows }, () => randomNumber(r))
        : // At least one non-numeric field, so the reader keeps the column as text.
          Array.from({ length: rows }, (_, i) => (i === 0 || r() < 0.8 ? randomString(r) : ''));
  }
  return { rows, cols };
}

const META: ExportMeta = {
  scenarioUrl: 'https://lab.example/?preset=s0-plain-ubr&seed=3',
  seed: 3,
  exported: '2026-01-02T03:04:05.000Z',
};

const CASES = 300;

describe('numbers: one spelling each, read back bit for bit', () => {
  it('CSV: NaN empty, −0 "-0", ±Infinity "Infinity"/"-Infinity", others shortest', () => {
    expect([NaN, -0, 0, Infinity, -Infinity, 0.1 + 0.2].map(csvNumber)).toEqual([
      '',
      '-0',
      '0',
      'Infinity',
      '-Infinity',
      '0.30000000000000004',
    ]);
    expect(['', 'NaN', '-0', '1e999', '-Infinity', 'x', '1,5'].map(readCsvNumber)).toEqual([
      NaN,
      NaN,
      -0,
      Infinity,
      -Infinity,
      undefined,
      undefined,
    ]);
    const r = rng(1);
    for (let i = 0; i < 20000; i++) {
      const v = randomNumber(r);
      if (!sameBits(readCsvNumber(csvNumber(v))!, v)) throw new Error(`CSV ${v}`);
    }
  });

  it('JSON: NaN null, −0 -0, ±Infinity ±1e999; the layout of JSON.stringify', () => {
    expect([NaN, -0, Infinity, -Infinity].map(jsonNumber)).toEqual([
      'null',
      '-0',
      '1e999',
      '-1e999',
    ]);
    const r = rng(2);
    for (let i = 0; i < 20000; i++) {
      const v = randomNumber(r);
      const back = nullsToNaN(JSON.parse(stringifyJson(v)) as number | null);
      if (!sameBits(back as number, v)) throw new Error(`JSON ${v}`);
    }
    // Finite data: exactly JSON.stringify's bytes, at any indent.
    const plain = { a: [1, 2.5, 'x"y'], b: { c: null, d: true }, e: [] };
    for (const space of [undefined, 1, 2])
      expect(stringifyJson(plain, space)).toBe(JSON.stringify(plain, null, space));
    // Typed arrays are arrays; a string that looks like the internal tag stays a string.
    expect(stringifyJson({ f: Float64Array.from([-0, NaN]) })).toBe('{"f":[-0,null]}');
    expect(JSON.parse(stringifyJson(['\u0001num:-0', -0]))).toEqual(['\u0001num:-0', -0]);
  });
});

describe('random tables round-trip exactly', () => {
  it(`the record layer (d3-dsv) and the column reader: ${CASES} tables`, () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const t = randomTable(rng(seed));
      const names = Object.keys(t.cols);
      const fields = [names];
      for (let i = 0; i < t.rows; i++)
        fields.push(
          names.map((n) =>
            typeof t.cols[n][i] === 'string'
              ? (t.cols[n][i] as string)
              : csvNumber(t.cols[n][i] as number),
          ),
        );
      const back = readCsvTable(formatCsvRows(fields));
      expect(back.names, `seed ${seed}`).toEqual(names);
      expect(back.rows, `seed ${seed}`).toBe(t.rows);
      expectSame(back.columns, t, seed);
    }
  });

  it(`the UI's CSV and JSON exports: ${CASES} tables`, () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const t = randomTable(rng(seed));
      const csv = parseExportCsv(seriesToCsv('random', t, META));
      expect(csv.names, `seed ${seed}`).toEqual(Object.keys(t.cols));
      expect(csv.meta.rows).toBe(t.rows);
      expect(csv.meta.scenario).toBe(META.scenarioUrl);
      expectSame(csv.columns, t, seed);
      const json = JSON.parse(tablesToJson({ random: t }, META)).tables.random;
      const cols: Record<string, Float64Array | string[]> = {};
      for (const [n, c] of Object.entries(json.columns as Record<string, unknown[]>))
        cols[n] =
          typeof t.cols[n][0] === 'string'
            ? (c as string[])
            : Float64Array.from(nullsToNaN(c as number[]));
      expectSame(cols, t, seed);
    }
  });

  it(`the sweep's JSON and CSV files, and a campaign directory: ${CASES / 3} results`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'io-test-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const campaign = openCampaign<Record<string, number>>(dir, {
      commit: 'test',
      appVersion: null,
      tool: 'sweep',
    });
    const stored: [string, Record<string, number>][] = [];
    for (let seed = 1; seed <= CASES / 3; seed++) {
      const r = rng(seed);
      const spec: SweepSpec = {
        base: 'v=1',
        preset: null,
        param: { key: 'bufferCells', values: [1000, 2000] },
        series: { key: 'policy', values: [randomString(r) + 'A', randomString(r) + 'B'] },
        seeds: [1, 2],
        metrics: ['efficiency', 'timeouts', 'clr'],
      };
      const points: PointResult[] = enumeratePoints(spec).map((p) => ({
        ...p,
        metrics: { efficiency: randomNumber(r), timeouts: randomNumber(r), clr: randomNumber(r) },
      }));
      const result = makeResult(spec, points, { appVersion: '1.0.0', commit: 'abc1234' });
      expect(parseJson(toJson(result)), `seed ${seed}`).toEqual(result);
      expect(parseCsv(toCsv(result)), `seed ${seed}`).toEqual(result);
      const key = `run ${seed}`;
      campaign.put(key, points[0].metrics as Record<string, number>);
      stored.push([key, points[0].metrics as Record<string, number>]);
    }
    const again = openCampaign<Record<string, number>>(dir, {
      commit: 'test',
      appVersion: null,
      tool: 'sweep',
    });
    expect(again.found).toBe(stored.length);
    for (const [key, metrics] of stored) expect(again.get(key), key).toEqual(metrics);
  });
});

function expectSame(got: Record<string, Float64Array | string[]>, t: TableLike, seed: number) {
  for (const [name, src] of Object.entries(t.cols)) {
    const col = got[name];
    expect(col, `seed ${seed}: column ${JSON.stringify(name)}`).toBeDefined();
    for (let i = 0; i < t.rows; i++) {
      const a = src[i];
      const b = col[i];
      const ok = typeof a === 'string' ? a === b : sameBits(a, b as number);
      if (!ok)
        throw new Error(
          `seed ${seed}: ${JSON.stringify(name)}[${i}] wrote ${String(a)}, read ${String(b)}`,
        );
    }
  }
}
