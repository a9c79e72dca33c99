// The live class's parts of the page (src/ui/class): the header's class tools, its layer above
// the playback bar and in the sidebar, and the question the lesson card shows in a class. All
// but the tools load once the page is in a class (they are no part of the first screen).
import { Suspense, lazy, useEffect, useMemo } from 'react';
import type { Scenario } from '../../sim';
import type { Challenge } from '../challenges/challenge';
import { ClassTools } from '../class/ClassTools';
import type { ClassDriver } from '../class/useClass';
import type { RunStore } from '../data/runStore';
import type { LessonDriver } from '../lessons/useLesson';
import type { ViewState } from '../views/viewState';

const ClassLayer = lazy(() =>
  import('../class/ClassLayer').then((m) => ({ default: m.ClassLayer })),
);
const ClassPredict = lazy(() =>
  import('../class/ClassLayer').then((m) => ({ default: m.ClassPredict })),
);

/** In a class whose server answers, a step with a prediction shows the class's question in
 * the lesson card instead of the card's own (the projector's while it hosts, a student's). */
function classAsks(cls: ClassDriver, lessons: LessonDriver): boolean {
  if (cls.info === null || cls.info === 'checking') return false;
  if (!lessons.lesson?.steps[lessons.step].predict) return false;
  // An ended class asks nothing more: the card's own prediction is back on every screen.
  if (cls.state.room?.status === 'ended') return false;
  return (
    cls.role === 'student' || (cls.role === 'host' && !!cls.token && cls.state.role === 'host')
  );
}

export function classParts(
  cls: ClassDriver,
  lessons: LessonDriver,
  on: {
    store: RunStore;
    query: string;
    challenge: Challenge | null;
    encoded: string | null;
    scenario: Scenario;
  },
) {
  // The student's bar above the views, the projector's panel beside them.
  const layer = (at: 'top' | 'side') =>
    cls.role === (at === 'top' ? 'student' : 'host') ? (
      <Suspense fallback={null}>
        <ClassLayer
          at={at}
          cls={cls}
          lessons={lessons}
          store={on.store}
          query={on.query}
          challenge={on.challenge}
          encoded={on.encoded}
          scenario={on.scenario}
        />
      </Suspense>
    ) : null;
  return {
    tools: <ClassTools cls={cls} />,
    top: layer('top'),
    side: layer('side'),
    predictSlot: classAsks(cls, lessons) ? (
      <Suspense fallback={<p className="class-wait muted">Loading the class’s question…</p>}>
        <ClassPredict cls={cls} lessons={lessons} store={on.store} />
      </Suspense>
    ) : undefined,
    /** The projector of a class keeps the sidebar open (its class panel is there). */
    host: cls.role === 'host',
  };
}
export type ClassParts = ReturnType<typeof classParts>;

/**
 * While the class's current question is tied to a metric of the run and not yet revealed, no
 * readout on this screen (the projector's or a phone's) shows that metric: it would give the
 * answer away.
 */
export function useClassHides(cls: ClassDriver, view: ViewState): void {
  const q = cls.state.room?.question ?? null;
  const ended = cls.state.room?.status === 'ended';
  const metric = q && !q.revealed && !ended ? (q.metric ?? null) : null;
  const hides = useMemo(() => (metric ? [metric] : []), [metric]);
  useEffect(() => {
    view.hide('class', hides);
    return () => view.hide('class', []);
  }, [view, hides]);
}
