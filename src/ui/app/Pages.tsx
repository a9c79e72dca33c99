// The parts opened on demand, loaded on demand (the first screen is the simulation's): the
// parameter sweep, the Reproduce page, the teacher notes and the challenge builder.
import { Suspense, lazy, useState } from 'react';
import type { Metrics, Scenario } from '../../sim';
import { LESSONS } from '../lessons/lessons';
import type { SweepSettings } from '../sweep/urlState';
import { readSweepUrl } from '../sweep/urlState';

const SweepPanel = lazy(() => import('../sweep').then((m) => ({ default: m.SweepPanel })));
const ReproducePage = lazy(() =>
  import('../reproduce/ReproducePage').then((m) => ({ default: m.ReproducePage })),
);
const ChallengeBuilder = lazy(() =>
  import('../challenges/ChallengeBuilder').then((m) => ({ default: m.ChallengeBuilder })),
);
const TeacherPage = lazy(() =>
  import('../challenges/TeacherPage').then((m) => ({ default: m.TeacherPage })),
);

export function Pages(p: {
  query: string;
  scenario: Scenario;
  sweep: boolean;
  onSweepClose(): void;
  onSweepChange(settings: SweepSettings): void;
  page: 'reproduce' | 'teacher' | null;
  onPageClose(): void;
  builder: boolean;
  onBuilderClose(): void;
  /** The finished run's metrics (null while it runs), for a challenge built from it. */
  metrics: Metrics | null;
}) {
  // The sweep panel's settings as the link gave them (it reports its changes to the URL).
  const [sweepUrl] = useState(() => readSweepUrl(window.location.search));
  return (
    <>
      {p.sweep && (
        <section className="panel sweep-host" aria-label="Parameter sweep">
          <header className="panel-head">
            <h2>Parameter sweep of this scenario</h2>
            <div className="panel-tools">
              <button type="button" onClick={p.onSweepClose}>
                ✕ Close
              </button>
            </div>
          </header>
          <Suspense fallback={<p className="muted">Loading the sweep panel…</p>}>
            <SweepPanel
              query={p.query}
              scenario={p.scenario}
              initial={sweepUrl}
              onChange={p.onSweepChange}
            />
          </Suspense>
        </section>
      )}
      <Suspense fallback={<p className="muted">Loading…</p>}>
        {/* A page of its own is the document's main content (the simulation's is hidden). */}
        {p.page && (
          <main className="page-main">
            {p.page === 'reproduce' && <ReproducePage onClose={p.onPageClose} />}
            {p.page === 'teacher' && <TeacherPage lessons={LESSONS} onClose={p.onPageClose} />}
          </main>
        )}
        {p.builder && (
          <ChallengeBuilder scenario={p.scenario} metrics={p.metrics} onClose={p.onBuilderClose} />
        )}
      </Suspense>
    </>
  );
}
