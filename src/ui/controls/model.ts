/**
 * Pure helpers behind the schema-generated scenario controls: grouping, visibility, value
 * formatting, validation (through the codec, so whatever a control commits round-trips
 * through the URL) and the values the model uses for optional parameters left unset.
 */
import type { NumberParam, ParamDef, Scenario, ScenarioIssue } from '../../sim';
import {
  FIELD_ORDER,
  GROUP_IDS,
  GROUP_TITLES,
  KEYS,
  SCHEMA,
  applies,
  checkConsistency,
  defaultScenario,
  derive,
  parseValue,
} from '../../sim';

export type Key = keyof Scenario;
export type GroupId = ParamDef['group'];

/** Sections in display order (the schema's GROUP_IDS), titled by the schema; `open` =
 * expanded on first render (topology also opens for a network of switches). */
export const GROUPS: Record<GroupId, { title: string; open: boolean }> = {
  switch: { title: GROUP_TITLES.switch, open: true },
  tcp: { title: GROUP_TITLES.tcp, open: false },
  links: { title: GROUP_TITLES.links, open: true },
  traffic: { title: GROUP_TITLES.traffic, open: true },
  topology: { title: GROUP_TITLES.topology, open: false },
  run: { title: GROUP_TITLES.run, open: false },
};

export const GROUP_ORDER: readonly GroupId[] = GROUP_IDS;

/** Which sections start open for scenario `s`. */
export function initialOpen(s: Scenario): Record<GroupId, boolean> {
  const open = Object.fromEntries(GROUP_ORDER.map((g) => [g, GROUPS[g].open]));
  if (s.topology !== 'single') open.topology = true;
  return open as Record<GroupId, boolean>;
}

/** Schema keys of a group, most important first. */
export function keysOf(group: GroupId): readonly Key[] {
  return FIELD_ORDER[group];
}

/** A parameter is shown only while it changes something in the run (see `applies`). */
export function isVisible(key: Key, s: Scenario): boolean {
  return applies(key, s);
}

export const DEFAULTS: Readonly<Scenario> = defaultScenario();

export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
  return Object.is(a, b);
}

function formatItem(v: unknown): string {
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}

/** The URL form of a value: scalars as themselves, lists run-length encoded ("305*3,200"). */
export function formatValue(v: unknown): string {
  if (v === undefined) return '';
  if (!Array.isArray(v)) return formatItem(v);
  const parts: string[] = [];
  for (let i = 0; i < v.length;) {
    let j = i;
    while (j < v.length && Object.is(v[j], v[i])) j++;
    const n = j - i;
    parts.push(n >= 3 ? `${formatItem(v[i])}*${n}` : Array(n).fill(formatItem(v[i])).join(','));
    i = j;
  }
  return parts.join(',');
}

const NUMBER_FORMAT = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });

/** A number for display ("52,224", "0.9"). */
export function formatNumber(n: number): string {
  return NUMBER_FORMAT.format(n);
}

export function withUnit(n: number, unit: string): string {
  return unit ? `${formatNumber(n)} ${unit}` : formatNumber(n);
}

/** "an integer from 1 to 64 VCs": describeRange() without its per-VC list note. */
export function rangeText(d: NumberParam): string {
  const what = d.kind === 'int' ? 'an integer' : 'a number';
  return `${what} from ${d.min} to ${d.max}${d.unit ? ' ' + d.unit : ''}`;
}

/** Parses the text of a number box; the error names the key and the range. */
export function parseNumberText(
  key: Key,
  d: NumberParam,
  raw: string,
): { value: number } | { error: string } {
  const t = raw.trim();
  const n = t === '' ? NaN : Number(t);
  const ok =
    Number.isFinite(n) && (d.kind !== 'int' || Number.isInteger(n)) && n >= d.min && n <= d.max;
  return ok ? { value: n } : { error: `${key}: "${raw.trim()}" is not ${rangeText(d)}` };
}

function decimals(x: number): number {
  const s = String(x);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * Attributes of the slider. The schema's step is kept; when the schema's min is not a
 * multiple of the step (duration: min 0.001, step 1) the slider's grid is anchored at the
 * multiple below it, so the arrow keys go 60 → 61 rather than 60 → 60.001 → 61.001;
 * `snap` clamps the result back into the schema's range.
 */
export function sliderAttrs(d: NumberParam): { min: number; max: number; step: number } {
  const q = d.min / d.step;
  const onGrid = Math.abs(q - Math.round(q)) < 1e-9;
  const min = onGrid ? d.min : Number((Math.floor(q) * d.step).toFixed(decimals(d.step)));
  return { min, max: d.max, step: d.step };
}

/** Clamps into the schema's range, rounds ints and removes float noise. */
export function snap(d: NumberParam, n: number): number {
  let v = Math.min(d.max, Math.max(d.min, n));
  if (d.kind === 'int') return Math.round(v);
  v = Number(v.toFixed(Math.min(12, Math.max(decimals(d.step), decimals(d.min)) + 2)));
  return v;
}

/** Error of a value a control is about to commit, checked by the codec itself. */
export function validateValue(key: Key, value: unknown): string | null {
  const d = SCHEMA[key];
  if (value === undefined)
    return d.kind !== 'enum' && d.kind !== 'bool' && d.optional
      ? null
      : `${key}: a value is required`;
  if (d.perVc && (!Array.isArray(value) || value.length === 0))
    return `${key}: expected a list of values, one per VC`;
  if (!d.perVc && Array.isArray(value)) return `${key}: expected a single value`;
  const r = parseValue(key, formatValue(value));
  return 'error' in r ? r.error : null;
}

/**
 * Cross-parameter problems (checkConsistency) that `next` has and `current` has not. The
 * checks run on copies, so neither argument is touched.
 */
export function newIssues(current: Scenario, next: Scenario, key: Key): ScenarioIssue[] {
  const before = new Set(checkConsistency({ ...current }, new Set()).map((i) => i.message));
  return checkConsistency({ ...next }, new Set([key])).filter((i) => !before.has(i.message));
}

type Derived = ReturnType<typeof derive>;

/**
 * Where the model's value of an optional parameter lives when the scenario leaves it unset:
 * by default the same-named field of derive(); these differ in name or unit, or (epdB) are a
 * constant of the model that derive() does not expose.
 */
const AUTO_SOURCE: Partial<Record<Key, { field: keyof Derived; scale: number } | number>> = {
  mfs: { field: 'mfsCells', scale: 1 },
  eubrGuardMs: { field: 'eubrGuard', scale: 1e-9 },
  epdB: 1,
};

/** The value the model uses for each optional number the scenario leaves unset (shown greyed,
 * and the starting value when the parameter is set). */
export function autoValues(s: Scenario): Partial<Record<Key, number | number[]>> {
  let derived: Record<string, unknown> | undefined;
  try {
    derived = derive(s) as unknown as Record<string, unknown>;
  } catch {
    derived = undefined;
  }
  const out: Partial<Record<Key, number | number[]>> = {};
  for (const key of KEYS) {
    const d = SCHEMA[key];
    if (d.kind === 'enum' || d.kind === 'bool' || !d.optional) continue;
    const src = AUTO_SOURCE[key];
    let raw: unknown;
    let scale = 1;
    if (typeof src === 'number') raw = src;
    else if (derived) {
      raw = derived[src ? src.field : key];
      scale = src ? src.scale : 1;
    }
    if (typeof raw === 'number' && Number.isFinite(raw)) {
      const v = snap(d, raw * scale);
      out[key] = d.perVc ? [v] : v;
    } else if (raw instanceof Float64Array && raw.length > 0 && d.perVc) {
      const list = Array.from(raw, (x) => snap(d, x * scale));
      out[key] = list.every((x) => x === list[0]) ? [list[0]] : list;
    }
  }
  return out;
}
