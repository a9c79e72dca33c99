import './reproduce.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CITATIONS, CLAIMS } from '../../reproduce/claims';
import { selectClaims, runScorecard } from '../../reproduce/scorecard';
import type { ClaimResult, PaperTag, Verdict } from '../../reproduce/types';
import { PAPERS } from '../../reproduce/types';
import { formatDuration } from '../../sweep/pool';
import { SweepWorkerPool } from '../sweep/protocol';
import { PapersPicture } from './PapersPicture';
import { claimLink, seedLink } from './claimIndex';
import { SCORECARD } from './scorecardData';
import { SeedSensitiveChip, VerdictChip, fmtFigure, fmtPublished, fmtSpread } from './Verdict';

type Filter = 'all' | Verdict;

interface Rerun {
  scope: 'all' | PaperTag;
  results: Map<string, ClaimResult>;
  /** Claims whose re-run line equals the committed scorecard's, byte for byte. */
  same: number;
  seconds: number;
}

const BY_ID = new Map(CLAIMS.map((c) => [c.id, c]));

/**
 * The Reproduce page: every claim of the five papers, grouped by paper, with the verdicts of
 * the committed scorecard and a link that opens each claim's scenario; a button re-runs all the
 * claims, or one paper's, here in the browser on a pool of Web Workers, and compares the result
 * with the committed scorecard line by line.
 */
export function ReproducePage({ onClose }: { onClose(): void }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [open, setOpen] = useState<Set<PaperTag>>(() => new Set(['S0']));
  const [progress, setProgress] = useState<{
    scope: string;
    done: number;
    total: number;
    seconds: number;
  } | null>(null);
  const [rerun, setRerun] = useState<Rerun | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const openClaim = (id: string) => {
    const r = SCORECARD.claims.find((x) => x.id === id);
    if (!r) return;
    setFilter('all');
    setOpen((o) => new Set([...o, r.paper]));
    setSelected(id);
  };
  useEffect(() => {
    if (!selected) return;
    const row = document.querySelector<HTMLElement>(
      `.reproduce-table tr[data-claim="${CSS.escape(selected)}"]`,
    );
    row?.scrollIntoView({ block: 'center' });
    row?.focus();
  }, [selected]);
  const [error, setError] = useState<string | null>(null);
  const pool = useRef<SweepWorkerPool | null>(null);
  useEffect(() => () => pool.current?.terminate(), []);

  const committed = useMemo(() => new Map(SCORECARD.claims.map((r) => [r.id, r])), []);
  const s = SCORECARD.summary;
  const pct = (k: number) => (s.claims ? Math.round((100 * k) / s.claims) : 0);

  const start = async (scope: 'all' | PaperTag) => {
    const claims = selectClaims(scope === 'all' ? [] : [scope]);
    const lanes = Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2));
    pool.current?.terminate();
    const p = new SweepWorkerPool(lanes);
    pool.current = p;
    setError(null);
    setRerun(null);
    const t0 = performance.now();
    setProgress({ scope, done: 0, total: 1, seconds: 0 });
    if (scope !== 'all') setOpen((o) => new Set([...o, scope]));
    try {
      const run = await runScorecard(claims, {
        lanes,
        exec: (req, lane) => p.execClaimRun(req, lane),
        onProgress: (done, total) =>
          setProgress({ scope, done, total, seconds: (performance.now() - t0) / 1000 }),
      });
      const results = new Map(run.results.map((r) => [r.id, r]));
      const same = run.results.filter(
        (r) => JSON.stringify(r) === JSON.stringify(committed.get(r.id)),
      ).length;
      setRerun({ scope, results, same, seconds: run.summary.seconds });
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError'))
        setError(e instanceof Error ? e.message : String(e));
    } finally {
      p.terminate();
      if (pool.current === p) pool.current = null;
      setProgress(null);
    }
  };
  const cancel = () => {
    pool.current?.terminate();
    pool.current = null;
    setProgress(null);
  };

  return (
    <section
      className="panel reproduce-page"
      aria-label="Reproduce the papers"
      data-testid="reproduce-page"
    >
      <header className="panel-head">
        <h2>Reproduce the papers</h2>
        <div className="panel-tools">
          <button type="button" onClick={onClose}>
            Back to the simulation
          </button>
        </div>
      </header>
      <p className="reproduce-intro">
        Every number and stated trend of the five source papers, run against this model. Each
        claim’s model figure is a mean over its seeds, shown with each seed’s figure, their range
        and spread; where the seeds disagree about the verdict the claim is run on up to 10 seeds,
        and marked <SeedSensitiveChip /> when they still do. A claim is{' '}
        <VerdictChip verdict="within" /> when the figure is inside the paper’s band (or the bound,
        order or boundary holds), <VerdictChip verdict="trend" /> when it is outside but the
        direction against the comparison runs holds, else <VerdictChip verdict="miss" />, with the
        cause as far as it is known.
      </p>
      <p className="reproduce-summary" data-testid="reproduce-summary">
        <strong>{s.claims} claims</strong>: {s.within} within ({pct(s.within)}%), {s.trend} trend,{' '}
        {s.miss} miss — within or trend {pct(s.within + s.trend)}%
        {s.seedSensitive ? `; ${s.seedSensitive} seed-sensitive` : ''}.{' '}
        <span className="muted">
          Committed scorecard (npm run reproduce -- --write), {s.seconds} s on the CLI.
        </span>
      </p>
      <PapersPicture rows={SCORECARD.claims} onOpenClaim={openClaim} />
      <div className="reproduce-tools" role="group" aria-label="Re-run the claims in this browser">
        <span>Re-run here:</span>
        <button type="button" onClick={() => start('all')} disabled={!!progress}>
          All papers
        </button>
        {PAPERS.map((p) => (
          <button
            type="button"
            key={p}
            onClick={() => start(p)}
            disabled={!!progress}
            data-testid={`rerun-${p}`}
          >
            {p}
          </button>
        ))}
        <label className="inline">
          Show
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            aria-label="Show claims"
          >
            <option value="all">all claims</option>
            <option value="within">within</option>
            <option value="trend">trend</option>
            <option value="miss">miss</option>
          </select>
        </label>
      </div>
      {progress && (
        <div className="reproduce-progress" role="status" data-testid="reproduce-progress">
          <progress max={progress.total} value={progress.done} />
          <span>
            {progress.scope === 'all' ? 'All papers' : progress.scope}: {progress.done}/
            {progress.total} runs, {formatDuration(progress.seconds)}
          </span>
          <button type="button" className="small" onClick={cancel}>
            Cancel
          </button>
        </div>
      )}
      {error && (
        <div className="banner banner-error" role="alert">
          Re-run failed: {error}
        </div>
      )}
      {rerun && (
        <p className="reproduce-rerun" role="status" data-testid="rerun-result">
          Re-ran {rerun.scope === 'all' ? 'every claim' : `${rerun.scope}’s claims`} in{' '}
          {rerun.seconds} s:{' '}
          <strong>
            {rerun.same} of {rerun.results.size}
          </strong>{' '}
          identical to the committed scorecard
          {rerun.same === rerun.results.size
            ? ' (byte for byte).'
            : '; the differing rows are marked.'}
        </p>
      )}
      {PAPERS.map((paper) => {
        const rows = SCORECARD.claims.filter((r) => r.paper === paper);
        const shown = rows.filter((r) => filter === 'all' || r.verdict === filter);
        const n = (v: Verdict) => rows.filter((r) => r.verdict === v).length;
        const isOpen = open.has(paper);
        return (
          <details
            key={paper}
            open={isOpen}
            className="reproduce-paper"
            data-paper={paper}
            onToggle={(e) => {
              const o = (e.target as HTMLDetailsElement).open;
              setOpen((prev) => {
                const next = new Set(prev);
                if (o) next.add(paper);
                else next.delete(paper);
                return next;
              });
            }}
          >
            <summary>
              <strong>{paper}</strong> {CITATIONS[paper]}{' '}
              <span className="muted">
                — {rows.length} claims: {n('within')} within, {n('trend')} trend, {n('miss')} miss
              </span>
            </summary>
            {isOpen && (
              <div className="reproduce-table-wrap">
                <table className="reproduce-table">
                  <thead>
                    <tr>
                      <th scope="col">Claim</th>
                      <th scope="col">Paper</th>
                      <th scope="col">Model</th>
                      <th scope="col">Verdict</th>
                      {rerun && <th scope="col">Re-run here</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((r) => {
                      const c = BY_ID.get(r.id);
                      const again = rerun?.results.get(r.id);
                      const differs = again && JSON.stringify(again) !== JSON.stringify(r);
                      return (
                        <tr
                          key={r.id}
                          data-claim={r.id}
                          data-verdict={r.verdict}
                          className={selected === r.id ? 'selected' : undefined}
                          tabIndex={selected === r.id ? -1 : undefined}
                        >
                          <td>
                            <div>
                              <a
                                href={c ? claimLink(c) : undefined}
                                title="Open this claim's scenario"
                              >
                                {r.id}
                              </a>{' '}
                              <span className="muted">{r.ref}</span>
                            </div>
                            {c && <div className="claim-quote muted">“{c.text}”</div>}
                            {r.explanation && <div className="claim-why">↳ {r.explanation}</div>}
                          </td>
                          <td className="num">{fmtPublished(r)}</td>
                          <td className="num">
                            {fmtFigure(r.model)}
                            {r.seedSensitive && <SeedSensitiveChip />}
                            <div className="muted small seed-spread" data-testid="seed-spread">
                              {fmtSpread(r)}
                              <div className="seed-links">
                                {c &&
                                  r.seeds.map((sd, i) => (
                                    <a
                                      key={sd}
                                      href={seedLink(c, sd)}
                                      data-seed={sd}
                                      className={`seed-link seed-${r.seedVerdicts[i]}`}
                                      title={`Seed ${sd} alone: ${r.seedVerdicts[i]}`}
                                    >
                                      {sd}: {fmtFigure(r.perSeed[i])}
                                    </a>
                                  ))}
                              </div>
                            </div>
                            {(r.alternatives ?? []).map((a) => (
                              <div
                                key={a.label}
                                className="muted small claim-alt"
                                data-testid="claim-alt"
                              >
                                {a.label}: {fmtFigure(a.model)}
                              </div>
                            ))}
                          </td>
                          <td>
                            <VerdictChip verdict={r.verdict} />
                          </td>
                          {rerun && (
                            <td className="num" data-rerun-verdict={again?.verdict ?? ''}>
                              {again ? (
                                <>
                                  {fmtFigure(again.model)} <VerdictChip verdict={again.verdict} />
                                  {differs && <div className="banner-warn small">differs</div>}
                                </>
                              ) : (
                                <span className="muted">–</span>
                              )}
                            </td>
                          )}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </details>
        );
      })}
    </section>
  );
}
