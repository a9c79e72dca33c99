/**
 * A sweep's run in the panel: the pool of Web Workers, the points as they arrive (kept across a
 * reload, persist.ts), cancel, and the finished result.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PointResult, SweepResult, SweepSpec } from '../../sweep';
import { enumeratePoints, makeResult, runPool } from '../../sweep';
import { APP_VERSION } from '../../version';
import { loadPoints, throttledSaver } from './persist';
import { SweepWorkerPool } from './protocol';

/** 'kept': points of this sweep finished in an earlier session (kept across a reload). */
type Status = 'idle' | 'running' | 'done' | 'cancelled' | 'error' | 'kept';

export interface RunState {
  status: Status;
  spec: SweepSpec | null;
  points: PointResult[];
  total: number;
  lanes: number;
  t0: number;
  now: number;
  result: SweepResult | null;
  error: string | null;
  /** Points kept from an earlier session when this run started. */
  kept: number;
}

const IDLE: RunState = {
  status: 'idle',
  spec: null,
  points: [],
  total: 0,
  lanes: 0,
  t0: 0,
  now: 0,
  result: null,
  error: null,
  kept: 0,
};

const specId = ({ base, param, series, seeds, metrics }: SweepSpec) =>
  JSON.stringify({ base, param, series, seeds, metrics });
const sameSpec = (a: SweepSpec, b: SweepSpec) => a === b || specId(a) === specId(b);

/** The state that shows the points of `spec` kept from an earlier session. */
function keptState(spec: SweepSpec, points: PointResult[]): RunState {
  const total = spec.param.values.length * spec.series.values.length * spec.seeds.length;
  const complete = points.length === total;
  return {
    ...IDLE,
    status: complete ? 'done' : 'kept',
    spec,
    points,
    total,
    kept: points.length,
    result: complete ? makeResult(spec, points, { appVersion: APP_VERSION }) : null,
  };
}

/** Hardware threads of this browser (at least 1): the most workers a sweep starts. */
export const lanesAvailable = (): number =>
  Math.max(1, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2);

/**
 * The run of the planned `spec`: what to show (the current run, or the points of `spec` kept
 * from an earlier session), `start` and `cancel`. `onResult` hears of each finished sweep.
 */
export function useSweepRun(
  spec: SweepSpec | null,
  onResult?: (result: SweepResult) => void,
): { view: RunState; running: boolean; start(): Promise<void>; cancel(): void } {
  const [run, setRun] = useState<RunState>(IDLE);
  const poolRef = useRef<SweepWorkerPool | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  }, [onResult]);
  useEffect(
    () => () => {
      abortRef.current?.abort();
      poolRef.current?.terminate();
    },
    [],
  );

  const running = run.status === 'running';
  // Points of the planned sweep finished in an earlier session (this build, same spec).
  const kept = useMemo(() => (spec && !running ? loadPoints(spec) : []), [spec, running]);
  const current = run.spec !== null && spec !== null && sameSpec(run.spec, spec);
  const view: RunState =
    !current && !running && spec && kept.length > 0 ? keptState(spec, kept) : run;

  const start = async () => {
    if (!spec || running) return;
    const all = enumeratePoints(spec);
    const done0 = new Set(kept.map((p) => p.index));
    const points = all.filter((p) => !done0.has(p.index));
    const lanes = Math.max(1, Math.min(lanesAvailable(), points.length));
    const pool = new SweepWorkerPool(lanes);
    const abort = new AbortController();
    poolRef.current = pool;
    abortRef.current = abort;
    const t0 = performance.now();
    const collected: PointResult[] = [...kept];
    const saver = throttledSaver(spec);
    setRun({
      ...IDLE,
      status: 'running',
      spec,
      points: [...collected],
      total: all.length,
      kept: collected.length,
      lanes,
      t0,
      now: t0,
    });
    const workerSpec = {
      base: spec.base,
      param: spec.param,
      series: spec.series,
      metrics: spec.metrics,
    };
    try {
      await runPool(points, {
        lanes,
        signal: abort.signal,
        exec: (p, lane) => pool.exec(workerSpec, p, lane),
        onResult: (_p, r) => {
          collected.push(r);
          const snapshot = [...collected];
          saver.push(snapshot);
          setRun((s) => (s.spec === spec ? { ...s, points: snapshot, now: performance.now() } : s));
        },
      });
      const result = makeResult(spec, collected, { appVersion: APP_VERSION });
      setRun((s) =>
        s.spec === spec ? { ...s, status: 'done', result, now: performance.now() } : s,
      );
      onResultRef.current?.(result);
    } catch (e) {
      const cancelled = abort.signal.aborted;
      const partial = makeResult(spec, collected, { appVersion: APP_VERSION });
      setRun((s) =>
        s.spec === spec
          ? {
              ...s,
              status: cancelled ? 'cancelled' : 'error',
              points: [...collected],
              result: partial,
              error: cancelled ? null : e instanceof Error ? e.message : String(e),
              now: performance.now(),
            }
          : s,
      );
    } finally {
      saver.flush();
      pool.terminate();
      if (poolRef.current === pool) poolRef.current = null;
    }
  };

  const cancel = () => {
    abortRef.current?.abort();
    poolRef.current?.terminate();
  };

  return { view, running, start, cancel };
}
