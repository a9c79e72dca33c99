import { runScenario } from '../sim';
import type { MetricKey, SweepPoint, SweepSpec } from './spec';
import { pointScenario } from './spec';

/** The result of one run: its point and the chosen metrics, in the spec's metric order. */
export interface PointResult extends SweepPoint {
  metrics: Partial<Record<MetricKey, number>>;
}

/** The metric values of one point (what a worker sends back). */
export function runPointMetrics(
  spec: Pick<SweepSpec, 'base' | 'param' | 'series' | 'metrics'>,
  point: Pick<SweepPoint, 'value' | 'series' | 'seed'>,
): Partial<Record<MetricKey, number>> {
  const { metrics } = runScenario(pointScenario(spec, point));
  const out: Partial<Record<MetricKey, number>> = {};
  for (const k of spec.metrics) out[k] = metrics[k];
  return out;
}

/** Runs one point of a sweep: `runScenario` of the base with the param, series and seed set. */
export function runPoint(spec: SweepSpec, point: SweepPoint): PointResult {
  return {
    index: point.index,
    value: point.value,
    series: point.series,
    seed: point.seed,
    metrics: runPointMetrics(spec, point),
  };
}
