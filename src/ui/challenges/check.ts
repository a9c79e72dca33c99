/**
 * The challenge's check on a finished run: does the metric meet the target, with the fixed
 * keys at their values; which of two attempts is better; the student's best attempt kept in
 * the browser (localStorage, never sent anywhere).
 */
import type { Metrics, Scenario } from '../../sim';
import { SCHEMA } from '../../sim';
import type { Challenge, Comparator, ScenarioKey } from './challenge';
import { COMPARATOR_TEXT, brokenLocks, formatMetric, metricLabel } from './challenge';

export interface Attempt {
  pass: boolean;
  /** The metric's value in the run. */
  value: number;
  /** The optimised key's value in the run (when the challenge has one). */
  keyValue?: number;
  /** The run's scenario query, to replay the attempt. */
  query: string;
}

export interface CheckResult {
  /** False when a fixed key was changed: the run does not count. */
  counted: boolean;
  broken: ScenarioKey[];
  attempt: Attempt;
  /** "Efficiency 90.26 % ≥ 90.00 %" (or "<" when it fails). */
  figures: string;
  /** "Buffer size = 553 cells", when the challenge optimises a key. */
  keyText: string | null;
}

export function meets(v: number, cmp: Comparator, target: number): boolean {
  switch (cmp) {
    case '>=':
      return v >= target;
    case '<=':
      return v <= target;
    case '>':
      return v > target;
    case '<':
      return v < target;
  }
}

/** The comparator that holds between v and the target, for the sentence shown. */
function relation(v: number, target: number): string {
  return v > target ? '>' : v < target ? '<' : '=';
}

/** A scalar numeric value of a key in a scenario (a per-VC list counts when uniform). */
export function keyNumber(s: Scenario, key: ScenarioKey): number | undefined {
  const v = s[key] as unknown;
  const x = Array.isArray(v) ? (v.length === 1 ? v[0] : undefined) : v;
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

export function keyText(key: ScenarioKey, v: number | undefined): string {
  const d = SCHEMA[key];
  const unit = d.kind === 'int' || d.kind === 'number' ? d.unit : '';
  return `${d.label} = ${v === undefined ? 'varies by VC' : unit ? `${v} ${unit}` : v}`;
}

export function evaluate(c: Challenge, s: Scenario, m: Metrics, query: string): CheckResult {
  const value = m[c.metric];
  const broken = brokenLocks(s, c);
  const pass = broken.length === 0 && meets(value, c.comparator, c.target);
  const attempt: Attempt = { pass, value, query };
  let kt: string | null = null;
  if (c.optimise) {
    attempt.keyValue = keyNumber(s, c.optimise.key);
    kt = keyText(c.optimise.key, attempt.keyValue);
  }
  const rel = meets(value, c.comparator, c.target)
    ? COMPARATOR_TEXT[c.comparator]
    : (COMPARATOR_TEXT[relation(value, c.target) as Comparator] ?? '=');
  const figures = `${metricLabel(c.metric)} ${formatMetric(c.metric, value)} ${rel} ${formatMetric(c.metric, c.target)}`;
  return { counted: broken.length === 0, broken, attempt, figures, keyText: kt };
}

/** Larger is better for ≥ and >, smaller for ≤ and <. */
const up = (cmp: Comparator) => cmp === '>=' || cmp === '>';

/** Whether attempt `a` is better than `b` (null: no attempt yet). */
export function better(c: Challenge, a: Attempt, b: Attempt | null): boolean {
  if (!b) return true;
  if (a.pass !== b.pass) return a.pass;
  if (a.pass && c.optimise) {
    const ka = a.keyValue;
    const kb = b.keyValue;
    if (ka !== undefined && kb === undefined) return true;
    if (ka !== undefined && kb !== undefined && ka !== kb)
      return c.optimise.dir === 'min' ? ka < kb : ka > kb;
    if (ka === undefined && kb !== undefined) return false;
  }
  return up(c.comparator) ? a.value > b.value : a.value < b.value;
}

/** The localStorage key of a challenge's best attempt (a hash of its encoded form). */
export function storageKey(encoded: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < encoded.length; i++) {
    h ^= encoded.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `tal:challenge:${h.toString(16).padStart(8, '0')}`;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function isAttempt(x: unknown): x is Attempt {
  if (typeof x !== 'object' || x === null) return false;
  const a = x as Record<string, unknown>;
  return (
    typeof a.pass === 'boolean' &&
    typeof a.value === 'number' &&
    typeof a.query === 'string' &&
    (a.keyValue === undefined || typeof a.keyValue === 'number')
  );
}

export function loadBest(store: Store | null, encoded: string): Attempt | null {
  try {
    const raw = store?.getItem(storageKey(encoded));
    if (!raw) return null;
    const x: unknown = JSON.parse(raw);
    return isAttempt(x) ? x : null;
  } catch {
    return null;
  }
}

/** Keeps `a` if it beats the stored best; returns the best after the update. */
export function recordAttempt(
  store: Store | null,
  encoded: string,
  c: Challenge,
  a: Attempt,
): Attempt {
  const prev = loadBest(store, encoded);
  if (!better(c, a, prev)) return prev!;
  try {
    store?.setItem(storageKey(encoded), JSON.stringify(a));
  } catch {
    // Storage full or blocked: the best attempt is still shown for this visit.
  }
  return a;
}
