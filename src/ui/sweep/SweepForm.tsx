/**
 * The sweep panel's form: the swept parameter and its range, the series (buffer policies or
 * TCP variants), the metrics, the seeds and the duration of each run; `useSweepForm` holds
 * them, reports them for the page URL and plans the sweep they describe.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { NumberParam, Scenario } from '../../sim';
import {
  GROUP_TITLES,
  POLICIES,
  SCHEMA,
  TCP_VARIANTS,
  applyOverrides,
  optionLabel,
} from '../../sim';
import type { MetricKey, SeriesKey, SweepSpec } from '../../sweep';
import { DEFAULT_METRICS, METRIC_KEYS, SWEEPABLE_KEYS, SweepError, makeSpec } from '../../sweep';
import { metricLabel } from './labels';
import { defaultRange } from './range';
import type { SweepSettings, SweepUrlState } from './urlState';
import { lanesAvailable } from './useSweepRun';

const GROUP_NAMES: Record<string, string> = GROUP_TITLES;

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
}

/** The form's settings over the base scenario `base`, opened with `initial` (the page URL's),
 * each change reported to `onChange`; `planned` is the sweep they describe, or what is wrong. */
export function useSweepForm(
  base: Scenario,
  initial: SweepUrlState | undefined,
  onChange: ((settings: SweepSettings) => void) | undefined,
) {
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

  return {
    base,
    paramKey,
    setParamKey,
    range,
    setRange,
    seriesKey,
    setSeriesKey,
    policies,
    setPolicies,
    variants,
    setVariants,
    metrics,
    setMetrics,
    seeds,
    setSeeds,
    duration,
    setDuration,
    planned,
    spec: 'spec' in planned ? planned.spec : null,
  };
}

type SweepFormState = ReturnType<typeof useSweepForm>;

interface SweepFormProps {
  form: SweepFormState;
  /** A prefix for the form's element ids. */
  uid: string;
  running: boolean;
  onRun(): Promise<void>;
  onCancel(): void;
}

export function SweepForm({ form, uid, running, onRun, onCancel }: SweepFormProps) {
  const {
    base,
    paramKey,
    setParamKey,
    range,
    setRange,
    seriesKey,
    setSeriesKey,
    policies,
    setPolicies,
    variants,
    setVariants,
    metrics,
    setMetrics,
    seeds,
    setSeeds,
    duration,
    setDuration,
    planned,
    spec,
  } = form;
  const plannedTotal = spec
    ? spec.param.values.length * spec.series.values.length * spec.seeds.length
    : 0;
  const paramDef = SCHEMA[paramKey] as NumberParam;
  const unit = paramDef.unit ? ` ${paramDef.unit}` : '';
  const groups = [...new Set(SWEEPABLE_KEYS.map((k) => SCHEMA[k].group))];
  const seriesOptions: readonly string[] = seriesKey === 'policy' ? POLICIES : TCP_VARIANTS;
  const selectedSeries = seriesKey === 'policy' ? policies : variants;

  return (
    <form
      className="sweep-form"
      onSubmit={(e) => {
        e.preventDefault();
        void onRun();
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
        <span className="sweep-hint">{`${paramKey}: ${paramDef.min}–${paramDef.max}${unit}`}</span>
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
            ? `${plannedTotal} runs = ${spec.param.values.length} values × ${spec.series.values.length} series × ${spec.seeds.length} seed${spec.seeds.length === 1 ? '' : 's'}, on up to ${Math.min(lanesAvailable(), plannedTotal)} workers`
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
        <button type="button" onClick={onCancel} disabled={!running}>
          Cancel
        </button>
      </div>
    </form>
  );
}
