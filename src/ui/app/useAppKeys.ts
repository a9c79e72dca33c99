// The simulation page's keys (the list `?` opens is `KEY_HELP` in keys.tsx): play or pause, step
// (a lesson's next step), a lesson's previous step, restart, and the key list itself.
import { useState } from 'react';
import type { StepUnit } from '../../worker/protocol';
import type { LessonDriver } from '../lessons/useLesson';
import { useKeys } from './keys';
import type { RunController } from './useRunController';

export function useAppKeys(
  run: RunController,
  lessons: LessonDriver,
  stepUnit: StepUnit,
  /** Off on another page and under Compare A/B (its sides have their own controls). */
  enabled: boolean,
) {
  const [keyHelp, setKeyHelp] = useState(false);
  const { lesson, step } = lessons;
  useKeys(
    [
      { keys: [' '], label: 'Play or pause', run: run.togglePlay },
      {
        keys: ['ArrowRight'],
        label: 'Step',
        run: () => {
          if (lesson) {
            if (step < lesson.steps.length - 1) lessons.goTo(step + 1);
          } else run.step(stepUnit);
        },
      },
      {
        keys: ['ArrowLeft'],
        label: 'Previous lesson step',
        run: () => {
          if (lesson && step > 0) lessons.goTo(step - 1);
        },
      },
      { keys: ['Home'], label: 'Restart', run: run.restart },
      { keys: ['?'], label: 'Keys', run: () => setKeyHelp((k) => !k) },
    ],
    enabled,
  );
  return {
    keyHelp,
    toggleKeyHelp: () => setKeyHelp((k) => !k),
    closeKeyHelp: () => setKeyHelp(false),
  };
}
