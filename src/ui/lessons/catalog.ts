/** Every lesson, in teaching order, and the old guided-tour links mapped onto them. */
import { LESSONS as FIRST } from './lessonData';
import { MORE_LESSONS } from './lessonData2';
import type { Lesson } from './types';

export const ALL_LESSONS: Lesson[] = [...FIRST, ...MORE_LESSONS];

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
  return id ? ALL_LESSONS.find((l) => l.id === id) : undefined;
}
