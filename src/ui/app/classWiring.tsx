// The live class's parts of the page (src/ui/class): the header's class tools, its layer above
// the playback bar and in the sidebar, and the question the lesson card shows in a class.
import type { Scenario } from '../../sim';
import type { Challenge } from '../challenges/challenge';
import { ClassLayer, ClassTools, classPredictSlot } from '../class/ClassLayer';
import type { ClassDriver } from '../class/useClass';
import type { RunStore } from '../data/runStore';
import type { LessonDriver } from '../lessons/useLesson';

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
  const layer = (at: 'top' | 'side') => (
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
  );
  return {
    tools: <ClassTools cls={cls} />,
    top: layer('top'),
    side: layer('side'),
    predictSlot: classPredictSlot(cls, lessons, on.store),
    /** The projector of a class keeps the sidebar open (its class panel is there). */
    host: cls.role === 'host',
  };
}
export type ClassParts = ReturnType<typeof classParts>;
