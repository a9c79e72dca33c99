// Robustness of the scenario parser (the one the app, the worker and the CLI use): 10,000
// hostile URLs from a seeded generator. No exception escapes; every rejection is an issue whose
// message starts with the key's name; no bad key is dropped silently; the result is a valid
// scenario that survives a URL round trip, and a sample of 200 runs 20 ms of model time.
import { describe, expect, it } from 'vitest';
import type { ScenarioIssue } from '../../../../src/sim';
import {
  KEYS,
  PRESETS,
  Simulation,
  applyOverrides,
  defaultScenario,
  formatValue,
  keyLabel,
  parseScenario,
  parseValue,
  toQuery,
} from '../../../../src/sim';
import type { Scenario } from '../../../../src/sim';
import { isAppKey, parseAppLink } from '../../../../src/link';
import { Random } from '../../../../src/sim/core/random';
import { MAX_FUZZ_LENGTH, fuzzQuery } from '../../../helpers/fuzzQuery';
import { scenarioProblems } from '../../../helpers/validScenario';

const QUERIES = 10_000;
const RUN_EVERY = QUERIES / 200;
/** The longest message: the unknown-preset one lists every preset; nothing echoes 100 KB. */
const MAX_MESSAGE = 1000;

/** The key=value pairs of a link as the URL standard decodes them (what the parser sees). */
function decodedPairs(input: string): [string, string][] {
  let query = input.trim();
  const q = query.indexOf('?');
  if (q >= 0) query = query.slice(q + 1);
  const hash = query.indexOf('#');
  if (hash >= 0) query = query.slice(0, hash);
  return [...new URLSearchParams(query)];
}

/** What is wrong with a list of issues: a message not naming its key, too long, repeated. */
function issueProblems(issues: ScenarioIssue[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { key, message } of issues) {
    if (typeof key !== 'string' || !message.startsWith(`${keyLabel(key)}: `))
      problems.push(`does not name ${JSON.stringify(key)}: ${message.slice(0, 80)}`);
    if (message.length > MAX_MESSAGE) problems.push(`message of ${message.length} characters`);
    const id = JSON.stringify([key, message]);
    if (seen.has(id)) problems.push(`repeated: ${message.slice(0, 80)}`);
    seen.add(id);
  }
  return problems;
}

/** A pair the parser must have either applied or named in an issue; returns what went wrong. */
function silentlyDropped(s: Scenario, named: Set<string>, key: string, raw: string): string[] {
  if (named.has(key) || key === 'preset' || isAppKey(key)) return [];
  if (key === 'v') return raw === '1' || Number(raw) === 1 ? [] : [`v=${raw} not reported`];
  if (!(KEYS as string[]).includes(key)) return [`unknown key ${JSON.stringify(key)} not reported`];
  const r = parseValue(key as keyof Scenario, raw);
  if ('error' in r) return [`${key}: rejected value not reported`];
  const got = s[key as keyof Scenario];
  return formatValue(got) === formatValue(r.value)
    ? []
    : [`${key}: value neither kept nor reported`];
}

function problemsOf(query: string): string[] {
  const { scenario, errors } = parseAppLink(query);
  const problems = [...scenarioProblems(scenario), ...issueProblems(errors)];
  const named = new Set(errors.map((e) => e.key));
  const pairs = decodedPairs(query);
  const first = new Map<string, string>();
  for (const [k, v] of pairs) if (!first.has(k.trim())) first.set(k.trim(), v);
  for (const [k, v] of first) problems.push(...silentlyDropped(scenario, named, k, v));
  const presets = pairs.filter(([k]) => k.trim() === 'preset');
  if (presets.length && !named.has('preset') && !PRESETS.some((p) => p.name === presets[0][1]))
    problems.push('unknown preset not reported');
  const back = parseScenario(toQuery(scenario));
  if (back.errors.length || JSON.stringify(back.scenario) !== JSON.stringify(scenario))
    problems.push(`round trip: ${back.errors[0]?.message ?? 'a different scenario'}`);
  // The CLI's --set pairs: the same keys and values, the same rules.
  const cli = applyOverrides(defaultScenario(), pairs.slice(0, 50));
  problems.push(...scenarioProblems(cli.scenario), ...issueProblems(cli.errors));
  return problems;
}

describe(`${QUERIES.toLocaleString('en')} fuzzed scenario URLs`, () => {
  it('never throw; every rejection names its key; the scenario is valid and runs', () => {
    const r = new Random(20_260_611);
    const failures: string[] = [];
    let longest = 0;
    let runs = 0;
    for (let i = 0; i < QUERIES; i++) {
      const query = fuzzQuery(r);
      longest = Math.max(longest, query.length);
      const where = `#${i} ${JSON.stringify(query.slice(0, 120))}`;
      try {
        for (const p of problemsOf(query)) failures.push(`${where}: ${p}`);
        if (i % RUN_EVERY === 0) {
          const { scenario } = parseAppLink(query);
          const sim = new Simulation({ ...scenario, duration: Math.min(scenario.duration, 0.02) });
          sim.run(); // throws if a model invariant breaks
          if (!sim.done || !Number.isFinite(sim.metrics().efficiency))
            failures.push(`${where}: the run did not finish`);
          runs++;
        }
      } catch (e) {
        failures.push(`${where}: threw ${String(e).slice(0, 200)}`);
      }
    }
    expect(failures.slice(0, 10), `${failures.length} failures`).toEqual([]);
    expect(runs).toBe(200);
    // The generator did reach the sizes it promises.
    expect(longest).toBeGreaterThan(MAX_FUZZ_LENGTH * 0.9);
    expect(longest).toBeLessThanOrEqual(MAX_FUZZ_LENGTH);
  });

  it('the checks catch what they look for', () => {
    // Guards the guards: a message that does not name its key, or a repeated one, is caught.
    expect(issueProblems([{ key: 'mtu', message: 'bad value' }])).toHaveLength(1);
    expect(
      issueProblems([
        { key: 'x', message: 'x: unknown parameter (ignored)' },
        { key: 'x', message: 'x: unknown parameter (ignored)' },
      ]),
    ).toHaveLength(1);
    expect(
      issueProblems([{ key: '', message: '(empty key): unknown parameter (ignored)' }]),
    ).toEqual([]);
    const s = defaultScenario();
    expect(silentlyDropped(s, new Set(), 'nope', '1')).toHaveLength(1);
    expect(silentlyDropped(s, new Set(), 'mtu', 'abc')).toHaveLength(1);
    expect(silentlyDropped(s, new Set(), 'mtu', '1500')).toHaveLength(1);
    expect(silentlyDropped({ ...s, mtu: 1500 }, new Set(), 'mtu', '1500')).toEqual([]);
    expect(scenarioProblems({ ...s, bufferCells: -5 })).toHaveLength(1);
    expect(scenarioProblems({ ...s, dfbaL: 0, dfbaH: 0 })).toHaveLength(1);
  });
});

describe('bugs the fuzzer found, one link each', () => {
  const parse = (q: string) => parseScenario(q);

  it('a repeated bad key is named once (React lists issues by key + message)', () => {
    expect(parse('bogus=1&bogus=1&mtu=1500&mtu=9180&mtu=9180').errors).toEqual([
      { key: 'bogus', message: 'bogus: unknown parameter (ignored)' },
      { key: 'mtu', message: 'mtu: given more than once (first value kept)' },
    ]);
  });

  it('an empty key is named "(empty key)"', () => {
    expect(parse('=7').errors).toEqual([
      { key: '', message: '(empty key): unknown parameter (ignored)' },
    ]);
  });

  it('a 100 KB value or key is cut in the message, not echoed whole', () => {
    const junk = 'x'.repeat(100 * 1024);
    const [value] = parse(`bufferCells=${junk}`).errors;
    expect(value.key).toBe('bufferCells');
    expect(value.message).toBe(
      `bufferCells: "${'x'.repeat(60)}…" is not an integer from 1 to 600000 cells`,
    );
    const [key] = parse(`${junk}=1`).errors;
    expect(key.key).toBe(junk);
    expect(key.message).toBe(`${'x'.repeat(60)}…: unknown parameter (ignored)`);
    expect(parse(`preset=${junk}`).errors[0].message.length).toBeLessThan(MAX_MESSAGE);
  });

  it('dfbaH=0 is rejected by name (dfbaL could not be below it: the scenario stayed invalid)', () => {
    const { scenario, errors } = parse('dfbaH=0');
    expect(errors.map((e) => e.key)).toEqual(['dfbaH']);
    expect(scenario.dfbaL).toBeLessThan(scenario.dfbaH);
    expect(parse(toQuery(scenario)).errors).toEqual([]);
  });

  it('epdB beside epdThreshold: the message starts with epdB', () => {
    expect(parse('epdThreshold=5&epdB=1').errors[0].message).toMatch(/^epdB: /);
  });

  it('a second preset, or a preset key with spaces around it, is not dropped silently', () => {
    expect(parse('preset=s2-epd&preset=s0-ppd').errors).toEqual([
      { key: 'preset', message: 'preset: given more than once (first value kept)' },
    ]);
    const spaced = parse('%20preset%20=s2-epd');
    expect(spaced.errors).toEqual([]);
    expect(toQuery(spaced.scenario)).toBe(toQuery(parse('preset=s2-epd').scenario));
  });

  it("the model's parser knows only scenario keys; an app link's own keys are the app's to skip", () => {
    const link = 'preset=s2-epd&lesson=deadlock&step=2&t=3.5&b.policy=sd&bufferCells=2000';
    expect(parseScenario(link).errors.map((e) => e.key)).toEqual([
      'lesson',
      'step',
      't',
      'b.policy',
    ]);
    const app = parseAppLink(link);
    expect(app.errors).toEqual([]);
    expect(app.scenario).toEqual(parseScenario('preset=s2-epd&bufferCells=2000').scenario);
  });
});
