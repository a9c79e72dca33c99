import './reproduce.css';
import { useState, useSyncExternalStore } from 'react';
import type { RunStore } from '../data/runStore';
import { SCORECARD, claimLink, claimsForPreset, committedResult, liveValue } from './scorecardData';
import { VerdictChip, fmtFigure, fmtPublished } from './Verdict';

/**
 * Paper vs model: for a preset that stands for published results, each claim that uses it with
 * the paper's figure, the model's (the committed scorecard: a mean over the claim's seeds), this
 * run's own figure while it plays (where the claim reads one figure of this very scenario), the
 * verdict and, when the model departs from the paper, why.
 */
export function PaperPanel({
  preset,
  store,
  onOpenReproduce,
  modified = false,
}: {
  preset: string;
  store: RunStore;
  /** The scenario departs from the preset: its live figures are not the claim's. */
  modified?: boolean;
  onOpenReproduce(): void;
}) {
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  const [open, setOpen] = useState(() => readOpen());
  const claims = claimsForPreset(preset);
  if (claims.length === 0) return null;
  const m = store.metrics;
  const done = store.info && m ? store.done : false;
  const verdicts = claims.map((c) => committedResult(c.id)?.verdict);
  const n = (v: string) => verdicts.filter((x) => x === v).length;
  const toggle = () => {
    setOpen(!open);
    writeOpen(!open);
  };
  return (
    <section className="panel paper-panel" aria-label="Paper vs model" data-testid="paper-panel">
      <header className="panel-head">
        <h2>
          <button
            type="button"
            className="link paper-toggle"
            aria-expanded={open}
            onClick={toggle}
            data-testid="paper-toggle"
          >
            {open ? '▾' : '▸'} Paper vs model
          </button>
        </h2>
        <span className="muted small" data-testid="paper-counts">
          {claims.length} published result{claims.length === 1 ? '' : 's'}: {n('within')} within,{' '}
          {n('trend')} trend, {n('miss')} miss
        </span>
        <div className="panel-tools">
          <button type="button" className="small" onClick={onOpenReproduce}>
            All {SCORECARD.summary.claims} claims…
          </button>
        </div>
      </header>
      {open && (
        <table className="paper-table">
          <thead>
            <tr>
              <th scope="col">Published result</th>
              <th scope="col">Paper</th>
              <th scope="col" title="The committed scorecard: the mean over the claim's seeds">
                Model
              </th>
              <th
                scope="col"
                title={
                  modified
                    ? 'This run changes the preset, so its figures are not the claim’s'
                    : "This run's own figure (one seed), live while it plays"
                }
              >
                This run{modified ? ' (modified: n/a)' : ''}
              </th>
              <th scope="col">Verdict</th>
            </tr>
          </thead>
          <tbody>
            {claims.map((c) => {
              const r = committedResult(c.id);
              const live = modified ? null : liveValue(c, preset, m);
              return (
                <tr key={c.id} data-claim={c.id} data-verdict={r?.verdict ?? ''}>
                  <td>
                    <div className="claim-text">
                      <strong>{c.paper}</strong> {c.ref}: {c.metric}
                    </div>
                    <div className="claim-quote muted">“{c.text}”</div>
                    {r && r.verdict !== 'within' && r.explanation && (
                      <div className="claim-why" data-testid="claim-why">
                        <span aria-hidden>↳ </span>
                        {r.explanation}
                      </div>
                    )}
                  </td>
                  <td className="num">{r ? fmtPublished(r) : '–'}</td>
                  <td className="num">
                    {r ? fmtFigure(r.model) : '–'}
                    <div className="muted small">
                      <a href={claimLink(c)} title="Open this claim's first scenario">
                        {c.seeds.length} seed{c.seeds.length === 1 ? '' : 's'}
                      </a>
                    </div>
                  </td>
                  <td className="num" data-live={live === null ? '' : String(live)}>
                    {live === null ? (
                      <span className="muted" title="This claim compares several runs">
                        –
                      </span>
                    ) : (
                      <>
                        {fmtFigure(live)}
                        <div className="muted small">{done ? 'final' : 'so far'}</div>
                      </>
                    )}
                  </td>
                  <td>
                    {r ? (
                      <VerdictChip verdict={r.verdict} />
                    ) : (
                      <span className="muted">not run</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

const OPEN_KEY = 'tal:paper-panel';
/** Whether the panel is open (remembered; open unless the user closed it). */
function readOpen(): boolean {
  try {
    // Closed until asked for: the plots come first.
    return localStorage.getItem(OPEN_KEY) === 'open';
  } catch {
    return false;
  }
}
function writeOpen(open: boolean): void {
  try {
    localStorage.setItem(OPEN_KEY, open ? 'open' : 'closed');
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}
