// One place for each fact: a buffer policy, a drop reason, a metric and a TCP event kind are
// declared once in the model (the policy registry, the drop-reason table, the metrics table, the
// TCP event table), and every reader has an entry for each of them: the schema and the settings, the live keys, the sweep, the views'
// labels and colours, the inspector, the metrics panel, the CLI's table and the sweep's axes and help.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Metrics, Policy, Scenario } from '../../src/sim';
import { metricRows, metricsHelp } from '../../src/cli/metricText';
import {
  DROP_REASON_TABLE,
  DROP_REASONS,
  LIVE_KEYS,
  METRICS,
  METRIC_KEYS,
  metricsWith,
  POLICIES,
  POLICY_MODULES,
  SCHEMA,
  defaultScenario,
} from '../../src/sim';
import { DEFAULT_METRICS, parseSeries, METRIC_KEYS as SWEEP_METRIC_KEYS } from '../../src/sweep';
import { explainDrop } from '../../src/ui/inspect/explain';
import { METRIC_INFO } from '../../src/ui/metricInfo';
import { metricLabel } from '../../src/ui/sweep/labels';
import { SHAPE_PATHS, reasonStyle } from '../../src/ui/views/palette';
import { TCP_EVENT_TABLE, TcpEvent, tcpEventOf } from '../../src/sim';
import { RunStore } from '../../src/ui/data/runStore';
import { viewLegend } from '../../src/ui/export/legend';
import { TCP_EVENT_LEGEND, tcpEventName } from '../../src/ui/export/meta';
import { toXplot } from '../../src/ui/export/xplot';
import { MARK_KINDS } from '../../src/ui/timeline/marks';
import { legendItems } from '../../src/ui/views/legend';
import { markColors } from '../../src/ui/views/palette';
import type { RunInfo } from '../../src/worker/protocol';

const HEX = /^#[0-9a-fA-F]{6}$/;
const enumLabels = (key: 'policy' | 'portPolicy') => {
  const d = SCHEMA[key];
  if (d.kind !== 'enum') throw new Error(`${key} is not an enum`);
  return d as {
    options: readonly string[];
    optionLabels: Record<string, string>;
    optionHelp: Record<string, string>;
  };
};

describe('every buffer policy, declared in its file, is read everywhere', () => {
  it('the registry lists every policy module declared in atm/policies/, each once', async () => {
    const dir = new URL('../../src/sim/atm/policies/', import.meta.url);
    const declared: unknown[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const exports = (await import(new URL(file, dir).href)) as Record<string, unknown>;
      for (const v of Object.values(exports))
        if (typeof v === 'object' && v !== null && 'id' in v && 'create' in v && 'explain' in v)
          declared.push(v);
    }
    expect(declared.length).toBeGreaterThan(10);
    for (const m of declared) expect(POLICY_MODULES, (m as { id: string }).id).toContain(m);
    expect(POLICY_MODULES).toHaveLength(declared.length);
    expect(new Set(POLICIES).size).toBe(POLICIES.length);
  });

  for (const m of POLICY_MODULES)
    it(`${m.id}: picker, settings, live keys, sweep and inspector`, () => {
      const id = m.id as Policy;
      expect(m.label.length * m.help.length).toBeGreaterThan(0);
      for (const key of ['policy', 'portPolicy'] as const) {
        const d = enumLabels(key);
        expect(d.options, key).toContain(id);
        expect(d.optionLabels[id], key).toBe(m.label);
        expect(d.optionHelp[id], key).toBe(m.help);
      }
      // Its own keys are schema keys that apply under it, in a settings section, and live
      // unless it says otherwise.
      const live = (m as { live?: readonly string[] }).live ?? Object.keys(m.keys);
      for (const k of Object.keys(m.keys)) {
        const d = SCHEMA[k as keyof Scenario];
        expect(d, k).toBeDefined();
        expect(d.policies, k).toContain(id);
      }
      for (const k of live) expect(LIVE_KEYS.has(k as keyof Scenario), k).toBe(true);
      expect(parseSeries('policy', id).values).toEqual([id]);
      // The inspector words an overflow under it with its name or its own words, never a bare code.
      const s = { ...defaultScenario(), policy: id };
      const d = {
        t: 1,
        vc: 0,
        conn: 0,
        seq: 0,
        cells: 1,
        X: 100,
        Xi: 50,
        Na: 2,
        threshold: 100,
        extra: 0,
      };
      const e = explainDrop({ ...d, reason: DROP_REASONS.indexOf('overflow') }, s, {
        policy: id,
        K: 100,
      });
      expect(e.rule).toContain('X = K');
      expect(e.verdict.length).toBeGreaterThan(0);
    });

  it('every key a schema entry names a policy for is a registered policy', () => {
    for (const [k, d] of Object.entries(SCHEMA))
      for (const p of d.policies ?? []) expect(POLICIES, k).toContain(p);
  });
});

describe('every drop reason has words, a colour and an explanation', () => {
  it('names are unique, and the views read the labels and colours from the table', () => {
    expect(new Set(DROP_REASONS).size).toBe(DROP_REASONS.length);
    DROP_REASON_TABLE.forEach((r, code) => {
      expect(r.label.length * r.rule.length, r.name).toBeGreaterThan(0);
      expect(r.color.light, r.name).toMatch(HEX);
      expect(r.color.dark, r.name).toMatch(HEX);
      const shape = reasonStyle(code, false).shape;
      expect(SHAPE_PATHS[shape], r.name).toBeTruthy();
      expect(reasonStyle(code, false)).toEqual({ label: r.label, color: r.color.light, shape });
      expect(reasonStyle(code, true)).toEqual({ label: r.label, color: r.color.dark, shape });
    });
  });

  for (const r of DROP_REASON_TABLE.slice(1))
    it(`${r.name}: the inspector explains it with its numbers`, () => {
      // Under the policy that declares words for it, or (a reason of the port) under EPD.
      const owner = POLICY_MODULES.find((m) => r.name in m.explain)?.id ?? 'epd';
      const s = { ...defaultScenario(), policy: owner as Policy };
      const d = {
        t: 1,
        vc: 1,
        conn: 1,
        seq: 0,
        cells: 3,
        X: 90,
        Xi: 40,
        Na: 2,
        threshold: 80,
        extra: 0.5,
      };
      const e = explainDrop({ ...d, reason: DROP_REASONS.indexOf(r.name) }, s, {
        policy: owner as Policy,
        K: 100,
      });
      expect(e.rule).not.toBe(r.name);
      expect(e.verdict.length, r.name).toBeGreaterThan(0);
      expect(e.values.find((v) => v.testId === 'X')?.value).toBe('90');
    });
});

describe('every metric has its unit, definition and direction, read by the UI and the sweep', () => {
  it('the table', () => {
    for (const k of METRIC_KEYS) {
      const m = METRICS[k];
      expect(m.label.length * m.definition.length, k).toBeGreaterThan(0);
      expect(['ratio', 'Mbit/s', 's', 'count'], k).toContain(m.unit);
      expect(['higher', 'lower', null], k).toContain(m.better);
    }
  });

  it('the sweep records the table’s metrics, named on its axes as the table says', () => {
    expect(SWEEP_METRIC_KEYS).toBe(METRIC_KEYS);
    for (const k of METRIC_KEYS) {
      const m = METRICS[k];
      expect(metricLabel(k)).toEqual({
        name: m.axis ?? m.label,
        unit: m.unit === 'ratio' ? '' : m.unit,
      });
    }
    expect(metricLabel('fairness').name).toBe('Fairness (Jain)');
  });

  it('the metrics panel, Compare and the challenges show the table’s words and directions', () => {
    expect(METRIC_INFO.length).toBeGreaterThan(10);
    for (const info of METRIC_INFO) {
      const m = METRICS[info.key];
      expect(info.label, info.key).toBe(m.label);
      expect(info.better, info.key).toBe(m.better);
      expect(info.help, info.key).toBe(m.definition);
      expect(info.format, info.key).toBe(m.panel?.format);
    }
  });

  it('the panel, the CLI’s table and the sweep’s help are the table’s, each metric in its place', () => {
    for (const part of ['panel', 'cli'] as const) {
      const places = METRIC_KEYS.flatMap((k) => METRICS[k][part]?.at ?? []).sort((a, b) => a - b);
      expect(places, part).toEqual(places.map((_, i) => i + 1));
    }
    expect(METRIC_INFO.map((i) => i.key)).toEqual(metricsWith('panel'));
    expect(METRIC_INFO.slice(0, 4).map((i) => i.key)).toEqual([
      'efficiency',
      'fairness',
      'goodputMbps',
      'clr',
    ]);
    // Each row of `npm run sim`'s table is named as the table says and reads its own metric.
    const m = {
      ...Object.fromEntries(METRIC_KEYS.map((k, i) => [k, i + 0.25])),
      perConnection: [],
      perVc: [],
    } as unknown as Metrics;
    const rows = metricRows(m);
    const cli = metricsWith('cli');
    expect(rows.map(([label]) => label)).toEqual(cli.map((k) => METRICS[k].cli?.label));
    cli.forEach((k, row) =>
      expect(metricRows({ ...m, [k]: m[k] + 1 })[row], k).not.toEqual(rows[row]),
    );
    // The sweep's help names every metric, in the table's order.
    const words = metricsHelp().split(/[\s,:()]+/);
    expect(words.filter((w) => (METRIC_KEYS as string[]).includes(w))).toEqual([
      ...DEFAULT_METRICS,
      ...METRIC_KEYS,
    ]);
  });
});

describe('every TCP event kind, declared once, is worded the same everywhere it is shown', () => {
  it('the table: codes 1, 2, 3… in order, each key and name once, the codes the sender records', () => {
    expect(TCP_EVENT_TABLE.map((e) => e.code)).toEqual(TCP_EVENT_TABLE.map((_, i) => i + 1));
    expect(TCP_EVENT_TABLE.map((e) => e.name)).toEqual(['timeout', 'fast-retransmit', 'abort']);
    expect(new Set(TCP_EVENT_TABLE.map((e) => e.key)).size).toBe(TCP_EVENT_TABLE.length);
    for (const e of TCP_EVENT_TABLE) {
      expect(TcpEvent[e.key]).toBe(e.code);
      expect(tcpEventOf(e.code)).toBe(e);
      expect(e.words.length * e.short.length, e.name).toBeGreaterThan(0);
    }
    expect(tcpEventOf(0)).toBeUndefined();
    expect(tcpEventOf(TCP_EVENT_TABLE.length + 1)).toBeUndefined();
  });

  // One event of each kind, for connection 0, at t = code seconds.
  const n = TCP_EVENT_TABLE.length;
  const events = {
    rows: n,
    cols: {
      t: Float64Array.from(TCP_EVENT_TABLE, (e) => e.code),
      conn: new Int32Array(n),
      kind: Uint8Array.from(TCP_EVENT_TABLE, (e) => e.code),
    },
  };
  const none = { rows: 0, cols: { t: [], conn: [], seq: [], len: [], retx: [], ack: [], win: [] } };
  const xplot = toXplot(none, none, events, 0, { scenarioUrl: 'x', seed: 1, exported: '' }).split(
    '\n',
  );
  const info = {
    scenario: defaultScenario(),
    nVc: 1,
    nConn: 1,
    vcOfConn: [0],
    thresholds: [],
  } as unknown as RunInfo;
  const store = new RunStore();
  store.info = info;

  for (const e of TCP_EVENT_TABLE)
    it(`${e.name}: the exports, xplot, the plots' marks and legends, and the timeline`, () => {
      expect(tcpEventName(e.code)).toBe(e.name);
      expect(TCP_EVENT_LEGEND.split('; ')).toContain(`${e.code} = ${e.words}`);
      // xplot labels the event with its short name, right after its mark's `atext`.
      const at = xplot.findIndex((l) => l.startsWith(`atext ${e.code}.000000 `));
      expect(at, e.name).toBeGreaterThan(0);
      expect(xplot[at + 1]).toBe(e.short);
      if (e.mark === null) return;
      // Marked on the plots: a colour in each theme, named by the views' and the images' legends.
      for (const dark of [false, true]) {
        const color = markColors(dark)[e.mark];
        expect(color).toMatch(HEX);
        for (const view of ['timeseq', 'cwnd'] as const) {
          const item = legendItems(view, info, { dark }).find((x) => x.color === color);
          expect(item?.label, `${view} ${dark}`).toMatch(new RegExp(`^(${e.short}|${e.words})$`));
        }
        expect(viewLegend(store, 'timeseq', dark)).toContainEqual(
          expect.objectContaining({ label: e.words, color }),
        );
      }
      const kind = e.key === 'TIMEOUT' ? 'first-timeout' : 'first-fr';
      expect(MARK_KINDS[kind].name).toBe(`first ${e.words}`);
    });
});
