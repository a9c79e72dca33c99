// An independent check of a parsed scenario against the schema table: every key present with
// the right type, inside its range, and the cross-key rules the codec enforces.
import type { Scenario } from '../../src/sim';
import { KEYS, SCHEMA } from '../../src/sim';

function itemProblem(key: keyof Scenario, v: unknown): string | null {
  const d = SCHEMA[key];
  if (d.kind === 'enum')
    return (d.options as readonly unknown[]).includes(v) ? null : `${key}: ${String(v)}`;
  if (d.kind === 'bool') return typeof v === 'boolean' ? null : `${key}: not a boolean`;
  if (typeof v !== 'number' || !Number.isFinite(v)) return `${key}: not a finite number`;
  if (d.kind === 'int' && !Number.isInteger(v)) return `${key}: ${v} not an integer`;
  if (v < d.min || v > d.max) return `${key}: ${v} outside [${d.min}, ${d.max}]`;
  return null;
}

/** Problems of `s` (empty when the scenario is valid). */
export function scenarioProblems(s: Scenario): string[] {
  const problems: string[] = [];
  const extra = Object.keys(s).filter((k) => !(KEYS as string[]).includes(k));
  if (extra.length) problems.push(`unknown keys ${extra.join(', ')}`);
  for (const key of KEYS) {
    const d = SCHEMA[key];
    const v = s[key];
    if (v === undefined) {
      if (d.default !== undefined) problems.push(`${key}: missing`);
      continue;
    }
    if (d.perVc) {
      if (!Array.isArray(v) || v.length === 0 || v.length > 4096)
        problems.push(`${key}: not a list of 1 to 4096 values`);
      else for (const x of v) problems.push(itemProblem(key, x) ?? '');
    } else problems.push(itemProblem(key, v) ?? '');
  }
  if (s.epdThreshold !== undefined && s.epdB !== undefined) problems.push('epdThreshold and epdB');
  if (s.epdThreshold !== undefined && s.epdThreshold > s.bufferCells)
    problems.push('epdThreshold > bufferCells');
  if (s.cbrMbps >= s.linkMbps) problems.push('cbrMbps ≥ linkMbps');
  if (s.lbo > s.hbo) problems.push('lbo > hbo');
  if (s.dfbaL >= s.dfbaH) problems.push('dfbaL ≥ dfbaH');
  if (s.eubrR > s.eubrP) problems.push('eubrR > eubrP');
  return problems.filter((p) => p !== '');
}
