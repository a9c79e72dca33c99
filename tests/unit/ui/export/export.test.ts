import { describe, expect, it } from 'vitest';
import pkg from '../../../../package.json';
import type { Metrics } from '../../../../src/sim';
import { tcpEventRow } from '../../../../src/sim';
import {
  ALL_PROBES,
  DROP_REASONS,
  Simulation,
  parseScenario,
  runScenario,
  toQuery,
} from '../../../../src/sim';
import {
  ACK_SPEC,
  CWND_SPEC,
  DEAD_SPEC,
  LOSS_SPEC,
  SEGMENT_SPEC,
  STALL_SPEC,
  TCP_EVENT_SPEC,
  queueSpec,
} from '../../../../src/sim/metrics/probes';
import { SeriesTable } from '../../../../src/ui/data/runStore';
import type { ExportView } from '../../../../src/ui/export/build';
import {
  dataFile,
  exportMeta,
  fileName,
  presetOf,
  xplotFile,
} from '../../../../src/ui/export/build';
import type { ExportMeta } from '../../../../src/ui/export/meta';
import type { TableLike } from '../../../../src/ui/export/table';
import { imageCaption, viewLegend } from '../../../../src/ui/export/legend';
import { SHAPE_PATHS, reasonStyle } from '../../../../src/ui/views/palette';
import { parseCsv } from '../../../helpers/exportCsv';
import { storeFromSim } from '../../../helpers/storeFromSim';
import {
  flattenMetrics,
  metricsToCsv,
  metricsToJson,
  seriesToCsv,
  tablesToJson,
} from '../../../../src/ui/export/formats';
import { unitOf } from '../../../../src/ui/export/meta';
import { mergeByTime } from '../../../../src/ui/export/table';
import { toXplot, xplotTime } from '../../../../src/ui/export/xplot';
import { APP_COMMIT, APP_VERSION } from '../../../../src/version';
import { prng as rng } from '../../../helpers/prng';

const AWKWARD = [
  0.1 + 0.2,
  1e-17,
  -1e-17,
  2 ** 53 - 1,
  -(2 ** 53),
  1e21,
  1.7976931348623157e308,
  5e-324,
  -0,
  0,
  NaN,
  Infinity,
  -Infinity,
  Math.PI * 1e9,
  1 / 3,
  123456789.12345679,
  4294967296.5,
];

type Spec = Record<string, 'f64' | 'f32' | 'i32' | 'u8'>;

function randomTable(spec: Spec, rows: number, seed: number): TableLike {
  const r = rng(seed);
  const cols: TableLike['cols'] = {};
  for (const [name, type] of Object.entries(spec)) {
    if (type === 'f64') {
      const c = new Float64Array(rows);
      for (let i = 0; i < rows; i++) {
        const k = r();
        c[i] =
          k < 0.35
            ? AWKWARD[i % AWKWARD.length]
            : k < 0.7
              ? (r() - 0.5) * 10 ** Math.floor(r() * 40 - 20)
              : Math.floor(r() * 2 ** 53);
      }
      cols[name] = c;
    } else if (type === 'f32') {
      cols[name] = Float32Array.from({ length: rows }, () => Math.fround((r() - 0.5) * 1e6));
    } else if (type === 'i32') {
      const c = new Int32Array(rows);
      for (let i = 0; i < rows; i++)
        c[i] = i % 7 === 0 ? [-(2 ** 31), 2 ** 31 - 1, 0, -1][i % 4] : Math.floor(r() * 2 ** 32);
      cols[name] = c;
    } else {
      const c = new Uint8Array(rows);
      for (let i = 0; i < rows; i++) {
        // reason: mostly known names, sometimes a code without a name.
        c[i] =
          name === 'reason'
            ? i % 11 === 5
              ? 200
              : Math.floor(r() * DROP_REASONS.length)
            : r() * 256;
      }
      cols[name] = c;
    }
  }
  return { rows, cols };
}

/** Same float64 bits (any NaN equals any NaN: CSV has one NaN). */
function sameBits(a: number, b: number): boolean {
  if (Number.isNaN(a)) return Number.isNaN(b);
  const x = new Float64Array([a, b]);
  const u = new BigUint64Array(x.buffer);
  return u[0] === u[1];
}

function expectColumnsExact(
  parsed: Record<string, Float64Array | string[]>,
  table: TableLike,
  names = Object.keys(table.cols),
) {
  for (const name of names) {
    const got = parsed[name];
    expect(got, name).toBeInstanceOf(Float64Array);
    const src = table.cols[name];
    expect(got.length, name).toBe(table.rows);
    for (let i = 0; i < table.rows; i++) {
      const a = src[i] as number;
      const b = (got as Float64Array)[i];
      if (!sameBits(a, b)) throw new Error(`${name}[${i}]: wrote ${a}, read ${b}`);
    }
  }
}

const META: ExportMeta = {
  scenarioUrl: 'https://lab.example/tcp-atm/?v=1&preset=x&accessMbps=149.76,100*3&seed=42',
  seed: 42,
  exported: '2025-01-02T03:04:05.678Z',
};

const SPECS: [string, Spec][] = [
  ['cwnd', CWND_SPEC],
  ['loss', LOSS_SPEC],
  ['segments', SEGMENT_SPEC],
  ['acks', ACK_SPEC],
  ['tcpEvents', TCP_EVENT_SPEC],
  ['dead', DEAD_SPEC],
  ['stalls', STALL_SPEC],
  ['queue', queueSpec(5)],
];

describe('CSV export', () => {
  it.each(SPECS)('round-trips the %s table bit for bit', (name, spec) => {
    const table = randomTable(spec, 600, name.length * 7919);
    const text = seriesToCsv(name, table, META);
    const parsed = parseCsv(text);
    expect(parsed.names).toEqual(Object.keys(spec));
    expect(parsed.rows).toBe(600);
    expectColumnsExact(parsed.columns, table);
    expect(parsed.meta.table).toBe(name);
    expect(parsed.meta.rows).toBe(600);
    for (const col of Object.keys(spec)) expect(parsed.meta.units[col]).toBe(unitOf(col));
  });

  it('writes the header block: scenario URL, seed, app version, export time, columns with units', () => {
    const table = randomTable(CWND_SPEC, 3, 1);
    const text = seriesToCsv('cwnd', table, META);
    const lines = text.split('\n');
    expect(lines).toContain(`# scenario: ${META.scenarioUrl}`);
    expect(lines).toContain('# seed: 42');
    expect(lines).toContain(`# app: tcp-over-atm-lab ${pkg.version}`);
    expect(lines).toContain('# exported: 2025-01-02T03:04:05.678Z');
    expect(lines).toContain('# columns: t (s), conn (index), cwnd (bytes), ssthresh (bytes)');
    expect(lines.find((l) => !l.startsWith('#'))).toBe('t,conn,cwnd,ssthresh');
    const { meta } = parseCsv(text);
    expect(meta.scenario).toBe(META.scenarioUrl);
    expect(meta.seed).toBe(42);
    expect(meta.version).toBe(pkg.version);
    expect(meta.version).toBe(APP_VERSION);
    expect(meta.app).toBe(`tcp-over-atm-lab ${pkg.version}`);
    expect(meta.exported).toBe(META.exported);
    expect(meta.units).toEqual({ t: 's', conn: 'index', cwnd: 'bytes', ssthresh: 'bytes' });
    // Default export time: now, ISO.
    const now = parseCsv(seriesToCsv('cwnd', table, { ...META, exported: undefined }));
    expect(Date.parse(now.meta.exported!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('exports loss reasons by name and reads them back as codes', () => {
    const loss: TableLike = {
      rows: 4,
      cols: {
        t: Float64Array.from([0.1, 0.2, 0.3, 0.4]),
        reason: Uint8Array.from([1, 3, 10, 99]),
        cells: Int32Array.from([1, 2, 3, 4]),
      },
    };
    const text = seriesToCsv('loss', loss, META);
    const body = text.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(body).toEqual([
      't,reason,cells',
      '0.1,overflow,1',
      '0.2,epd,2',
      '0.3,dfba,3',
      '0.4,99,4',
    ]);
    expect(Array.from(parseCsv(text).columns.reason as Float64Array)).toEqual([1, 3, 10, 99]);
    // JSON names them too.
    const json = JSON.parse(tablesToJson({ loss }, META, 'loss'));
    expect(json.tables.loss.columns.reason).toEqual(['overflow', 'epd', 'dfba', '99']);
  });

  it('merges event tables by time with an event column (empty fields where a table has no column)', () => {
    const seg: TableLike = {
      rows: 2,
      cols: {
        t: Float64Array.from([0.1, 0.3]),
        conn: Int32Array.from([0, 0]),
        seq: Float64Array.from([0, 1460]),
      },
    };
    const ack: TableLike = {
      rows: 2,
      cols: {
        t: Float64Array.from([0.2, 0.3]),
        conn: Int32Array.from([0, 0]),
        ack: Float64Array.from([1460, 2920]),
      },
    };
    const m = mergeByTime([
      { event: 'segment', table: seg },
      { event: 'ack', table: ack },
    ]);
    const parsed = parseCsv(seriesToCsv('timeseq', m, META));
    expect(parsed.names).toEqual(['t', 'event', 'conn', 'seq', 'ack']);
    expect(parsed.columns.event).toEqual(['segment', 'ack', 'segment', 'ack']);
    expect(Array.from(parsed.columns.t as Float64Array)).toEqual([0.1, 0.2, 0.3, 0.3]);
    expect(Array.from(parsed.columns.seq as Float64Array)).toEqual([0, NaN, 1460, NaN]);
    expect(Array.from(parsed.columns.ack as Float64Array)).toEqual([NaN, 1460, NaN, 2920]);
  });

  it('quotes fields that need it and parses quoted fields', () => {
    const parsed = parseCsv('# seed: 1\na,b\n"x, ""y""",1\n"multi\nline",2\n');
    expect(parsed.columns.a).toEqual(['x, "y"', 'multi\nline']);
    expect(Array.from(parsed.columns.b as Float64Array)).toEqual([1, 2]);
  });
});

describe('JSON export', () => {
  it('round-trips every column (±Infinity as ±1e999, NaN as null)', () => {
    const table = randomTable(LOSS_SPEC, 200, 3);
    const json = JSON.parse(tablesToJson({ loss: table }, META));
    expect(json.app).toBe('tcp-over-atm-lab');
    expect(json.version).toBe(pkg.version);
    expect(json.scenario).toBe(META.scenarioUrl);
    expect(json.seed).toBe(42);
    const cols = json.tables.loss.columns;
    expect(json.tables.loss.units.t).toBe('s');
    for (const name of Object.keys(LOSS_SPEC)) {
      if (name === 'reason') continue;
      const src = table.cols[name];
      for (let i = 0; i < table.rows; i++) {
        const v = cols[name][i] === null ? NaN : cols[name][i];
        if (!sameBits(src[i] as number, v)) throw new Error(`${name}[${i}]`);
      }
    }
  });
});

describe('metrics export', () => {
  const { scenario } = parseScenario('preset=s0-plain-ubr&duration=1&seed=3');
  const metrics = new Simulation(scenario).run().metrics();

  it('JSON holds every field, run-wide, per connection and per VC', () => {
    const json = JSON.parse(metricsToJson(metrics, META));
    expect(json.metrics).toEqual(metrics);
    expect(json.scenario).toBe(META.scenarioUrl);
    expect(json.seed).toBe(42);
    expect(json.version).toBe(pkg.version);
    expect(Object.keys(json.metrics)).toEqual(Object.keys(metrics));
    expect(json.metrics.perConnection).toHaveLength(4);
    expect(json.metrics.perVc.length).toBeGreaterThan(0);
  });

  it('CSV has one metric,value,unit row per (flattened) field', () => {
    const text = metricsToCsv(metrics, META);
    const parsed = parseCsv(text);
    expect(parsed.names).toEqual(['metric', 'value', 'unit']);
    const flat = flattenMetrics(metrics);
    expect(parsed.columns.metric).toEqual(flat.map(([k]) => k));
    const values = parsed.columns.value as Float64Array;
    flat.forEach(([k, v], i) => {
      if (!sameBits(v as number, values[i])) throw new Error(k);
    });
    const keys = parsed.columns.metric as string[];
    for (const k of Object.keys(metrics) as (keyof Metrics)[]) {
      if (k === 'perConnection' || k === 'perVc') continue;
      expect(keys).toContain(k);
    }
    for (const k of Object.keys(metrics.perConnection[0]))
      expect(keys).toContain(`perConnection[3].${k}`);
    for (const k of Object.keys(metrics.perVc[0])) expect(keys).toContain(`perVc[0].${k}`);
    const unit = (k: string) => (parsed.columns.unit as string[])[keys.indexOf(k)];
    expect(unit('goodputMbps')).toBe('Mbit/s');
    expect(unit('perConnection[0].timeouts')).toBe('count');
    expect(unit('deadlockSeconds')).toBe('s');
    expect(unit('deadlockSecondsMean')).toBe('s');
    expect(unit('deadlockSecondsWorst')).toBe('s');
    expect(unit('bufferEmptyEpisodes')).toBe('count');
    expect(parsed.meta.scenario).toBe(META.scenarioUrl);
  });
});

describe('xplot export', () => {
  const segments: TableLike = {
    rows: 6,
    cols: {
      t: Float64Array.from([0.001, 0.0015, 0.002, 0.0025, 0.5, 0.75]),
      conn: Int32Array.from([0, 1, 0, 0, 0, 1]),
      seq: Float64Array.from([0, 0, 1460, 2920, 1460, 0]),
      len: Int32Array.from([1460, 512, 1460, 1460, 1460, 512]),
      retx: Uint8Array.from([0, 0, 0, 0, 1, 1]),
    },
  };
  const acks: TableLike = {
    rows: 4,
    cols: {
      t: Float64Array.from([0.01, 0.011, 0.02, 0.6]),
      conn: Int32Array.from([0, 1, 0, 0]),
      ack: Float64Array.from([1460, 512, 1460, 4380]),
      win: Float64Array.from([65536, 65536, 65536, 65536]),
    },
  };
  const events: TableLike = {
    rows: 3,
    cols: {
      t: Float64Array.from([0.3, 0.5, 0.7]),
      conn: Int32Array.from([0, 0, 1]),
      kind: Uint8Array.from([2, 1, 1]),
    },
  };

  /** Walks the file like xplot: colours, commands with their arity, text labels. */
  function walk(text: string) {
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    const arity: Record<string, number> = {
      line: 4,
      dline: 4,
      dot: 2,
      x: 2,
      plus: 2,
      box: 2,
      diamond: 2,
      darrow: 2,
      uarrow: 2,
      larrow: 2,
      rarrow: 2,
      atext: 2,
      btext: 2,
      ltext: 2,
      rtext: 2,
    };
    const colors = new Set([
      'white',
      'green',
      'red',
      'yellow',
      'blue',
      'magenta',
      'orange',
      'purple',
      'pink',
    ]);
    let color = 'white';
    const counts: Record<string, number> = {};
    const texts: string[] = [];
    let i = 7;
    for (; i < lines.length - 1; i++) {
      const l = lines[i];
      if (colors.has(l)) {
        color = l;
        continue;
      }
      const [cmd, ...args] = l.split(' ');
      expect(arity[cmd], `command "${l}"`).toBe(args.length);
      for (let a = 0; a < args.length; a += 2) {
        expect(args[a], l).toMatch(/^\d+\.\d{6}$/);
        expect(Number.isFinite(Number(args[a + 1])), l).toBe(true);
      }
      const key = `${cmd}:${color}`;
      counts[key] = (counts[key] ?? 0) + 1;
      if (cmd.endsWith('text')) texts.push(`${color}:${lines[++i]}`);
    }
    return { lines, counts, texts };
  }

  it('writes the header, a line per segment (retransmissions red), ACK and window lines, marks and go', () => {
    const text = toXplot(segments, acks, events, 0, META);
    const { lines, counts, texts } = walk(text);
    expect(lines.slice(0, 7)).toEqual([
      'timeval double',
      'title',
      lines[2],
      'xlabel',
      'time',
      'ylabel',
      'sequence number',
    ]);
    expect(lines[2]).toContain('TCP 1');
    expect(lines[2]).toContain('seed 42');
    expect(lines[2]).toContain('%2A3'); // '*' of the URL percent-encoded for strict readers
    expect(lines[lines.length - 1]).toBe('go');
    // Connection 0 sent 4 segments, one of them a retransmission.
    expect((counts['line:white'] ?? 0) + (counts['line:red'] ?? 0)).toBe(4);
    expect(counts['line:red']).toBe(1);
    expect(counts['darrow:white']).toBe(3);
    expect(counts['uarrow:red']).toBe(1);
    expect(texts).toContain('red:R');
    // ACK steps: 1460 (held) → 4380 at 0.6 s: a horizontal and a vertical segment, green.
    expect(counts['line:green']).toBe(2);
    expect(text).toContain('line 0.010000 1460 0.600000 1460\nline 0.600000 1460 0.600000 4380');
    expect(counts['line:yellow']).toBe(2);
    expect(text).toContain('line 0.600000 66996 0.600000 69916');
    // A fast retransmit and a timeout of connection 0 (not connection 1's), labelled.
    expect(counts['diamond:orange']).toBe(1);
    expect(counts['x:magenta']).toBe(1);
    expect(texts).toEqual(expect.arrayContaining(['orange:FR', 'magenta:RTO']));
    expect(text).toContain('x 0.500000 1460');
  });

  it('selects the connection and formats times as tcptrace timevals', () => {
    const { counts } = walk(toXplot(segments, acks, events, 1, META));
    expect((counts['line:white'] ?? 0) + (counts['line:red'] ?? 0)).toBe(2);
    expect(counts['line:red']).toBe(1);
    expect(counts['x:magenta']).toBe(1);
    expect(counts['diamond:orange']).toBeUndefined();
    expect(xplotTime(1.5)).toBe('1.500000');
    expect(xplotTime(0.0000004)).toBe('0.000000');
    expect(xplotTime(12.9999996)).toBe('13.000000');
  });
});

describe('export round trip: the scenario URL in an export reproduces the run', () => {
  it('re-running the URL embedded in a CSV export gives the same metrics, exactly', () => {
    const { scenario, errors } = parseScenario('preset=s0-plain-ubr&duration=2&seed=7');
    expect(errors).toEqual([]);
    // The run, as the app's worker does it: probes on, in slices, drained into series tables.
    const sim = new Simulation(scenario, { probes: ALL_PROBES });
    const tables = {
      cwnd: new SeriesTable(1e6),
      segments: new SeriesTable(1e6),
      acks: new SeriesTable(1e6),
      tcpEvents: new SeriesTable(1e6),
      loss: new SeriesTable(1e6),
      queue: new SeriesTable(1e6),
    };
    while (!sim.done) {
      sim.runUntil(sim.now + 0.25e12);
      const batch = sim.probes.drain();
      for (const [k, tab] of Object.entries(tables)) tab.append(batch[k as keyof typeof tables]);
    }
    const metrics = sim.metrics();
    expect(metrics.timeouts + metrics.fastRetransmits).toBeGreaterThan(0);
    const meta: ExportMeta = {
      scenarioUrl: `https://lab.example/app/?${toQuery(sim.scenario)}`,
      seed: sim.scenario.seed,
    };
    const files = [
      seriesToCsv('cwnd', tables.cwnd, meta),
      seriesToCsv('loss', tables.loss, meta),
      metricsToCsv(metrics, meta),
    ];
    for (const text of files) {
      const parsed = parseCsv(text);
      expect(parsed.meta.seed).toBe(7);
      const again = parseScenario(parsed.meta.scenario!);
      expect(again.errors).toEqual([]);
      expect(again.scenario).toEqual(scenario);
      expect(runScenario(again.scenario).metrics).toEqual(metrics);
    }
    // The series themselves come back exactly too.
    expectColumnsExact(parseCsv(files[0]).columns, tables.cwnd);
    expectColumnsExact(parseCsv(files[1]).columns, tables.loss);
    // And the metrics JSON equals the re-run's metrics.
    const fromJson = JSON.parse(metricsToJson(metrics, meta));
    const rerun = runScenario(parseScenario(fromJson.scenario).scenario).metrics;
    expect(fromJson.metrics).toEqual(rerun);
    // The xplot file of the run is well formed: one line per segment of connection 0.
    const xpl = toXplot(tables.segments, tables.acks, tables.tcpEvents, 0, meta);
    const segs = tables.segments;
    let n = 0;
    for (let i = 0; i < segs.rows; i++) if (segs.cols.conn[i] === 0) n++;
    const lines = xpl.trimEnd().split('\n');
    let color = '';
    let drawn = 0;
    for (const l of lines) {
      if (/^[a-z]+$/.test(l)) color = l;
      else if (l.startsWith('line ') && (color === 'white' || color === 'red')) drawn++;
    }
    expect(drawn).toBe(n);
    expect(lines[lines.length - 1]).toBe('go');
  });
});

describe('exports say what they cover: simulated time, complete or not, version and commit', () => {
  const loc = { origin: 'https://lab.example', pathname: '/' };
  // Exported 60 s into a 180 s run (the run stopped there, as the page is when the person
  // clicks Export mid-run), and the same scenario run to its end.
  const early = storeFromSim('preset=s2-deadlock&duration=180&seed=2', 500, 60);
  const whole = storeFromSim('preset=s2-deadlock&duration=20&seed=2', 500);

  it('a metrics CSV exported 60 s into a 180 s run says incomplete, t = 60 of 180 s', () => {
    expect(early.done).toBe(false);
    expect(early.t).toBe(60);
    const text = dataFile(early, 'metrics', 'csv', undefined, exportMeta(early, loc))
      .data as string;
    const lines = text.split('\n');
    expect(lines).toContain('# run: incomplete (t = 60 of 180 s; exported before the run ended)');
    expect(lines).toContain('# simulated: 0 to 60 s');
    expect(lines).toContain(`# app: tcp-over-atm-lab ${pkg.version}`);
    expect(lines).toContain(`# commit: ${APP_COMMIT}`);
    const { meta } = parseCsv(text);
    expect([meta.complete, meta.simulatedSeconds, meta.durationSeconds]).toEqual([false, 60, 180]);
    expect(meta.commit).toBe(APP_COMMIT);
    expect(APP_COMMIT).toMatch(/^([0-9a-f]{7,}|unknown)$/);
  });

  it('the same in JSON, and every view of a finished run says complete', () => {
    const json = JSON.parse(
      dataFile(early, 'metrics', 'json', undefined, exportMeta(early, loc)).data as string,
    );
    expect(json).toMatchObject({
      version: pkg.version,
      commit: APP_COMMIT,
      complete: false,
      simulatedSeconds: 60,
      durationSeconds: 180,
    });
    const meta = exportMeta(whole, loc);
    for (const view of ['queue', 'pervc', 'timeseq', 'cwnd', 'occupancy', 'loss'] as const) {
      const csv = parseCsv(dataFile(whole, view, 'csv', undefined, meta).data as string);
      expect([csv.meta.complete, csv.meta.simulatedSeconds, csv.meta.durationSeconds]).toEqual([
        true,
        20,
        20,
      ]);
      const j = JSON.parse(dataFile(whole, view, 'json', undefined, meta).data as string);
      expect([j.complete, j.run]).toEqual([true, 'complete (t = 20 of 20 s)']);
    }
    expect(xplotFile(early, 0, exportMeta(early, loc)).data).toContain(
      'incomplete (t = 60 of 180 s',
    );
  });
});

describe('image legend and caption (legend.ts)', () => {
  it('names the series each view draws, the CBR cells only where they share the buffer', () => {
    const plain = storeFromSim('preset=s0-plain-ubr&duration=1&seed=9', 100);
    expect(viewLegend(plain, 'queue').map((l) => l.label)).toEqual([
      'VC 0',
      'VC 1',
      'VC 2',
      'VC 3',
    ]);
    expect(viewLegend(plain, 'cwnd').map((l) => l.label)).toEqual([
      'TCP 1',
      'TCP 2',
      'TCP 3',
      'TCP 4',
    ]);
    const cbr = storeFromSim('preset=s2-deadlock&duration=2', 500);
    expect(cbr.info!.scenario.cbrMbps).toBeGreaterThan(0);
    expect(viewLegend(cbr, 'occupancy').map((l) => l.label)).toContain('background (CBR) cells');
    // Losses: exactly the drop reasons in the run's loss table, by name.
    const reasons = new Set(
      Array.from(plain.tables.loss.cols.reason.subarray(0, plain.tables.loss.rows)),
    );
    expect(reasons.size).toBeGreaterThan(0);
    // …and the dead cells, the raster's hollow marks, with their count.
    expect(plain.tables.dead.rows).toBeGreaterThan(0);
    expect(viewLegend(plain, 'loss').map((l) => l.label)).toEqual([
      ...[...reasons].sort((a, b) => a - b).map((c) => reasonStyle(c).label),
      `dead cells: ${plain.tables.dead.rows}`,
    ]);
    expect(viewLegend(plain, 'metrics')).toEqual([]);
  });

  it('draws each drop reason and TCP mark by its shape, as the views do, not by colour alone', () => {
    // GFR's run drops cells for several reasons at once: each with its own shape.
    const gfr = storeFromSim('preset=s3-gfr-lan-tail-drop&duration=2', 200);
    const loss = viewLegend(gfr, 'loss');
    const codes = [
      ...new Set(Array.from(gfr.tables.loss.cols.reason.subarray(0, gfr.tables.loss.rows))),
    ].sort((a, b) => a - b);
    const drops = loss.filter((l) => !l.label.startsWith('dead cells'));
    expect(drops.map((l) => l.path)).toEqual(codes.map((c) => SHAPE_PATHS[reasonStyle(c).shape]));
    expect(new Set(loss.map((l) => l.path)).size).toBe(loss.length);
    const plain = storeFromSim('preset=s0-plain-ubr&duration=1&seed=9', 100);
    const marks = viewLegend(plain, 'timeseq').filter((l) => l.path);
    expect(marks.map((l) => [l.label, l.path])).toEqual([
      ['retransmission', SHAPE_PATHS.cross],
      [tcpEventRow('TIMEOUT').words, SHAPE_PATHS.bar],
      [tcpEventRow('FAST_RETRANSMIT').words, SHAPE_PATHS.triangle],
    ]);
  });

  it('captions the scenario link, the seed, the run state, the version and the commit', () => {
    const store = storeFromSim('preset=s2-deadlock&duration=8', 500, 3);
    const meta = exportMeta(store, { origin: 'https://lab.example', pathname: '/' });
    expect(imageCaption(meta)).toBe(
      `Scenario: https://lab.example/?${store.info!.query} (seed 1). Run incomplete (t = 3 of 8 s; exported before the run ended). tcp-over-atm-lab ${pkg.version}, commit ${APP_COMMIT}. Open the link to reproduce the run.`,
    );
  });
});

describe('what each view exports (build.ts)', () => {
  const store = storeFromSim('preset=s0-plain-ubr&duration=1&seed=9', 100);
  const meta = exportMeta(store, { origin: 'https://lab.example', pathname: '/app/' });
  const views: ExportView[] = ['queue', 'pervc', 'timeseq', 'cwnd', 'occupancy', 'loss', 'metrics'];

  it('embeds the page URL of the run and its seed', () => {
    expect(meta.scenarioUrl).toBe(`https://lab.example/app/?${store.info!.query}`);
    expect(meta.seed).toBe(9);
    expect(parseScenario(meta.scenarioUrl).scenario).toEqual(store.info!.scenario);
  });

  it('names files tcp-atm-<view>-<preset or custom>-seed<N>', () => {
    expect(fileName(store, 'queue', 'csv')).toBe('tcp-atm-queue-custom-seed9.csv');
    expect(fileName(store, 'timeseq', 'xplot', 2)).toBe('tcp-atm-timeseq-custom-seed9-tcp3.xpl');
    expect(presetOf(toQuery(parseScenario('preset=s2-deadlock').scenario))).toBe('s2-deadlock');
    expect(presetOf(store.info!.query)).toBeNull();
  });

  it.each(views)('%s: CSV and JSON parse, with the meta', (view) => {
    const csv = dataFile(store, view, 'csv', undefined, meta);
    expect(csv.name).toBe(`tcp-atm-${view}-custom-seed9.csv`);
    const parsed = parseCsv(csv.data as string);
    expect(parsed.meta.scenario).toBe(meta.scenarioUrl);
    expect(parsed.rows).toBeGreaterThan(0);
    const json = JSON.parse(dataFile(store, view, 'json', undefined, meta).data as string);
    expect(json.scenario).toBe(meta.scenarioUrl);
    expect(json.seed).toBe(9);
    if (view === 'metrics') expect(json.metrics).toEqual(store.metrics);
    else expect(Object.keys(json.tables).length).toBeGreaterThan(0);
  });

  it('queue and occupancy export the queue table exactly', () => {
    for (const view of ['queue', 'occupancy'] as const) {
      const parsed = parseCsv(dataFile(store, view, 'csv', undefined, meta).data as string);
      const q = store.tables.queue;
      expect(parsed.names).toEqual(['t', 'X', 'clp1', 'background', 'vc0', 'vc1', 'vc2', 'vc3']);
      expectColumnsExact(parsed.columns, { rows: q.rows, cols: q.cols });
    }
  });

  it('pervc exports the latest buffer snapshot, one row per VC', () => {
    const parsed = parseCsv(dataFile(store, 'pervc', 'csv', undefined, meta).data as string);
    const buf = store.buffer!;
    expect(parsed.rows).toBe(store.info!.nVc);
    expect(Array.from(parsed.columns.vc as Float64Array)).toEqual([0, 1, 2, 3]);
    expect(Array.from(parsed.columns.Xi as Float64Array)).toEqual(
      Array.from(buf.xi.subarray(0, 4)),
    );
    expect(Array.from(parsed.columns.X as Float64Array)).toEqual([buf.X, buf.X, buf.X, buf.X]);
    expect(parsed.meta.units.Xi).toBe('cells');
  });

  it('timeseq exports the selected connection’s segments, ACKs and events (or all)', () => {
    const one = parseCsv(dataFile(store, 'timeseq', 'csv', 1, meta).data as string);
    expect(one.meta.lines.connection).toBe('TCP 2');
    expect(new Set(one.columns.conn as Float64Array)).toEqual(new Set([1]));
    const all = parseCsv(dataFile(store, 'timeseq', 'csv', -1, meta).data as string);
    const T = store.tables;
    expect(all.rows).toBe(T.segments.rows + T.acks.rows + T.tcpEvents.rows + T.stalls.rows);
    const ev = all.columns.event as string[];
    expect(ev.filter((e) => e === 'segment')).toHaveLength(T.segments.rows);
    expect(ev.filter((e) => e === 'timeout')).toHaveLength(store.metrics!.timeouts);
    const t = all.columns.t as Float64Array;
    for (let i = 1; i < t.length; i++) expect(t[i]).toBeGreaterThanOrEqual(t[i - 1]);
    const segs = ev.flatMap((e, i) =>
      e === 'segment' ? [(all.columns.seq as Float64Array)[i]] : [],
    );
    expect(segs).toEqual(Array.from(T.segments.cols.seq.subarray(0, T.segments.rows)));
    const xpl = xplotFile(store, 1, meta);
    expect(xpl.name).toBe('tcp-atm-timeseq-custom-seed9-tcp2.xpl');
    expect(xpl.data).toMatch(/^timeval double\ntitle\nTCP 2 /);
  });
});
