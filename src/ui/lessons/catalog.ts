/** Every lesson, in teaching order, and the old guided-tour links mapped onto them. */
/**
 * Each lesson's scenario was chosen (with `npm run sim`) so that its point is unmistakable, and
 * each step pauses at a fixed time where a notable event of that run happens;
 * tests/unit/ui/lessons/lessons.test.ts runs every scenario in Node and checks the figures and moments
 * quoted in the lessons' files (data/*).
 */
import { cells } from './data/cells';
import { ubrCollapse } from './data/ubrCollapse';
import { epdFairness } from './data/epdFairness';
import { deadlock } from './data/deadlock';
import { gfrTagging } from './data/gfrTagging';
import { eubrRecovery } from './data/eubrRecovery';
import { parkingLot } from './data/parkingLot';
import { loadedLesson } from './file/loaded';
import type { Lesson } from './types';

export const ALL_LESSONS: Lesson[] = [
  cells,
  ubrCollapse,
  epdFairness,
  deadlock,
  gfrTagging,
  eubrRecovery,
  parkingLot,
];

/** Old `story=1&step=N` links named a preset; the lesson that replaced its tour. */
const FROM_STORY: Record<string, string> = {
  's0-plain-ubr': 'ubr-collapse',
  's0-small-buffer': 'ubr-collapse',
  's1-lan-sd': 'epd-fairness',
  's2-deadlock': 'deadlock',
  's3-gfr-lan-two-threshold': 'gfr-tagging',
  's4-eubr': 'eubr-recovery',
  'parking-lot-tail-drop': 'parking-lot',
};

export function lessonForStory(preset: string | null | undefined): Lesson | undefined {
  const id = preset ? FROM_STORY[preset] : undefined;
  return id ? ALL_LESSONS.find((l) => l.id === id) : undefined;
}

export function lessonById(id: string | null | undefined): Lesson | undefined {
  return id ? (ALL_LESSONS.find((l) => l.id === id) ?? loadedLesson(id)) : undefined;
}
