// The simulation page's context above its body: the preset on show (or the welcome), a shared
// challenge's card, and the paper-vs-model panel of the preset's source paper.
import { Suspense, lazy } from 'react';
import type { Preset, Scenario } from '../../sim';
import { toQuery } from '../../sim';
import type { Challenge } from '../challenges/challenge';
import { applyFixed } from '../challenges/challenge';
import type { RunStore } from '../data/runStore';
import type { NavState } from '../urlState';
import { PaperPanel } from '../reproduce/PaperPanel';
import { ContextBar } from './ContextBar';

// A shared challenge's card loads with a challenge link only.
const ChallengeCard = lazy(() =>
  import('../challenges/ChallengeCard').then((m) => ({ default: m.ChallengeCard })),
);

export function SimContext(p: {
  preset: Preset | undefined;
  modified: boolean;
  scenario: Scenario;
  query: string;
  store: RunStore;
  challenge: Challenge | null;
  encoded: string | null;
  /** The welcome shows (no lesson, no projector, no challenge). */
  welcome: boolean;
  onReset(): void;
  onLessons(): void;
  navigate(patch: Partial<NavState>): void;
}) {
  const { preset, modified, scenario, query, store, challenge, navigate } = p;
  return (
    <>
      <ContextBar
        preset={preset}
        modified={modified}
        scenario={scenario}
        onReset={p.onReset}
        onLessons={p.onLessons}
        welcome={p.welcome}
      />
      {challenge && p.encoded && (
        <Suspense fallback={<p className="muted">Loading the challenge…</p>}>
          <ChallengeCard
            challenge={challenge}
            encoded={p.encoded}
            scenario={scenario}
            query={query}
            finished={
              // Only a completed run of this very scenario is checked (not the previous run's
              // metrics in the instant between a change and the restart it causes).
              store.done && store.info && toQuery(store.info.scenario) === query
                ? store.metrics
                : null
            }
            onRestore={() => navigate({ query: toQuery(applyFixed(scenario, challenge)) })}
            onClose={() => navigate({ challenge: null })}
          />
        </Suspense>
      )}
      {preset && (
        <PaperPanel
          preset={preset.name}
          modified={modified}
          scenario={scenario}
          store={store}
          onOpenReproduce={() => navigate({ page: 'reproduce' })}
        />
      )}
    </>
  );
}
