import { PRESETS } from './presets';
import type { Scenario } from './schema';
import { KEYS, SCHEMA, defaultScenario, describeRange } from './schema';

/** Current scenario URL format version (the `v` key). */
export const SCENARIO_VERSION = 1;

const VERSION_KEY = 'v';
const PRESET_KEY = 'preset';

export interface ScenarioIssue {
  key: string;
  message: string;
}

export interface ParsedScenario {
  scenario: Scenario;
  /** Keys that were rejected; their defaults (or the preset's values) were kept. */
  errors: ScenarioIssue[];
}

const isKey = (k: string): k is keyof Scenario => Object.prototype.hasOwnProperty.call(SCHEMA, k);

/** Longest key or value, in characters, that a message repeats; a longer one is cut with "…". */
const MESSAGE_ECHO_MAX = 60;

function cut(text: string): string {
  const chars = Array.from(text);
  return chars.length > MESSAGE_ECHO_MAX ? chars.slice(0, MESSAGE_ECHO_MAX).join('') + '…' : text;
}

/** How a message names a key: itself (cut if long), or "(empty key)". */
export function keyLabel(key: string): string {
  return key === '' ? '(empty key)' : cut(key);
}

/** How a message repeats a value: quoted, cut if long (a link may carry 100 KB of junk). */
export function quoteValue(raw: string): string {
  return `"${cut(raw)}"`;
}

/** The issues without repeats (a repeated bad key is named once). */
function distinct(issues: ScenarioIssue[]): ScenarioIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const id = `${i.key}\u0000${i.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Parses one scalar item of `key`; returns the value or an error message. */
function parseItem(
  key: keyof Scenario,
  text: string,
  raw: string,
): { value: unknown } | { error: string } {
  const d = SCHEMA[key];
  const bad = { error: `${key}: ${quoteValue(raw)} is not ${describeRange(key)}` };
  if (d.kind === 'enum') {
    return (d.options as readonly string[]).includes(text) ? { value: text } : bad;
  }
  if (d.kind === 'bool') {
    if (['1', 'true', 'yes', 'on'].includes(text.toLowerCase())) return { value: true };
    if (['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return { value: false };
    return bad;
  }
  if (text === '') return bad;
  const n = Number(text);
  if (!Number.isFinite(n)) return bad;
  if (d.kind === 'int' && !Number.isInteger(n)) return bad;
  if (n < d.min || n > d.max) return bad;
  return { value: n };
}

const MAX_LIST = 4096;

/** Parses one raw value of `key` (a comma list for per-VC keys); returns the value or an error. */
export function parseValue(
  key: keyof Scenario,
  raw: string,
): { value: unknown } | { error: string } {
  const d = SCHEMA[key];
  const text = raw.trim();
  if (!d.perVc) return parseItem(key, text, raw);
  const out: unknown[] = [];
  for (const part of text.split(',')) {
    const m = /^(.*)\*(\d+)$/.exec(part.trim());
    const item = m ? m[1].trim() : part.trim();
    const times = m ? Number(m[2]) : 1;
    if (times < 1 || out.length + times > MAX_LIST)
      return { error: `${key}: ${quoteValue(raw)} repeats too often (at most ${MAX_LIST} values)` };
    const r = parseItem(key, item, raw);
    if ('error' in r) return r;
    for (let i = 0; i < times; i++) out.push(r.value);
  }
  return { value: normaliseList(out) };
}

/** A list whose values are all equal is that one value for every VC. */
function normaliseList<T>(xs: T[]): T[] {
  return xs.every((x) => x === xs[0]) ? [xs[0]] : xs;
}

/** Cross-parameter rules; returns issues and drops the offending values to keep a usable state. */
export function checkConsistency(s: Scenario, explicit: Set<string>): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  if (s.epdThreshold !== undefined && s.epdB !== undefined) {
    issues.push({
      key: 'epdB',
      message: 'epdB: given together with epdThreshold; give one (epdB ignored)',
    });
    s.epdB = undefined;
  }
  if (s.epdThreshold !== undefined && s.epdThreshold > s.bufferCells) {
    issues.push({
      key: 'epdThreshold',
      message: `epdThreshold: ${s.epdThreshold} cells exceeds bufferCells (${s.bufferCells}); it must be from 0 to bufferCells`,
    });
    s.epdThreshold = undefined;
  }
  if (s.cbrMbps >= s.linkMbps) {
    issues.push({
      key: 'cbrMbps',
      message: `cbrMbps: ${s.cbrMbps} Mbit/s leaves nothing for UBR; it must be below linkMbps (${s.linkMbps})`,
    });
    s.cbrMbps = 0;
  }
  if (s.lbo > s.hbo) {
    issues.push({
      key: 'lbo',
      message: `lbo: ${s.lbo} exceeds hbo (${s.hbo}); LBO must not be above HBO`,
    });
    s.lbo = s.hbo;
  }
  if (s.dfbaH === 0) {
    issues.push({ key: 'dfbaH', message: 'dfbaH: 0 leaves no room for dfbaL; it must be above 0' });
    s.dfbaH = SCHEMA.dfbaH.default as number;
  }
  if (s.dfbaL >= s.dfbaH) {
    issues.push({ key: 'dfbaL', message: `dfbaL: ${s.dfbaL} must be below dfbaH (${s.dfbaH})` });
    s.dfbaL = Math.min(SCHEMA.dfbaL.default as number, s.dfbaH / 2);
  }
  if (s.eubrR > s.eubrP) {
    issues.push({
      key: 'eubrR',
      message: `eubrR: ${s.eubrR} exceeds eubrP (${s.eubrP}); R must not be above P`,
    });
    s.eubrR = s.eubrP;
  }
  if (s.mtu - 40 < 1) {
    issues.push({ key: 'mtu', message: 'mtu: must exceed the 40 bytes of TCP/IP headers' });
    s.mtu = SCHEMA.mtu.default as number;
  }
  void explicit;
  return issues;
}

export interface ParseOptions {
  /** Keys that belong to another reader of the same link (the app's, src/link/keys.ts):
   * skipped, neither applied nor reported. */
  ignoreKey?: (key: string) => boolean;
}

/**
 * Parses a scenario from a URL, a query string ("?policy=epd&…") or bare "key=value&…".
 * Never throws: a bad or unknown key yields an issue naming it and keeps the default.
 * `preset=NAME` starts from that preset; explicit keys override it.
 */
export function parseScenario(input: string, opts: ParseOptions = {}): ParsedScenario {
  let query = input.trim();
  const q = query.indexOf('?');
  if (q >= 0) query = query.slice(q + 1);
  const hash = query.indexOf('#');
  if (hash >= 0) query = query.slice(0, hash);
  const params = new URLSearchParams(query);
  const errors: ScenarioIssue[] = [];
  let scenario = defaultScenario();
  const presets = [...params].filter(([k]) => k.trim() === PRESET_KEY).map(([, v]) => v);
  if (presets.length > 0) {
    const preset = PRESETS.find((p) => p.name === presets[0]);
    if (preset) scenario = { ...scenario, ...preset.params };
    else
      errors.push({
        key: PRESET_KEY,
        message: `preset: unknown preset ${quoteValue(presets[0])}; one of ${PRESETS.map((p) => p.name).join(', ')}`,
      });
    if (presets.length > 1)
      errors.push({ key: PRESET_KEY, message: 'preset: given more than once (first value kept)' });
  }
  const explicit = new Set<string>();
  const seen = new Set<string>();
  for (const [rawKey, raw] of params) {
    const key = rawKey.trim();
    if (key === PRESET_KEY || opts.ignoreKey?.(key)) continue;
    const name = keyLabel(key);
    if (key === VERSION_KEY) {
      const v = Number(raw);
      if (!Number.isInteger(v) || v < 1 || v > SCENARIO_VERSION)
        errors.push({
          key,
          message: `v: unsupported scenario version ${quoteValue(raw)} (this app reads version ${SCENARIO_VERSION})`,
        });
      continue;
    }
    if (!isKey(key)) {
      errors.push({ key, message: `${name}: unknown parameter (ignored)` });
      continue;
    }
    if (seen.has(key)) {
      errors.push({ key, message: `${name}: given more than once (first value kept)` });
      continue;
    }
    seen.add(key);
    const r = parseValue(key, raw);
    if ('error' in r) {
      errors.push({ key, message: r.error });
      continue;
    }
    (scenario as unknown as Record<string, unknown>)[key] = r.value;
    explicit.add(key);
  }
  errors.push(...checkConsistency(scenario, explicit));
  return { scenario, errors: distinct(errors) };
}

/** Applies `key=value` overrides (CLI --set); same rules as the URL. */
export function applyOverrides(base: Scenario, pairs: [string, string][]): ParsedScenario {
  const scenario = { ...base };
  const errors: ScenarioIssue[] = [];
  const explicit = new Set<string>();
  for (const [key, raw] of pairs) {
    if (!isKey(key)) {
      errors.push({
        key,
        message: `${keyLabel(key)}: unknown parameter; known: ${KEYS.join(', ')}`,
      });
      continue;
    }
    const r = parseValue(key, raw);
    if ('error' in r) {
      errors.push({ key, message: r.error });
      continue;
    }
    (scenario as unknown as Record<string, unknown>)[key] = r.value;
    explicit.add(key);
  }
  errors.push(...checkConsistency(scenario, explicit));
  return { scenario, errors: distinct(errors) };
}

function formatItem(v: unknown): string {
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}

/** Scalars as themselves; lists run-length encoded ("305*3,611*3"). */
export function formatValue(v: unknown): string {
  if (!Array.isArray(v)) return formatItem(v);
  const parts: string[] = [];
  for (let i = 0; i < v.length;) {
    let j = i;
    while (j < v.length && v[j] === v[i]) j++;
    const n = j - i;
    parts.push(n >= 3 ? `${formatItem(v[i])}*${n}` : Array(n).fill(formatItem(v[i])).join(','));
    i = j;
  }
  return parts.join(',');
}

function isDefault(k: keyof Scenario, v: unknown): boolean {
  const d = SCHEMA[k].default;
  if (Array.isArray(v)) return v.length === 1 && v[0] === d;
  return v === d;
}

/** The readable query string of a scenario: the version and every key that differs from
 * its default, in schema order (e.g. "v=1&policy=ppd&bufferCells=725"). */
export function toQuery(s: Scenario): string {
  const parts = [`${VERSION_KEY}=${SCENARIO_VERSION}`];
  for (const k of KEYS) {
    const v = s[k];
    if (v === undefined || isDefault(k, v)) continue;
    parts.push(`${k}=${encodeURIComponent(formatValue(v)).replace(/%2C/g, ',')}`);
  }
  return parts.join('&');
}

/** The keys, in schema order, whose values differ between two scenarios (as the URL writes
 * them: an unset optional key differs from any value). */
export function changedKeys(a: Scenario, b: Scenario): (keyof Scenario)[] {
  return KEYS.filter((k) => {
    const x = a[k];
    const y = b[k];
    if (x === undefined || y === undefined) return x !== y;
    return formatValue(x) !== formatValue(y);
  });
}
