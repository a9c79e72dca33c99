/**
 * Finished sweep points kept across a reload: the browser's localStorage, one entry per sweep
 * spec and build commit (results of another build are never mixed in). Numbers are stored
 * losslessly by the lab's JSON convention (src/io/json.ts: a NaN metric is null).
 */
import { nullsToNaN, stringifyJson } from '../../io/json';
import type { PointResult, SweepSpec } from '../../sweep';
import { APP_COMMIT } from '../../version';
import { browserStorage } from '../data/browserStorage';

const PREFIX = 'tcp-atm-lab.sweep:';
/** Sweeps kept at most; the oldest go first. */
const KEEP = 12;

/** The storage key of a spec at this build's commit. */
export function sweepStorageKey(spec: SweepSpec, commit = APP_COMMIT): string {
  const { base, param, series, seeds, metrics } = spec;
  return `${PREFIX}${commit}:${JSON.stringify({ base, param, series, seeds, metrics })}`;
}

/** The points of `spec` kept from an earlier session (valid ones only), or []. */
export function loadPoints(spec: SweepSpec): PointResult[] {
  const text = browserStorage()?.getItem(sweepStorageKey(spec));
  if (!text) return [];
  try {
    const o = JSON.parse(text) as { points?: PointResult[] };
    const total = spec.param.values.length * spec.series.values.length * spec.seeds.length;
    return (o.points ?? [])
      .map((p) => ({ ...p, metrics: nullsToNaN(p.metrics) }))
      .filter(
        (p) =>
          Number.isInteger(p.index) &&
          p.index >= 0 &&
          p.index < total &&
          spec.metrics.every((m) => typeof p.metrics?.[m] === 'number'),
      );
  } catch {
    return [];
  }
}

function write(key: string, text: string): boolean {
  const s = browserStorage();
  if (!s) return false;
  try {
    s.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Stores the points of `spec` (the full list so far). Keeps the KEEP newest sweeps; on a
 * full storage, drops the other sweeps and tries once more. */
export function savePoints(spec: SweepSpec, points: readonly PointResult[]): boolean {
  const s = browserStorage();
  if (!s) return false;
  const key = sweepStorageKey(spec);
  const text = stringifyJson({ saved: Date.now(), points });
  const others = () =>
    Object.keys(s)
      .filter((k) => k.startsWith(PREFIX) && k !== key)
      .map((k) => ({ k, saved: Number(/"saved":(\d+)/.exec(s.getItem(k) ?? '')?.[1] ?? 0) }))
      .sort((a, b) => a.saved - b.saved);
  if (write(key, text)) {
    const old = others();
    for (const o of old.slice(0, Math.max(0, old.length - (KEEP - 1)))) s.removeItem(o.k);
    return true;
  }
  for (const o of others()) s.removeItem(o.k);
  return write(key, text);
}

/** Saves at most every `ms` while points arrive, and at once on `flush`. */
export function throttledSaver(spec: SweepSpec, ms = 250) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: readonly PointResult[] | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) savePoints(spec, pending);
    pending = null;
    last = Date.now();
  };
  return {
    push(points: readonly PointResult[]) {
      pending = points;
      const wait = last + ms - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    flush,
  };
}
