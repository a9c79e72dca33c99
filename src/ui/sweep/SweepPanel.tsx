import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { APP_VERSION } from '../../version';
import type { NumberParam, Scenario } from '../../sim';
import {
  GROUP_TITLES,
  POLICIES,
  SCHEMA,
  TCP_VARIANTS,
  applyOverrides,
  optionLabel,
  parseScenario,
} from '../../sim';
import type { MetricKey, PointResult, SeriesKey, SweepResult, SweepSpec } from '../../sweep';
import {
  DEFAULT_METRICS,
  METRIC_KEYS,
  SWEEPABLE_KEYS,
  SweepError,
  aggregate,
  baseScenario,
  enumeratePoints,
  etaSeconds,
  formatDuration,
  makeResult,
  makeSpec,
  matchPublished,
  runPool,
  toCsv,
  toJson,
} from '../../sweep';
import { metricLabel } from './labels';
import { loadPoints, throttledSaver } from './persist';
import { SweepWorkerPool } from './protocol';
import { SweepImageExport } from './SweepImageExport';
import { SweepPlot } from './SweepPlot';
import type { SweepSettings, SweepUrlState } from './urlState';
import './sweep.css';

export interface SweepPanelProps {
  /** The current scenario query, e.g. 'v=1&policy=epd' (a URL or `preset=NAME` works too). */
  query: string;
  /** Called with the result when a sweep completes (also offered as JSON/CSV downloads). */
  onResult?: (result: SweepResult) => void;
  /** The settings to open with (from the page URL: urlState.ts), and their issues. */
  initial?: SweepUrlState;
  /** Called with the form's settings whenever they change (for the page URL). */
  onChange?: (settings: SweepSettings) => void;
}

/** 'kept': points of this sweep finished in an earlier session (kept across a reload). */
type Status = 'idle' | 'running' | 'done' | 'cancelled' | 'error' | 'kept';

interface RunState {
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

const GROUP_NAMES: Record<string, string> = GROUP_TITLES;

const clean = (x: number) => Number(x.toFixed(10));

/** A round step (1, 2 or 5 × 10^k) giving about `count` intervals over [lo, hi]. */
function niceStep(lo: number, hi: number, count: number): number {
  const raw = (hi - lo) / count;
  if (!(raw > 0)) return 0;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return clean((m >= 5 ? 5 : m >= 2 ? 2 : 1) * p);
}

/** A starting range for `key`: half to twice the base value (or the bottom tenth of the
 * schema's range when the base value is 0 or unset), clamped to the schema's range, in about
 * six round steps. */
export function defaultRange(
  key: keyof Scenario,
  base: Scenario,
): { from: string; to: string; step: string } {
  const d = SCHEMA[key] as NumberParam;
  const raw = base[key] as unknown;
  const v = Array.isArray(raw) ? (raw[0] as number) : (raw as number | undefined);
  let lo: number;
  let hi: number;
  if (typeof v === 'number' && v > 0) {
    lo = Math.max(d.min, v / 2);
    hi = Math.min(d.max, v * 2);
  } else {
    lo = d.min;
    hi = d.min + (d.max - d.min) / 10;
  }
  let step = niceStep(lo, hi, 6);
  if (d.kind === 'int') step = Math.max(1, Math.round(step));
  if (!(step > 0)) step = d.step || 1;
  let from = clean(Math.ceil(lo / step) * step);
  let to = clean(Math.floor(hi / step) * step);
  if (from < d.min) from = d.min;
  if (to > d.max) to = d.max;
  if (to < from) to = from;
  return { from: String(from), to: String(to), step: String(clean(step)) };
}

function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return x.toExponential(3);
  return String(Number(x.toPrecision(4)));
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
}

/**
 * The sweep panel: runs the scenario of `query` for a range of one numeric parameter, for
 * several policies or TCP variants and seeds, on a pool of Web Workers (one per hardware
 * thread), and plots the chosen metrics with the papers' published values overlaid.
 */
export function SweepPanel({ query, onResult, initial, onChange }: SweepPanelProps) {
  const uid = useId();
  const parsed = useMemo(() => parseScenario(query), [query]);
  const base = parsed.scenario;
  const init = initial?.settings ?? {};

  const [paramKey, setParamKey] = useState<keyof Scenario>(() => init.param ?? 'bufferCells');
  const [range, setRange] = useState(() =>
    init.param && init.from !== undefined && init.to !== undefined && init.step !== undefined
      ? { from: init.from, to: init.to, step: init.step }
      : defaultRange(init.param ?? 'bufferCells', base),
  );
  const [seriesKey, setSeriesKey] = useState<SeriesKey>(() => init.seriesKey ?? 'policy');
  const [policies, setPolicies] = useState<string[]>(() =>
    init.seriesKey === 'policy' && init.series ? init.series : [base.policy],
  );
  const [variants, setVariants] = useState<string[]>(() =>
    init.seriesKey === 'tcp' && init.series ? init.series : [base.tcp[0]],
  );
  const [metrics, setMetrics] = useState<MetricKey[]>(() => init.metrics ?? [...DEFAULT_METRICS]);
  const [seeds, setSeeds] = useState(() => init.seeds ?? '1');
  const [duration, setDuration] = useState(() => init.duration ?? String(base.duration));
  const [run, setRun] = useState<RunState>(IDLE);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // The form's settings, for the page URL (a link reopens this sweep).
  useEffect(() => {
    onChangeRef.current?.({
      param: paramKey,
      ...range,
      seriesKey,
      series: seriesKey === 'policy' ? policies : variants,
      metrics,
      seeds,
      duration: duration === String(base.duration) ? null : duration,
    });
  }, [paramKey, range, seriesKey, policies, variants, metrics, seeds, duration, base.duration]);
  const [showRuns, setShowRuns] = useState(false);
  const poolRef = useRef<SweepWorkerPool | null>(null);
  const plotsRef = useRef<HTMLDivElement>(null);
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

  const lanesAvailable = Math.max(
    1,
    (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2,
  );

  const planned = useMemo((): { spec: SweepSpec } | { error: string } => {
    try {
      const withDuration = applyOverrides(base, [['duration', duration]]);
      if (withDuration.errors.length > 0)
        throw new SweepError('duration', withDuration.errors.map((e) => e.message).join('; '));
      return {
        spec: makeSpec({
          base: withDuration.scenario,
          param: `${paramKey}=${range.from}:${range.to}:${range.step}`,
          ...(seriesKey === 'policy'
            ? { policies: policies.join(',') }
            : { variants: variants.join(',') }),
          seeds,
          metrics: metrics.length ? metrics.join(',') : '',
        }),
      };
    } catch (e) {
      if (e instanceof SweepError) return { error: e.message };
      throw e;
    }
  }, [base, duration, paramKey, range, seriesKey, policies, variants, seeds, metrics]);

  const running = run.status === 'running';
  const spec = 'spec' in planned ? planned.spec : null;
  const plannedTotal = spec
    ? spec.param.values.length * spec.series.values.length * spec.seeds.length
    : 0;

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
    const lanes = Math.max(1, Math.min(lanesAvailable, points.length));
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

  const shown = view.spec;
  const rows = useMemo(() => (shown ? aggregate(shown, view.points) : []), [shown, view.points]);
  const published = useMemo(
    () =>
      shown
        ? matchPublished({
            base: baseScenario(shown.base),
            param: shown.param,
            series: shown.series,
            metrics: shown.metrics,
          })
        : [],
    [shown],
  );
  const shownResult = useMemo(
    () =>
      shown ? (view.result ?? makeResult(shown, view.points, { appVersion: APP_VERSION })) : null,
    [shown, view.result, view.points],
  );

  const done = view.points.length;
  const elapsed = (view.now - view.t0) / 1000;
  const eta = etaSeconds(done - view.kept, view.total - view.kept, view.now - view.t0);
  const keptNote = view.kept > 0 ? ` (${view.kept} kept from an earlier session)` : '';
  const progressText =
    view.status === 'idle'
      ? ''
      : `${done} / ${view.total} points` +
        (view.status === 'running'
          ? eta === null
            ? ` · ${view.lanes} worker${view.lanes === 1 ? '' : 's'} started`
            : ` · about ${formatDuration(eta)} left`
          : view.status === 'kept'
            ? ` · kept from an earlier session; Run sweep runs the other ${view.total - done}`
            : view.status === 'done'
              ? view.t0 === 0
                ? ' · done, kept from an earlier session'
                : ` · done in ${formatDuration(elapsed)}${keptNote}`
              : view.status === 'cancelled'
                ? ' · cancelled'
                : ' · failed');

  const paramDef = SCHEMA[paramKey] as NumberParam;
  const unit = paramDef.unit ? ` ${paramDef.unit}` : '';
  const groups = [...new Set(SWEEPABLE_KEYS.map((k) => SCHEMA[k].group))];
  const fileBase = shown ? `sweep-${shown.param.key}` : 'sweep';
  const seriesOptions: readonly string[] = seriesKey === 'policy' ? POLICIES : TCP_VARIANTS;
  const selectedSeries = seriesKey === 'policy' ? policies : variants;

  return (
    <section
      className="sweep-panel"
      data-testid="sweep-panel"
      data-state={view.status}
      data-done={done}
      data-total={view.total}
      aria-labelledby={`${uid}-h`}
    >
      <h2 id={`${uid}-h`}>Parameter sweep</h2>
      <p className="sweep-base">
        Base scenario{spec?.preset ? ` (preset ${spec.preset})` : ''}:{' '}
        <code>?{spec?.base ?? query}</code>
      </p>
      {initial && initial.issues.length > 0 && (
        <p className="sweep-warning" role="status" data-testid="sweep-url-issues">
          Ignored in the link: {initial.issues.map((e) => e.message).join('; ')}
        </p>
      )}
      {parsed.errors.length > 0 && (
        <p className="sweep-warning" role="status">
          Ignored in the scenario: {parsed.errors.map((e) => e.message).join('; ')}
        </p>
      )}
      <form
        className="sweep-form"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <div className="sweep-row">
          <label>
            Parameter
            <select
              value={paramKey}
              disabled={running}
              onChange={(e) => {
                const k = e.target.value as keyof Scenario;
                setParamKey(k);
                setRange(defaultRange(k, base));
              }}
            >
              {groups.map((g) => (
                <optgroup key={g} label={GROUP_NAMES[g] ?? g}>
                  {SWEEPABLE_KEYS.filter((k) => SCHEMA[k].group === g).map((k) => {
                    const d = SCHEMA[k] as NumberParam;
                    return (
                      <option key={k} value={k}>
                        {`${d.label}${d.unit ? ` (${d.unit})` : ''} — ${k}`}
                      </option>
                    );
                  })}
                </optgroup>
              ))}
            </select>
          </label>
          {(['from', 'to', 'step'] as const).map((f) => (
            <label key={f} className="sweep-num">
              {f === 'from' ? 'From' : f === 'to' ? 'To' : 'Step'}
              {unit && <span className="sweep-unit">{unit.trim()}</span>}
              <input
                type="number"
                inputMode="decimal"
                name={f}
                value={range[f]}
                min={f === 'step' ? undefined : paramDef.min}
                max={f === 'step' ? undefined : paramDef.max}
                step="any"
                disabled={running}
                onChange={(e) => setRange((r) => ({ ...r, [f]: e.target.value }))}
              />
            </label>
          ))}
          <span className="sweep-hint">
            {`${paramKey}: ${paramDef.min}–${paramDef.max}${unit}`}
          </span>
        </div>

        <fieldset className="sweep-series" disabled={running}>
          <legend>Series</legend>
          <div className="sweep-choice" role="radiogroup" aria-label="Compare">
            <label>
              <input
                type="radio"
                name={`${uid}-series`}
                checked={seriesKey === 'policy'}
                onChange={() => setSeriesKey('policy')}
              />
              Buffer policies
            </label>
            <label>
              <input
                type="radio"
                name={`${uid}-series`}
                checked={seriesKey === 'tcp'}
                onChange={() => setSeriesKey('tcp')}
              />
              TCP variants
            </label>
          </div>
          <div className="sweep-checks">
            {seriesOptions.map((o) => (
              <label key={o}>
                <input
                  type="checkbox"
                  name={seriesKey === 'policy' ? 'policies' : 'variants'}
                  value={o}
                  checked={selectedSeries.includes(o)}
                  onChange={(e) =>
                    (seriesKey === 'policy' ? setPolicies : setVariants)((l) =>
                      toggle(l, o, e.target.checked),
                    )
                  }
                />
                {optionLabel(seriesKey === 'policy' ? 'policy' : 'tcp', o)} <code>{o}</code>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="sweep-metrics" disabled={running}>
          <legend>Metrics</legend>
          <div className="sweep-checks">
            {METRIC_KEYS.map((m) => (
              <label key={m}>
                <input
                  type="checkbox"
                  name="metrics"
                  value={m}
                  checked={metrics.includes(m)}
                  onChange={(e) => setMetrics((l) => toggle(l, m, e.target.checked))}
                />
                {metricLabel(m).name}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="sweep-row">
          <label className="sweep-num">
            Seeds per point
            <input
              type="number"
              name="seeds"
              min={1}
              max={1000}
              step={1}
              value={seeds}
              disabled={running}
              onChange={(e) => setSeeds(e.target.value)}
            />
          </label>
          <label className="sweep-num">
            Duration of each run<span className="sweep-unit">s</span>
            <input
              type="number"
              name="duration"
              min={SCHEMA.duration.kind === 'number' ? SCHEMA.duration.min : 0}
              max={SCHEMA.duration.kind === 'number' ? SCHEMA.duration.max : undefined}
              step="any"
              value={duration}
              disabled={running}
              onChange={(e) => setDuration(e.target.value)}
            />
          </label>
          <span className="sweep-hint" aria-live="polite">
            {spec
              ? `${plannedTotal} runs = ${spec.param.values.length} values × ${spec.series.values.length} series × ${spec.seeds.length} seed${spec.seeds.length === 1 ? '' : 's'}, on up to ${Math.min(lanesAvailable, plannedTotal)} workers`
              : ''}
          </span>
        </div>
        {'error' in planned && (
          <p className="sweep-error" role="alert">
            {planned.error}
          </p>
        )}
        <div className="sweep-row">
          <button type="submit" className="sweep-run" disabled={running || !spec}>
            Run sweep
          </button>
          <button type="button" onClick={cancel} disabled={!running}>
            Cancel
          </button>
        </div>
      </form>

      {view.status !== 'idle' && (
        <div className="sweep-progress">
          <progress
            max={Math.max(1, view.total)}
            value={done}
            aria-label="Sweep progress"
            aria-valuetext={progressText}
          />
          <span role="status" aria-live="polite" data-testid="sweep-progress-text">
            {progressText}
          </span>
        </div>
      )}
      {view.error && (
        <p className="sweep-error" role="alert">
          {view.error}
        </p>
      )}

      {shown && shownResult && (
        <div
          className="sweep-results"
          data-testid="sweep-plot"
          data-points={rows.length}
          data-markers={rows.length * shown.metrics.length}
          data-published={published.length}
        >
          <div className="sweep-plots" ref={plotsRef}>
            {shown.metrics.map((m) => (
              <SweepPlot
                key={m}
                result={shownResult}
                metric={m}
                rows={rows}
                published={published}
              />
            ))}
          </div>
          {published.length > 0 && (
            <details className="sweep-sources" open>
              <summary>Published values overlaid ({published.length})</summary>
              <ul>
                {published.map((p) => (
                  <li key={p.id}>
                    <strong>{p.label}</strong>{' '}
                    {`${metricLabel(p.metric).name} ${p.relation} ${p.y} at ${p.param} = ${p.x}, ${p.series.key} ${p.series.value}`}
                    {' — '}
                    {`${p.source.citation}, ${p.source.ref}`}
                    {p.source.note ? `: ${p.source.note}` : ''}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <div className="sweep-row">
            <button
              type="button"
              onClick={() => download(`${fileBase}.json`, toJson(shownResult), 'application/json')}
              disabled={running}
            >
              Download JSON
            </button>
            <button
              type="button"
              onClick={() => download(`${fileBase}.csv`, toCsv(shownResult), 'text/csv')}
              disabled={running}
            >
              Download CSV
            </button>
            <SweepImageExport
              result={shownResult}
              published={published}
              getRoot={() => plotsRef.current}
              disabled={running}
            />
          </div>
          <details className="sweep-table-wrap">
            <summary>Table: mean, min, max and sd over seeds</summary>
            <table data-testid="sweep-table">
              <caption className="sweep-sr">
                {`Statistics over seeds per ${shown.param.key} value and ${shown.series.key}`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{`${shown.param.key}${unit}`}</th>
                  <th scope="col">{shown.series.key}</th>
                  <th scope="col">seeds</th>
                  {shown.metrics.map((m) => (
                    <th key={m} scope="col">{`${m} mean [min, max] sd`}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.value}-${r.series}`}>
                    <td data-value={r.value}>{r.value}</td>
                    <td>{r.series}</td>
                    <td>{r.n}</td>
                    {shown.metrics.map((m) => {
                      const s = r.metrics[m]!;
                      return (
                        <td
                          key={m}
                          data-metric={m}
                          data-mean={String(s.mean)}
                          data-min={String(s.min)}
                          data-max={String(s.max)}
                          data-sd={String(s.sd)}
                        >
                          {`${fmt(s.mean)} [${fmt(s.min)}, ${fmt(s.max)}] ${fmt(s.sd)}`}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <details
            className="sweep-table-wrap"
            onToggle={(e) => setShowRuns((e.target as HTMLDetailsElement).open)}
          >
            <summary>Table: every run ({view.points.length})</summary>
            {showRuns && (
              <table data-testid="sweep-runs">
                <thead>
                  <tr>
                    <th scope="col">point</th>
                    <th scope="col">{`${shown.param.key}${unit}`}</th>
                    <th scope="col">{shown.series.key}</th>
                    <th scope="col">seed</th>
                    {shown.metrics.map((m) => (
                      <th key={m} scope="col">
                        {m}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[...view.points]
                    .sort((a, b) => a.index - b.index)
                    .map((p) => (
                      <tr key={p.index}>
                        <td>{p.index}</td>
                        <td>{p.value}</td>
                        <td>{p.series}</td>
                        <td>{p.seed}</td>
                        {shown.metrics.map((m) => (
                          <td key={m} data-value={String(p.metrics[m])}>
                            {fmt(p.metrics[m] as number)}
                          </td>
                        ))}
                      </tr>
                    ))}
                </tbody>
              </table>
            )}
          </details>
        </div>
      )}
    </section>
  );
}
