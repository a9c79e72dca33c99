import { useEffect, useId, useMemo, useRef } from 'react';
import type { NumberParam, Scenario } from '../../sim';
import { SCHEMA, parseScenario } from '../../sim';
import type { SweepResult } from '../../sweep';
import { etaSeconds, formatDuration } from '../../sweep';
import { SweepAnnouncer } from './SweepAnnouncer';
import { SweepForm, useSweepForm } from './SweepForm';
import { SweepResults } from './SweepResults';
import type { SweepSettings, SweepUrlState } from './urlState';
import { useSweepRun } from './useSweepRun';
import './sweep.css';

export interface SweepPanelProps {
  /** The current scenario query, e.g. 'v=1&policy=epd' (a URL or `preset=NAME` works too). */
  query: string;
  /** The scenario of `query`, when the caller has parsed it already (the page): not parsed
   * again. */
  scenario?: Scenario;
  /** Called with the result when a sweep completes (also offered as JSON/CSV downloads). */
  onResult?: (result: SweepResult) => void;
  /** The settings to open with (from the page URL: urlState.ts), and their issues. */
  initial?: SweepUrlState;
  /** Called with the form's settings whenever they change (for the page URL). */
  onChange?: (settings: SweepSettings) => void;
}

/**
 * The sweep panel: runs the scenario of `query` for a range of one numeric parameter, for
 * several policies or TCP variants and seeds, on a pool of Web Workers (one per hardware
 * thread), and plots the chosen metrics with the papers' published values overlaid. The form
 * (SweepForm.tsx), the run (useSweepRun.ts) and the results (SweepResults.tsx) are its parts.
 */
export function SweepPanel({ query, scenario, onResult, initial, onChange }: SweepPanelProps) {
  const uid = useId();
  const parsed = useMemo(
    () => (scenario ? { scenario, errors: [] } : parseScenario(query)),
    [query, scenario],
  );
  const form = useSweepForm(parsed.scenario, initial, onChange);
  const { spec } = form;
  const { view, running, start, cancel } = useSweepRun(spec, onResult);
  // A link that names a sweep opens with its results: the points this browser kept of it, or
  // else the sweep runs at once, its progress shown. Once, on opening; a link with an ignored
  // key waits for Run sweep (its sweep is not the one the link meant).
  const fromLink = useRef(initial?.settings.param !== undefined && initial.issues.length === 0);
  useEffect(() => {
    if (!fromLink.current) return;
    if (!spec || view.status !== 'idle') {
      fromLink.current = false;
      return;
    }
    // In a task of its own, so that an effect's trial unmount (StrictMode) cancels no run.
    const t = setTimeout(() => {
      fromLink.current = false;
      void start();
    });
    return () => clearTimeout(t);
    // On opening only: later runs are the reader's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shown = view.spec;
  const paramDef = SCHEMA[form.paramKey] as NumberParam;
  const unit = paramDef.unit ? ` ${paramDef.unit}` : '';

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
      <SweepForm form={form} uid={uid} running={running} onRun={start} onCancel={cancel} />

      {view.status !== 'idle' && (
        <div className="sweep-progress">
          <progress
            max={Math.max(1, view.total)}
            value={done}
            aria-label="Sweep progress"
            aria-valuetext={progressText}
          />
          <span data-testid="sweep-progress-text">{progressText}</span>
        </div>
      )}
      <SweepAnnouncer status={view.status} done={done} total={view.total} text={progressText} />
      {view.error && (
        <p className="sweep-error" role="alert">
          {view.error}
        </p>
      )}

      {shown && <SweepResults shown={shown} view={view} running={running} unit={unit} />}
    </section>
  );
}
