/**
 * The sweep panel's settings in the page URL, as presentation keys beside the scenario (they
 * never change the model): a link reopens the panel with the same sweep.
 *
 *   sweep=1                                   the panel is open
 *   sweep.param=bufferCells:725:2176:725      swept key, from, to, step
 *   sweep.policies=tail-drop,epd              series: buffer policies (or sweep.variants=reno,sack)
 *   sweep.metrics=efficiency,fairness
 *   sweep.seeds=2
 *   sweep.duration=20                         duration of each run, s (default: the scenario's)
 *
 * `readSweepUrl` reads them (a bad value gives a message naming the key and is left out),
 * `stripSweepParams` removes them before the scenario is parsed, `sweepParams` writes them.
 */
import type { Scenario } from '../../sim';
import { POLICIES, SCHEMA, TCP_VARIANTS } from '../../sim';
import type { MetricKey, SweepSpec } from '../../sweep';
import type { SweepSettings } from '../../link';
import { SWEEP_KEY, SWEEP_PREFIX } from '../../link';
import { MAX_SEEDS, METRIC_KEYS, SWEEPABLE_KEYS } from '../../sweep';

/** The form's settings are a fact of the page's place (src/link). */
export type { SweepSettings };

export interface SweepUrlState {
  /** `sweep=1`: the panel is open. */
  open: boolean;
  /** The settings given (missing ones take the panel's defaults). */
  settings: Partial<SweepSettings>;
  /** One message per bad key, naming it. */
  issues: { key: string; message: string }[];
}

const isNumber = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));

/** Reads the sweep keys of a query string ("?a=1&sweep=1&…" or a URLSearchParams). */
export function readSweepUrl(search: string | URLSearchParams): SweepUrlState {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const issues: SweepUrlState['issues'] = [];
  const settings: Partial<SweepSettings> = {};
  const bad = (key: string, why: string) => issues.push({ key, message: `${key}: ${why}` });
  const flag = p.get(SWEEP_KEY);
  let open = false;
  if (flag !== null) {
    if (flag === '1' || flag === '' || flag === 'true') open = true;
    else if (flag !== '0' && flag !== 'false') bad(SWEEP_KEY, `"${flag}" is not 1 or 0; ignored`);
  }
  const param = p.get(`${SWEEP_PREFIX}param`);
  if (param !== null) {
    const [key, from, to, step, ...more] = param.split(':');
    if (!(SWEEPABLE_KEYS as readonly string[]).includes(key))
      bad(
        'sweep.param',
        `"${key}" is not a numeric scenario key (one of ${SWEEPABLE_KEYS.join(', ')}); ignored`,
      );
    else if (more.length > 0 || ![from, to, step].every((x) => x !== undefined && isNumber(x)))
      bad('sweep.param', `"${param}" is not key:from:to:step (e.g. bufferCells:725:2176:725)`);
    else Object.assign(settings, { param: key as keyof Scenario, from, to, step });
  }
  for (const [name, seriesKey, allowed] of [
    ['policies', 'policy', POLICIES],
    ['variants', 'tcp', TCP_VARIANTS],
  ] as const) {
    const v = p.get(`${SWEEP_PREFIX}${name}`);
    if (v === null) continue;
    const list = v.split(',').filter(Boolean);
    const wrong = list.filter((x) => !(allowed as readonly string[]).includes(x));
    if (list.length === 0 || wrong.length > 0)
      bad(
        `sweep.${name}`,
        `"${wrong[0] ?? v}" is not one of ${allowed.join(', ')}; the scenario's is used`,
      );
    else if (settings.seriesKey !== undefined)
      bad(`sweep.${name}`, 'give sweep.policies or sweep.variants, not both; ignored');
    else Object.assign(settings, { seriesKey, series: [...new Set(list)] });
  }
  const metrics = p.get(`${SWEEP_PREFIX}metrics`);
  if (metrics !== null) {
    const list = metrics.split(',').filter(Boolean);
    const wrong = list.find((m) => !(METRIC_KEYS as readonly string[]).includes(m));
    if (list.length === 0 || wrong !== undefined)
      bad('sweep.metrics', `"${wrong ?? metrics}" is not one of ${METRIC_KEYS.join(', ')}`);
    else settings.metrics = [...new Set(list)] as MetricKey[];
  }
  const seeds = p.get(`${SWEEP_PREFIX}seeds`);
  if (seeds !== null) {
    const n = Number(seeds);
    if (!Number.isInteger(n) || n < 1 || n > MAX_SEEDS)
      bad('sweep.seeds', `"${seeds}" is not a count from 1 to ${MAX_SEEDS}; 1 is used`);
    else settings.seeds = String(n);
  }
  const duration = p.get(`${SWEEP_PREFIX}duration`);
  if (duration !== null) {
    const d = SCHEMA.duration;
    const n = Number(duration);
    if (!isNumber(duration) || (d.kind === 'number' && (n < d.min || n > d.max)))
      bad('sweep.duration', `"${duration}" is not a duration in s; the scenario's is used`);
    else settings.duration = duration;
  }
  for (const k of p.keys())
    if (
      k.startsWith(SWEEP_PREFIX) &&
      !['param', 'policies', 'variants', 'metrics', 'seeds', 'duration'].includes(
        k.slice(SWEEP_PREFIX.length),
      )
    )
      bad(k, 'unknown sweep setting; ignored');
  return { open, settings, issues };
}

/** Removes the sweep keys from `params` (before the scenario is parsed from them). */
export function stripSweepParams(params: URLSearchParams): void {
  for (const k of [...params.keys()])
    if (k === SWEEP_KEY || k.startsWith(SWEEP_PREFIX)) params.delete(k);
}

/** `&sweep=1&sweep.param=…` for an open panel with `settings` ('' when closed). */
export function sweepParams(open: boolean, settings: SweepSettings | null): string {
  if (!open) return '';
  const out = new URLSearchParams();
  out.set(SWEEP_KEY, '1');
  if (settings) {
    const s = settings;
    out.set(`${SWEEP_PREFIX}param`, `${s.param}:${s.from}:${s.to}:${s.step}`);
    out.set(
      `${SWEEP_PREFIX}${s.seriesKey === 'policy' ? 'policies' : 'variants'}`,
      s.series.join(','),
    );
    out.set(`${SWEEP_PREFIX}metrics`, s.metrics.join(','));
    out.set(`${SWEEP_PREFIX}seeds`, s.seeds);
    if (s.duration !== null) out.set(`${SWEEP_PREFIX}duration`, s.duration);
  }
  // Commas and colons read better unescaped, and URLSearchParams reads them back either way.
  return `&${out.toString().replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
}

/** The settings that describe a spec (for the link that reopens a finished sweep). */
export function settingsOf(spec: SweepSpec, duration: number): SweepSettings {
  const v = spec.param.values;
  const step = v.length > 1 ? Number((v[1] - v[0]).toPrecision(12)) : 1;
  return {
    param: spec.param.key,
    from: String(v[0]),
    to: String(v[v.length - 1]),
    step: String(step),
    seriesKey: spec.series.key,
    series: [...spec.series.values],
    metrics: [...spec.metrics],
    seeds: String(spec.seeds.length),
    duration: String(duration),
  };
}
