// The presets as the header's picker shows them: grouped by paper, and a scenario's relation
// to the preset it came from (the same, or "modified" with the keys that changed).
import type { Preset, Scenario } from '../sim';
import { PRESETS, SCHEMA, changedKeys, formatValue, parseScenario, toQuery } from '../sim';

/** The preset a first visit opens: S0's testbed, the product's headline lesson. */
export const FIRST_PRESET = 's0-testbed';

export interface PresetGroup {
  label: string;
  presets: Preset[];
}

const PAPER_GROUPS: { prefix: string; label: string }[] = [
  { prefix: 's0-', label: 'S0 · Jaussi, Lorang & Nelissen: TCP over UBR on a testbed' },
  { prefix: 's1-', label: 'S1 · Jain & Goyal: TCP over UBR issues' },
  { prefix: 's2-', label: 'S2 · Nakanishi et al.: the throughput deadlock' },
  { prefix: 's3-', label: 'S3 · Puangpronpitag et al.: GFR buffer management' },
  { prefix: 's4-', label: 'S4 · Kim & Kim: EUBR+' },
];

/** The presets grouped by the paper they stand for, papers in order; any other preset last. */
export function presetGroups(presets: readonly Preset[] = PRESETS): PresetGroup[] {
  const groups: PresetGroup[] = PAPER_GROUPS.map((g) => ({
    label: g.label,
    presets: presets.filter((p) => p.name.startsWith(g.prefix)),
  }));
  const other = presets.filter((p) => !PAPER_GROUPS.some((g) => p.name.startsWith(g.prefix)));
  if (other.length)
    groups.push({ label: 'Classic results (ATM Forum parking lot, …)', presets: other });
  return groups.filter((g) => g.presets.length > 0);
}

const scenarioCache = new Map<string, Scenario>();
/** The scenario of a preset (parsed once). */
export function presetScenario(name: string): Scenario {
  let s = scenarioCache.get(name);
  if (!s) {
    s = parseScenario(`preset=${name}`).scenario;
    scenarioCache.set(name, s);
  }
  return s;
}

export function findPreset(name: string | null | undefined): Preset | undefined {
  return name ? PRESETS.find((p) => p.name === name) : undefined;
}

/** The preset whose scenario is exactly this query, if any. */
export function exactPreset(query: string): Preset | undefined {
  return PRESETS.find((p) => toQuery(presetScenario(p.name)) === query);
}

export interface PresetChange {
  key: keyof Scenario;
  label: string;
  /** As the URL writes them, with the unit. */
  value: string;
  presetValue: string;
}

function show(key: keyof Scenario, v: unknown): string {
  if (v === undefined) return 'unset';
  const def = SCHEMA[key];
  const text = formatValue(v);
  return def.kind === 'int' || def.kind === 'number' ? `${text} ${def.unit}`.trim() : text;
}

/** What a scenario changes of a preset, key by key in schema order. */
export function presetChanges(scenario: Scenario, presetName: string): PresetChange[] {
  const base = presetScenario(presetName);
  return changedKeys(base, scenario).map((key) => ({
    key,
    label: SCHEMA[key].label,
    value: show(key, scenario[key]),
    presetValue: show(key, base[key]),
  }));
}

/** The preset a scenario is shown against: the one it exactly is, else the one it came from. */
export function presetState(
  query: string,
  from: string | null,
): { preset: Preset | undefined; modified: boolean } {
  const exact = exactPreset(query);
  if (exact) return { preset: exact, modified: false };
  const base = findPreset(from);
  return { preset: base, modified: !!base };
}
