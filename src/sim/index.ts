export { Simulation, LIVE_KEYS } from './simulation';
export type { SimOptions, EventName } from './simulation';
export * from './scenario/schema';
export * from './scenario/codec';
export { PRESETS } from './scenario/presets';
export type { Preset } from './scenario/presets';
export { derive } from './scenario/derive';
export * from './scenario/papers';
export * from './scenario/applies';
export type { Metrics, CellCounts, ConnectionMetrics } from './metrics/metrics';
export { jainIndex } from './metrics/metrics';
export { StallKind } from './metrics/deadlock';
export type { Stall, StallKindValue } from './metrics/deadlock';
export { ALL_PROBES } from './metrics/probes';
export type { ColumnBatch } from './metrics/columns';
export type { ProbeOptions, ProbeBatch } from './metrics/probes';
export { DROP_REASONS, DROP_REASON_TABLE, POLICY_MODULES, policyModule } from './atm/policies';
export { Drop } from './atm/dropReasons';
export {
  METRICS,
  METRIC_KEYS,
  CONNECTION_GOODPUT_NOISE,
  metricsWith,
  noiseBetween,
} from './metrics/table';
export type { MetricKey, MetricDef } from './metrics/table';
export { EVENT_KINDS } from './core/events';
export { TCP_EVENT_TABLE, TcpEvent, tcpEventOf, tcpEventRow } from './tcp/events';
export type { TcpEventName } from './tcp/events';
export { runScenario } from './run';
export type { RunResult } from './run';
