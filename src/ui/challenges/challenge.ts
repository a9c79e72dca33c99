/**
 * A challenge an instructor shares as a link: a question, scenario keys fixed at given values
 * (locked: shown disabled; hidden: not shown), and a check the app evaluates on the student's
 * own runs (a metric, a comparator, a target, and optionally a key to minimise or maximise).
 *
 * The link carries it as `challenge=<lz-string of its JSON>`; the scenario itself stays in the
 * ordinary URL keys, so the same link also replays in the CLI. Decoding never throws: a bad
 * value gives a message naming the URL key and the field.
 */
import LZString from 'lz-string';
import type { Scenario } from '../../sim';
import { SCHEMA, formatValue, parseValue } from '../../sim';
import { METRIC_INFO } from '../metricInfo';

export type MetricKey = (typeof METRIC_INFO)[number]['key'];
export type ScenarioKey = keyof Scenario;

export const COMPARATORS = ['>=', '<=', '>', '<'] as const;
export type Comparator = (typeof COMPARATORS)[number];

export const COMPARATOR_TEXT: Record<Comparator, string> = {
  '>=': '≥',
  '<=': '≤',
  '>': '>',
  '<': '<',
};

export interface Challenge {
  title: string;
  question: string;
  /** Keys shown disabled, with the value they are fixed at (the URL form, "553", "epd"; "" for
   * an optional key left unset, so the model's automatic value applies). */
  locked: Partial<Record<ScenarioKey, string>>;
  /** Keys not shown at all, with their fixed values. */
  hidden: Partial<Record<ScenarioKey, string>>;
  metric: MetricKey;
  comparator: Comparator;
  target: number;
  /** Among passing runs, the best has the smallest (min) or largest (max) value of this key. */
  optimise?: { key: ScenarioKey; dir: 'min' | 'max' };
}

/** The URL key. */
export const CHALLENGE_KEY = 'challenge';
/** Format version inside the encoded JSON. */
const VERSION = 1;
export const TITLE_MAX = 120;
export const QUESTION_MAX = 600;
/** Longest encoded value read (a link may carry 100 KB of junk). */
const ENCODED_MAX = 8000;

const METRIC_KEYS = new Set<string>(METRIC_INFO.map((m) => m.key));
const isScenarioKey = (k: string): k is ScenarioKey =>
  Object.prototype.hasOwnProperty.call(SCHEMA, k);

function isOptional(k: ScenarioKey): boolean {
  const d = SCHEMA[k];
  return d.kind !== 'enum' && d.kind !== 'bool' && d.optional === true;
}

export function metricLabel(key: MetricKey): string {
  return METRIC_INFO.find((m) => m.key === key)?.label ?? key;
}

/** A metric value as the metrics panel shows it ("90.26 %", "0.950", "3"). */
export function formatMetric(key: MetricKey, v: number): string {
  const info = METRIC_INFO.find((m) => m.key === key);
  return info ? info.format(v) : String(v);
}

/** Whether the metric is a ratio shown in percent (the builder takes its target in %). */
export function isPercent(key: MetricKey): boolean {
  return formatMetric(key, 1).endsWith('%');
}

/** "553 cells", "Early Packet Discard (EPD)", "on": a key's URL value as a person reads it. */
export function formatKeyValue(key: ScenarioKey, raw: string): string {
  const d = SCHEMA[key];
  if (raw === '') return 'auto';
  if (d.kind === 'enum') return (d.optionLabels as Record<string, string>)[raw] ?? raw;
  if (d.kind === 'bool') return raw === '1' ? 'on' : raw === '0' ? 'off' : raw;
  return d.unit ? `${raw} ${d.unit}` : raw;
}

/** Every fixed key (locked and hidden) with its value. */
export function fixedKeys(c: Challenge): [ScenarioKey, string][] {
  return [...Object.entries(c.locked), ...Object.entries(c.hidden)] as [ScenarioKey, string][];
}

/** The scenario with the challenge's fixed keys applied (values were checked on decoding). */
export function applyFixed(s: Scenario, c: Challenge): Scenario {
  const out = { ...s } as Record<string, unknown>;
  for (const [k, raw] of fixedKeys(c)) {
    if (raw === '') {
      out[k] = undefined;
      continue;
    }
    const r = parseValue(k, raw);
    if ('value' in r) out[k] = r.value;
  }
  return out as unknown as Scenario;
}

/** The fixed keys whose value in `s` differs from the challenge's. */
export function brokenLocks(s: Scenario, c: Challenge): ScenarioKey[] {
  return fixedKeys(c)
    .filter(([k, raw]) => {
      if (raw === '') return s[k] !== undefined;
      const r = parseValue(k, raw);
      const v = s[k];
      return !('value' in r) || v === undefined || formatValue(v) !== formatValue(r.value);
    })
    .map(([k]) => k);
}

/** Builds a challenge with the given keys fixed at their values in `s`. */
export function fixFrom(
  s: Scenario,
  keys: Iterable<ScenarioKey>,
): Partial<Record<ScenarioKey, string>> {
  const out: Partial<Record<ScenarioKey, string>> = {};
  for (const k of keys) {
    const v = s[k];
    out[k] = v === undefined ? '' : formatValue(v);
  }
  return out;
}

/** The JSON form inside the link: short field names keep links short. */
interface Wire {
  v: number;
  t: string;
  q: string;
  l: Record<string, string>;
  h: Record<string, string>;
  m: string;
  c: string;
  x: number;
  o?: [string, string];
}

export function encodeChallenge(c: Challenge): string {
  const w: Wire = {
    v: VERSION,
    t: c.title,
    q: c.question,
    l: c.locked as Record<string, string>,
    h: c.hidden as Record<string, string>,
    m: c.metric,
    c: c.comparator,
    x: c.target,
  };
  if (c.optimise) w.o = [c.optimise.key, c.optimise.dir];
  return LZString.compressToEncodedURIComponent(JSON.stringify(w));
}

export type Decoded = { challenge: Challenge } | { error: string };

const fail = (what: string): Decoded => ({ error: `${CHALLENGE_KEY}: ${what}; challenge ignored` });

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function cut(s: string): string {
  return s.length > 40 ? s.slice(0, 40) + '…' : s;
}

/** Checks a {key: value} map of fixed keys; returns the map or the first problem. */
function readFixed(
  x: unknown,
  field: string,
): { ok: Partial<Record<ScenarioKey, string>> } | { error: string } {
  if (x === undefined) return { ok: {} };
  if (!isRecord(x)) return { error: `${field} keys are not a {key: value} map` };
  const ok: Partial<Record<ScenarioKey, string>> = {};
  for (const [k, raw] of Object.entries(x)) {
    if (!isScenarioKey(k)) return { error: `${field} key "${cut(k)}" is not a scenario key` };
    if (typeof raw !== 'string') return { error: `${field} key ${k} has no value` };
    if (raw === '') {
      if (!isOptional(k)) return { error: `${field} key ${k} cannot be left unset` };
      ok[k] = raw;
      continue;
    }
    const r = parseValue(k, raw);
    if ('error' in r) return { error: `${field} key ${r.error}` };
    ok[k] = raw;
  }
  return { ok };
}

/** Reads the URL value of `challenge=`; never throws. */
export function decodeChallenge(encoded: string): Decoded {
  if (encoded.length === 0) return fail('empty value');
  if (encoded.length > ENCODED_MAX) return fail(`value too long (over ${ENCODED_MAX} characters)`);
  let json: string | null;
  try {
    json = LZString.decompressFromEncodedURIComponent(encoded);
  } catch {
    json = null;
  }
  if (!json) return fail('not a challenge link (the value does not decode)');
  let w: unknown;
  try {
    w = JSON.parse(json);
  } catch {
    return fail('not a challenge link (the value is not JSON)');
  }
  if (!isRecord(w)) return fail('not a challenge link (not an object)');
  if (w.v !== VERSION)
    return fail(`unsupported version ${JSON.stringify(w.v)} (this app reads ${VERSION})`);
  if (typeof w.t !== 'string' || w.t.trim() === '') return fail('the title is missing');
  if (typeof w.q !== 'string') return fail('the question is missing');
  const locked = readFixed(w.l, 'locked');
  if ('error' in locked) return fail(locked.error);
  const hidden = readFixed(w.h, 'hidden');
  if ('error' in hidden) return fail(hidden.error);
  if (typeof w.m !== 'string' || !METRIC_KEYS.has(w.m))
    return fail(`metric "${cut(String(w.m))}" is not one of ${[...METRIC_KEYS].join(', ')}`);
  if (typeof w.c !== 'string' || !(COMPARATORS as readonly string[]).includes(w.c))
    return fail(`comparator "${cut(String(w.c))}" is not one of ${COMPARATORS.join(' ')}`);
  if (typeof w.x !== 'number' || !Number.isFinite(w.x)) return fail('the target is not a number');
  const c: Challenge = {
    title: w.t.slice(0, TITLE_MAX),
    question: w.q.slice(0, QUESTION_MAX),
    locked: locked.ok,
    hidden: hidden.ok,
    metric: w.m as MetricKey,
    comparator: w.c as Comparator,
    target: w.x,
  };
  if (w.o !== undefined) {
    const o = w.o;
    if (!Array.isArray(o) || o.length !== 2) return fail('optimise is not [key, min|max]');
    const [k, dir] = o as unknown[];
    if (typeof k !== 'string' || !isScenarioKey(k))
      return fail(`optimise key "${cut(String(k))}" is not a scenario key`);
    const d = SCHEMA[k];
    if (d.kind !== 'int' && d.kind !== 'number') return fail(`optimise key ${k} is not a number`);
    if (dir !== 'min' && dir !== 'max')
      return fail(`optimise direction "${cut(String(dir))}" is not min or max`);
    if (k in c.locked || k in c.hidden) return fail(`optimise key ${k} is also locked`);
    c.optimise = { key: k, dir };
  }
  return { challenge: c };
}
