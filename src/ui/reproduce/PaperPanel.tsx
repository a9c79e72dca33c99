import './reproduce.css';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { Claim, ClaimResult } from '../../reproduce/types';
import type { Scenario } from '../../sim';
import { changedKeys } from '../../sim';
import type { RunStore } from '../data/runStore';
import { readChoice, writeChoice } from '../data/browserStorage';
import { presetScenario } from '../presets';
import { CLAIM_COUNT, claimLink, claimsForPreset, liveValue, seedLink } from './claimIndex';
import { useScorecard } from './useScorecard';
import { SeedSensitiveChip, VerdictChip, fmtFigure, fmtPublished, fmtSpread } from './Verdict';

/** The one-line summary of a preset's claims: "Paper vs model: 3 claims · 2 within · 1 trend". */
export function PaperSummary({ preset }: { preset: string }) {
  const card = useScorecard();
  if (claimsForPreset(preset).length === 0) return null;
  return (
    <span className="paper-summary" data-testid="paper-summary">
      {card ? card.presetSummaryText(preset) : 'Paper vs model: …'}
    </span>
  );
}

/**
 * Why this run's figure is not the model's, in words: the model's figure is a mean over seeds,
 * this run is one seed (and may still be playing).
 */
export function liveWords(
  c: Claim,
  r: ClaimResult,
  live: number,
  seed: number,
  done: boolean,
): string {
  const i = r.seeds.indexOf(seed);
  const n = r.seeds.length;
  const model = `The model’s figure, ${fmtFigure(r.model)}, is the mean over ${n} seed${n === 1 ? '' : 's'} (${fmtSpread(r)}).`;
  const now = done
    ? `This run is seed ${seed} alone and ended at ${fmtFigure(live)}.`
    : `This run is seed ${seed} alone, and its figure moves until the run ends (${fmtFigure(live)} so far).`;
  const own =
    i >= 0
      ? ` Seed ${seed}’s full run gave ${fmtFigure(r.perSeed[i])} in the scorecard${
          r.seedVerdicts[i] !== r.verdict ? `, which alone would be ${r.seedVerdicts[i]}` : ''
        }.`
      : ` The scorecard did not run seed ${seed}: its figure is one more draw.`;
  const kind = c.kind === 'value' ? '' : ' The verdict compares this figure with the claim’s.';
  return `${now}${own} ${model}${kind}`;
}

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
  compact = false,
  scenario,
}: {
  preset: string;
  store: RunStore;
  /** The scenario departs from the preset: its live figures are not the claim's (a change of
   * seed alone keeps them: each seed is one of the claim's runs). */
  modified?: boolean;
  onOpenReproduce(): void;
  /** Only the one-line summary (PaperSummary). */
  compact?: boolean;
  /** The scenario on show (else the running one's, once it has started). */
  scenario?: Scenario;
}) {
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  // The committed results load after the first screen (the claims are here at once, so the
  // panel takes its place in the first layout): "…" until then.
  const card = useScorecard();
  const committedResult = (id: string) => card?.committedResult(id);
  const [open, setOpen] = useState(() => readOpen());
  // Re-rendered a few times a second while a run plays: the preset's claims once.
  const claims = useMemo(() => claimsForPreset(preset), [preset]);
  if (claims.length === 0) return null;
  if (compact) return <PaperSummary preset={preset} />;
  const m = store.metrics;
  const done = store.info && m ? store.done : false;
  const sc = scenario ?? store.info?.scenario;
  const seedOnly =
    modified && !!sc && changedKeys(presetScenario(preset), sc).every((k) => k === 'seed');
  const foreign = modified && !seedOnly;
  const seed = sc?.seed ?? 1;
  const verdicts = claims.map((c) => committedResult(c.id)?.verdict);
  const n = (v: string) => verdicts.filter((x) => x === v).length;
  const seedSensitive = claims.filter((c) => committedResult(c.id)?.seedSensitive).length;
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
          {claims.length} published result{claims.length === 1 ? '' : 's'}:{' '}
          {card ? (
            <>
              {n('within')} within, {n('trend')} trend, {n('miss')} miss
              {seedSensitive > 0 ? `; ${seedSensitive} seed-sensitive` : ''}
            </>
          ) : (
            '…'
          )}
        </span>
        <div className="panel-tools">
          <button type="button" className="small" onClick={onOpenReproduce}>
            All {CLAIM_COUNT} claims…
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
                  foreign
                    ? 'This run changes the preset, so its figures are not the claim’s'
                    : "This run's own figure (one seed), live while it plays"
                }
              >
                This run{foreign ? ' (modified: n/a)' : ` (seed ${seed})`}
              </th>
              <th scope="col">Verdict</th>
            </tr>
          </thead>
          <tbody>
            {claims.map((c) => {
              const r = committedResult(c.id);
              const live = foreign ? null : liveValue(c, preset, m);
              return (
                <tr key={c.id} data-claim={c.id} data-verdict={r?.verdict ?? ''}>
                  <td>
                    <div className="claim-text">
                      <strong>{c.paper}</strong> {c.ref}: {c.metric}
                    </div>
                    <div className="claim-quote muted">“{c.text}”</div>
                    {r && live !== null && (
                      <div className="muted small live-why" data-testid="live-why">
                        <span aria-hidden>↳ </span>
                        {liveWords(c, r, live, seed, done)}
                      </div>
                    )}
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
                    {r?.seedSensitive && <SeedSensitiveChip />}
                    {r ? (
                      <div className="muted small seed-spread" data-testid="seed-spread">
                        {fmtSpread(r)}
                        <div className="seed-links">
                          {r.seeds.map((s, i) => (
                            <a
                              key={s}
                              href={seedLink(c, s)}
                              title={`Open this claim’s first scenario on seed ${s} (${r.seedVerdicts[i]} alone)`}
                              data-seed={s}
                              className={`seed-link seed-${r.seedVerdicts[i]}`}
                            >
                              {s}: {fmtFigure(r.perSeed[i])}
                            </a>
                          ))}
                        </div>
                        {(r.alternatives ?? []).map((a) => (
                          <div key={a.label} className="claim-alt" data-testid="claim-alt">
                            {a.label}: {fmtFigure(a.model)}
                          </div>
                        ))}
                      </div>
                    ) : (
                      <div className="muted small">
                        <a href={claimLink(c)}>open</a>
                      </div>
                    )}
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
                      <span className="muted">{card ? 'not run' : '…'}</span>
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
/** Closed until asked for: the plots come first. */
function readOpen(): boolean {
  return readChoice(OPEN_KEY) === 'open';
}
function writeOpen(open: boolean): void {
  writeChoice(OPEN_KEY, open ? 'open' : 'closed');
}
