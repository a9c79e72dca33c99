// Words for people: names of options and fields, sections, which settings apply, legends and
// the contrast of every mark in both themes.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../src/sim';
import {
  FIELD_ORDER,
  GROUP_IDS,
  KEYS,
  PAPERS,
  PAPER_TAGS,
  PRESETS,
  SCHEMA,
  DROP_REASONS,
  applies,
  groupedKeys,
  optionLabel,
  papersCited,
  parseScenario,
  runScenario,
} from '../../../../src/sim';
import { markColors, reasonStyle, seriesColor } from '../../../../src/ui/views/palette';
import { legendItems } from '../../../../src/ui/views/legend';
import type { LegendView } from '../../../../src/ui/views/legend';
import type { RunInfo } from '../../../../src/worker/protocol';

/** Keys missing from FIELD_ORDER or listed twice or in the wrong section. */
function fieldOrderProblems(): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const g of GROUP_IDS)
    for (const k of FIELD_ORDER[g]) {
      if (seen.has(k)) out.push(`${k} listed twice`);
      seen.set(k, g);
      if (SCHEMA[k].group !== g) out.push(`${k} is in ${g}, its schema says ${SCHEMA[k].group}`);
    }
  for (const k of KEYS) if (!seen.has(k)) out.push(`${k} is in no section`);
  return out;
}

/** WCAG 2.1 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const f = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The custom properties of a theme block of styles/shell.css (`:root {` or the dark one). */
function cssVars(block: string): Record<string, string> {
  const css = readFileSync('src/ui/styles/shell.css', 'utf8');
  const start = css.indexOf(`${block} {`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--[\w-]+):\s*(#[0-9a-fA-F]{3,6})/g)].map((m) => [m[1], m[2]]),
  );
}
const THEMES = {
  light: cssVars(':root'),
  dark: cssVars(":root[data-theme='dark']"),
};

/** The plot background of each theme: the panels' --panel in styles/shell.css. */
const PLOT_BACKGROUND = { light: '#ffffff', dark: '#1c1e24' } as const;
/** Every series colour of a theme (they repeat past the palette's length). */
const seriesPalette = (dark: boolean) => [
  ...new Set(Array.from({ length: 32 }, (_, i) => seriesColor(i, dark))),
];
/** Every drop reason's colour of a theme, as the views draw it. */
const reasonPalette = (dark: boolean) => DROP_REASONS.map((_, i) => reasonStyle(i, dark).color);

describe('contrast of every mark against the plot background (WCAG 2.1)', () => {
  for (const theme of ['light', 'dark'] as const) {
    const dark = theme === 'dark';
    const vars = THEMES[theme];
    const bg = PLOT_BACKGROUND[theme];

    it(`${theme}: the plot background is the panels' --panel`, () => {
      expect(vars['--panel']?.toLowerCase()).toBe(bg.toLowerCase());
    });

    it(`${theme}: series, drop reasons and marks ≥ 3:1; text ≥ 4.5:1`, () => {
      const marks = markColors(dark);
      const graphic: [string, string][] = [
        ...seriesPalette(dark).map((c, i) => [`series ${i}`, c] as [string, string]),
        ...reasonPalette(dark).map((c, i) => [`reason ${i}`, c] as [string, string]),
        ...Object.entries(marks)
          .filter(([, c]) => typeof c === 'string')
          .map(([k, c]) => [k, c as string] as [string, string]),
        ['--limit (per-VC limit line)', vars['--limit']],
        ['--accent', vars['--accent']],
      ];
      const low = graphic
        .map(([name, c]) => [name, c, contrast(c, bg)] as const)
        .filter(([, , r]) => r < 3);
      expect(low, `marks below 3:1 on ${bg}`).toEqual([]);
      // Coloured text drawn on the plots: RTO and deadlock labels, threshold labels, the labels
      // of rings; and the page's text colours.
      const text: [string, string][] = [
        ['timeout labels', marks.timeout],
        ['stop-and-go label', marks.stopAndGo],
        ['threshold labels', marks.threshold],
        ['ring labels', marks.highlight],
        ['--fg', vars['--fg']],
        ['--muted', vars['--muted']],
      ];
      const lowText = text
        .map(([name, c]) => [name, c, contrast(c, bg)] as const)
        .filter(([, , r]) => r < 4.5);
      expect(lowText, `text below 4.5:1 on ${bg}`).toEqual([]);
    });
  }

  it('sweep plot series ≥ 3:1 in both themes', () => {
    const css = readFileSync('src/ui/sweep/sweep.css', 'utf8');
    const block = (head: string) => {
      const i = css.indexOf(head);
      return css.slice(i, css.indexOf('}', i));
    };
    for (const [head, bg] of [
      ['.sweep-panel {', PLOT_BACKGROUND.light],
      [":root[data-theme='dark'] .sweep-panel {", PLOT_BACKGROUND.dark],
    ] as const) {
      const colours = [...block(head).matchAll(/--sweep-s\d:\s*(#[0-9a-fA-F]{6})/g)].map(
        (m) => m[1],
      );
      expect(colours.length, head).toBe(7);
      for (const c of colours) expect(contrast(c, bg), `${head} ${c}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('timeline marks ≥ 3:1 in both themes, on the page and on a card', async () => {
    const { MARK_KINDS } = await import('../../../../src/ui/timeline/marks');
    const css = readFileSync('src/ui/timeline/timeline.css', 'utf8');
    const darkBlock = css.slice(css.indexOf(":root[data-theme='dark'] .timeline"));
    const darkOf = (kind: string) =>
      new RegExp(`--tl-${kind}:\\s*(#[0-9a-fA-F]{6})`).exec(darkBlock)?.[1];
    for (const [kind, { color }] of Object.entries(MARK_KINDS)) {
      for (const bg of [THEMES.light['--bg'], THEMES.light['--card']])
        expect(contrast(color, bg), `${kind} light on ${bg}`).toBeGreaterThanOrEqual(3);
      const dark = darkOf(kind) ?? color;
      for (const bg of [THEMES.dark['--bg'], THEMES.dark['--card']])
        expect(contrast(dark, bg), `${kind} dark ${dark} on ${bg}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('the contrast function gives the WCAG figures (black on white 21:1, #777 on white 4.48)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('names for people', () => {
  it('every enum option has a name, distinct within its key; the key stays the value', () => {
    for (const k of KEYS) {
      const d = SCHEMA[k];
      expect(d.label.trim(), k).not.toBe('');
      if (d.kind !== 'enum') continue;
      const labels = d.options.map((o) => optionLabel(k, o));
      for (const [i, l] of labels.entries()) expect(l.trim(), `${k}=${d.options[i]}`).not.toBe('');
      expect(new Set(labels).size, k).toBe(labels.length);
    }
    expect(optionLabel('policy', 'epd')).toBe('Early Packet Discard (EPD)');
    expect(optionLabel('policy', 'sd')).toBe('Selective Drop (SD)');
    expect(optionLabel('policy', 'fba')).toBe('Fair Buffer Allocation (FBA)');
    expect(optionLabel('scheduler', 'rr')).toBe('Round robin per VC');
    expect(optionLabel('portPolicy', 'epd')).toBe('Early Packet Discard (EPD)');
  });

  it('every key is in exactly one section, the one its schema names; Buffer policy first', () => {
    expect(fieldOrderProblems()).toEqual([]);
    const groups = groupedKeys();
    expect(groups.map((g) => g.group)).toEqual([...GROUP_IDS]);
    expect(groups[0].group).toBe('switch');
    expect(groups[0].keys.slice(0, 2)).toEqual(['policy', 'bufferCells']);
  });

  it('paper tags in help texts resolve to authors and titles', () => {
    expect(papersCited('S1 §4 and (S3); not S10 or XS2')).toEqual(['S1', 'S3']);
    for (const t of PAPER_TAGS) expect(PAPERS[t].authors.length).toBeGreaterThan(3);
    const cited = new Set(KEYS.flatMap((k) => papersCited(SCHEMA[k].help)));
    expect([...cited].sort()).toEqual([...PAPER_TAGS]);
  });
});

describe('settings that do not apply', () => {
  const scen = (q: string): Scenario => {
    const p = parseScenario(q);
    expect(p.errors, q).toEqual([]);
    return p.scenario;
  };

  it('hides network keys on a single switch and shows them on the templates that use them', () => {
    const single = scen('');
    for (const k of [
      'hops',
      'bottleneckHop',
      'entryHop',
      'hopMbps',
      'hopDelayMs',
      'portPolicy',
    ] as const)
      expect(applies(k, single), k).toBe(false);
    const chain = scen('topology=chain');
    expect(applies('hops', chain)).toBe(true);
    expect(applies('bottleneckHop', chain)).toBe(true);
    expect(applies('entryHop', chain)).toBe(false);
    expect(applies('entryHop', scen('topology=parking-lot'))).toBe(true);
    const edge = scen('topology=edge');
    expect(applies('hops', edge)).toBe(false);
    expect(applies('portPolicy', edge)).toBe(true);
  });

  it("shows the thresholds of every policy in use, the ports' own included", () => {
    expect(applies('epdB', scen('policy=epd'))).toBe(true);
    expect(applies('sdZ', scen('policy=epd'))).toBe(false);
    expect(applies('sdZ', scen('policy=eubr&eubrTest=sd'))).toBe(true);
    expect(applies('fbaZ', scen('policy=eubr&eubrTest=sd'))).toBe(false);
    expect(applies('fbaZ', scen('policy=eubr&eubrTest=fba'))).toBe(true);
    const mixed = scen('topology=chain&policy=epd&portPolicy=same,sd,same');
    expect(applies('sdZ', mixed)).toBe(true);
    expect(applies('sdR', mixed)).toBe(true);
    expect(applies('fbaR', mixed)).toBe(false);
    // A port policy on a single switch changes nothing.
    expect(applies('sdZ', scen('policy=epd&portPolicy=sd'))).toBe(false);
  });

  /** A valid value of `k` other than the scenario's (a URL value), or null. */
  function otherValue(s: Scenario, k: keyof Scenario): string | null {
    const d = SCHEMA[k];
    const cur = s[k];
    const cands: string[] =
      d.kind === 'enum'
        ? d.options.filter((o) => o !== (Array.isArray(cur) ? cur[0] : cur))
        : d.kind === 'bool'
          ? [(Array.isArray(cur) ? cur[0] : cur) ? '0' : '1']
          : [d.max, d.min, (d.min + d.max) / 2, d.min + d.step]
              .map((v) => (d.kind === 'int' ? Math.round(v) : v))
              .filter((v) => v !== (Array.isArray(cur) ? cur[0] : cur))
              .map(String);
    for (const c of cands) {
      const q = `${base}&${k}=${c}`;
      if (parseScenario(q).errors.length === 0) return c;
    }
    return null;
  }
  let base = '';

  // Changing a hidden key must change nothing in the run: the same metrics to the last bit.
  for (const q of [
    'duration=0.3',
    'duration=0.3&policy=sd&topology=chain&hops=2',
    'duration=0.3&policy=tail-drop&topology=parking-lot&hops=2&sources=4',
    'duration=0.3&policy=eubr&ack=stretch&tcp=vanilla',
    'duration=0.3&topology=edge&sources=2&tcpsPerVc=2&scheduler=wfq&gfr=1&mcr=10',
  ]) {
    it(`a hidden key changes nothing in the run: ${q}`, () => {
      base = q;
      const s = scen(q);
      const ref = JSON.stringify(runScenario(s).metrics);
      const hidden = KEYS.filter((k) => !applies(k, s));
      expect(hidden.length).toBeGreaterThan(10);
      let tried = 0;
      for (const k of hidden) {
        const v = otherValue(s, k);
        if (v === null) continue;
        tried++;
        const other = scen(`${q}&${k}=${v}`);
        expect(JSON.stringify(runScenario(other).metrics), `${k}=${v}`).toBe(ref);
      }
      expect(tried).toBeGreaterThan(10);
    });
  }
});

describe('legends', () => {
  const info = (q: string, nVc = 4): RunInfo =>
    ({
      scenario: parseScenario(q).scenario,
      nVc,
      nConn: nVc,
      vcOfConn: Array.from({ length: nVc }, (_, i) => i),
      thresholds: [{ label: 'EPD threshold R', cells: 700 }],
    }) as unknown as RunInfo;

  it('names what each view draws', () => {
    const labels = (v: LegendView, i: RunInfo, extra = {}) =>
      legendItems(v, i, { dark: false, ...extra }).map((x) => x.label);
    expect(labels('occupancy', info(''))).toEqual([
      'total X',
      'VC 0 (X_i)',
      'VC 1 (X_i)',
      'VC 2 (X_i)',
      'VC 3 (X_i)',
      'K',
      'policy threshold',
    ]);
    const cbr = info('cbrMbps=10&cbrSharesBuffer=1');
    expect(labels('queue', cbr)).toContain('CBR/VBR background');
    expect(labels('queue', info('cbrMbps=10'))).not.toContain('CBR/VBR background');
    expect(labels('cwnd', info(''))).toEqual(
      expect.arrayContaining(['ssthresh', 'RTO', 'fast retransmit']),
    );
    const ts = labels('timeseq', info(''), { stalls: { timeout: true, stopAndGo: false } });
    expect(ts).toEqual(
      expect.arrayContaining([
        'segment sent',
        'retransmission',
        'ACK',
        'ACK + window',
        'RTO',
        'fast retransmit',
      ]),
    );
    expect(ts.some((l) => l.startsWith('deadlock (b)'))).toBe(true);
    expect(ts.some((l) => l.startsWith('stop-and-go'))).toBe(false);
    expect(labels('loss', info(''), { reasons: [1, 3] })).toEqual([
      'buffer overflow',
      'EPD (R exceeded)',
      'dead cells',
    ]);
    expect(labels('pervc', info(''), { limits: true })).toContain('per-VC limit');
    // The time cursor, on the time plots only.
    expect(labels('cwnd', info(''), { cursor: true })).toContain('time shown');
    expect(labels('cwnd', info(''))).not.toContain('time shown');
    expect(labels('queue', info(''), { cursor: true })).not.toContain('time shown');
    // Many VCs: at most eight swatches.
    expect(legendItems('queue', info('', 20), { dark: true }).length).toBeLessThanOrEqual(9);
  });

  it('uses the colours the views draw with, per theme', () => {
    const i = info('');
    for (const dark of [false, true]) {
      const m = markColors(dark);
      const ts = legendItems('timeseq', i, { dark, stalls: { timeout: true, stopAndGo: true } });
      expect(ts.find((x) => x.label === 'RTO')?.color).toBe(m.timeout);
      expect(ts.find((x) => x.label.startsWith('stop-and-go'))?.color).toBe(m.stopAndGo);
      expect(ts.find((x) => x.label === 'retransmission')?.color).toBe(m.retx);
    }
  });
});

/** Source files under `dir` (recursively). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|css)$/.test(f) ? [p] : [];
  });
}
/** The text of a source file without its comments (what can reach a person). */
function withoutComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/.*$/gm, '$1');
}

describe('no internal file in what a person reads', () => {
  const FORBIDDEN = /domain\.md|\.\.\/shared|shared\/spec|shared\/seeds|\/work\//;
  it('schema labels, help texts and option texts', () => {
    for (const k of KEYS) {
      const d = SCHEMA[k];
      const texts = [
        d.label,
        d.help,
        ...(d.kind === 'enum'
          ? [...Object.values(d.optionHelp), ...Object.values(d.optionLabels)]
          : []),
      ] as string[];
      for (const t of texts) expect(t, k).not.toMatch(FORBIDDEN);
    }
  });
  it('presets', () => {
    expect(JSON.stringify(PRESETS)).not.toMatch(FORBIDDEN);
  });
  it('the model and the CLI, comments included', () => {
    const sources = [...files('src/sim'), ...files('src/cli')];
    const bad = sources.filter((p) => FORBIDDEN.test(readFileSync(p, 'utf8')));
    expect(bad).toEqual([]);
  });
  it('the UI and the CLI, comments aside', () => {
    const sources = [...files('src/ui'), ...files('src/cli'), 'src/sim/scenario/schema.ts'];
    expect(sources.length).toBeGreaterThan(20);
    const bad = sources.filter((p) => FORBIDDEN.test(withoutComments(readFileSync(p, 'utf8'))));
    expect(bad).toEqual([]);
  });
});
