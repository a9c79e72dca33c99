// The order the e2e files start in: the longest first, so that the last files to finish are
// short ones and the three workers end together (longest-processing-time-first scheduling).
// Vitest orders a file by its last duration only when a cache of earlier runs exists; a fresh
// clone (CI) has none and starts them in name order, so the longest (the lesson walk) began
// 30th of 30 and ran alone at the end.
//
// COST_S: each file's seconds in a fresh-clone `.ci/run` (fd34847, three files at a time on 2
// cores; the test sums vitest prints per file). Only the order matters: refresh them when a
// file's share changes much. A file not listed (a new one) counts as DEFAULT_S.
import { basename } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

export const COST_S: Record<string, number> = {
  'lessonWalk.test.ts': 510,
  'a11y.test.ts': 489,
  'firstScreen.test.ts': 292,
  'classroom-live.test.ts': 274,
  'app.test.ts': 259,
  'classroom.test.ts': 201,
  'lessonTransitions.test.ts': 200,
  'language.test.ts': 150,
  'lessonFile.test.ts': 170,
  'challenges.test.ts': 151,
  'sweep.test.ts': 148,
  'deploy.test.ts': 142,
  'classroom-own.test.ts': 139,
  'compare.test.ts': 122,
  'reproduce.test.ts': 120,
  'chromeFit.test.ts': 117,
  'targets.test.ts': 115,
  'classroom-life.test.ts': 112,
  'lessonInput.test.ts': 103,
  'robust.test.ts': 85,
  'keyboard.test.ts': 80,
  'lecture.test.ts': 75,
  'lessons.test.ts': 70,
  'classroom-join.test.ts': 61,
  'topology.test.ts': 54,
  'timeline.test.ts': 40,
  'describedState.test.ts': 37,
  'inspect.test.ts': 29,
  'controls.test.ts': 27,
  'sound.test.ts': 18,
  'deadlockMoments.test.ts': 15,
  'tabWalk.test.ts': 30,
};
const DEFAULT_S = 100;

export const e2eCost = (file: string): number => COST_S[basename(file)] ?? DEFAULT_S;

/** Vitest's order (groups, projects, a cache's durations where it has them), with the e2e
 * project's files, which it keeps together, longest first. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = await super.sort(files);
    const slots = order.flatMap((f, i) => (f.project.name === 'e2e' ? [i] : []));
    const e2e = slots
      .map((i) => order[i])
      .sort((a, b) => e2eCost(b.moduleId) - e2eCost(a.moduleId));
    slots.forEach((slot, k) => (order[slot] = e2e[k]));
    return order;
  }
}
