// The A/B comparison as the page shows it: B's changes and the branch time (a form), the
// changes B could not use, and the two runs side by side (Compare).
import { useEffect, useRef } from 'react';
import type { ScenarioIssue } from '../../sim';
import type { ViewState } from '../views/viewState';
import type { CompareSpec } from './Compare';
import { Compare } from './Compare';
import { showCompare } from './showCompare';

export function CompareEditor({
  spec,
  bOverrides,
  errors,
  mainTime,
  view,
  speed,
  onApply,
  onExit,
}: {
  spec: CompareSpec;
  /** B's changes in URL form (`policy=sd&sdZ=0.5`). */
  bOverrides: string;
  /** Changes of B that could not be used (B falls back to A's value). */
  errors: ScenarioIssue[];
  /** The main run's simulated time ("Branch here"). */
  mainTime: number;
  view: ViewState;
  speed: number;
  onApply(bOverrides: string, branchAt: number | null): void;
  onExit(): void;
}) {
  const ref = useRef<HTMLElement>(null);
  const bField = useRef<HTMLInputElement>(null);
  // Opens where it is seen (the page's layout is done by the next frame). Opened from the
  // header (its Compare button has the focus), the focus goes to B's changes: the next key
  // is Compare's, not one of the 85 Tab stops between the header and its form (WCAG 2.4.3). A
  // lesson's A/B step or a link keeps the focus where it is.
  useEffect(() => {
    const fromHeader = !!document.activeElement?.closest('.app-header');
    const frame = requestAnimationFrame(() => {
      if (ref.current) showCompare(ref.current, view.get().reducedMotion);
      if (fromHeader) bField.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
    // On opening only: later the page is the reader's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="panel compare-editor" aria-label="A/B comparison settings" ref={ref}>
      <header className="panel-head">
        <h2>A/B comparison</h2>
        <div className="panel-tools">
          <button type="button" onClick={onExit}>
            Exit comparison
          </button>
        </div>
      </header>
      <details className="muted small compare-how">
        <summary>How B is made</summary>A is the scenario of the settings panel. B is A with the
        changes below (URL form, e.g. <code>policy=sd&amp;sdZ=0.5</code>); both run on the same
        seed. &quot;Branch at&quot; replays A up to that time, then continues the same state under
        B’s policy (policy and threshold changes only).
      </details>
      <form
        key={`${bOverrides}|${spec.branchAt}`}
        className="compare-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const at = String(f.get('at') ?? '').trim();
          onApply(String(f.get('b') ?? '').trim(), at === '' ? null : Math.max(0, Number(at)) || 0);
        }}
      >
        <label className="inline">
          B changes
          <input ref={bField} name="b" defaultValue={bOverrides} size={36} aria-label="B changes" />
        </label>
        <label className="inline">
          Branch at (s)
          <input
            name="at"
            type="number"
            min={0}
            step="any"
            defaultValue={spec.branchAt ?? ''}
            placeholder="from 0"
            aria-label="Branch at (s)"
          />
        </label>
        <button type="submit">Apply</button>
        <button
          type="button"
          onClick={() => onApply(bOverrides, Number(mainTime.toFixed(3)))}
          title="Branch B from the current time of the main run"
        >
          Branch here ({mainTime.toFixed(3)} s)
        </button>
      </form>
      {errors.length > 0 && (
        <div className="banner banner-warn" role="alert" data-testid="compare-issues">
          {errors.map((e) => (
            <div key={e.key + e.message}>B: {e.message}</div>
          ))}
        </div>
      )}
      <Compare spec={spec} view={view} speed={speed} />
    </section>
  );
}
