// The simulation page's keys (the list `?` opens is `KEY_HELP` in keys.tsx): play or pause, step
// (a lesson's next step), a lesson's previous step, restart, and the key list itself. Under
// Compare A/B, Space and Home drive both sides (as the sticky bar's Play and Restart do).
import { useState } from 'react';
import type { StepUnit } from '../../worker/protocol';
import { abClock } from '../compare/abClock';
import type { LessonDriver } from '../lessons/useLesson';
import { useKeys } from './keys';
import type { RunController } from './useRunController';

export function useAppKeys(
  run: RunController,
  lessons: LessonDriver,
  stepUnit: StepUnit,
  /** Off on another page. */
  enabled: boolean,
  /** Compare A/B is open: Space and Home act on its two sides; → steps nothing (a lesson's
   * → still goes to its next step). */
  comparing = false,
) {
  const [keyHelp, setKeyHelp] = useState(false);
  const { lesson, step } = lessons;
  useKeys(
    [
      {
        keys: [' '],
        label: 'Play or pause',
        run: () => (comparing ? abClock.get()?.toggle() : run.togglePlay()),
      },
      {
        keys: ['ArrowRight'],
        label: 'Step',
        run: () => {
          // In a lesson, the next step (an A/B step too); under Compare A/B alone, nothing.
          if (lesson) {
            if (step < lesson.steps.length - 1) lessons.goTo(step + 1);
          } else if (!comparing) run.step(stepUnit);
        },
      },
      {
        keys: ['ArrowLeft'],
        label: 'Previous lesson step',
        run: () => {
          if (lesson && step > 0) lessons.goTo(step - 1);
        },
      },
      {
        keys: ['Home'],
        label: 'Restart',
        run: () => (comparing ? abClock.get()?.restart() : run.restart()),
      },
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
