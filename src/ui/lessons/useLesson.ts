/**
 * The lesson driver: applies the step on show to the app. It opens the step's scenario, sets
 * the readable speed, plays to the step's moment and pauses there (seeks back when the run is
 * past it), zooms and outlines what the step names, and splits the screen for an A/B step.
 * A step with a prediction waits until the student commits one; the answer is read from the
 * run when it pauses at the moment. Predictions and progress stay in localStorage.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { parseScenario, toQuery } from '../../sim';
import type { NavMode, NavState } from '../../link';
import type { RunMachine } from '../data/runMachine';
import type { RunStore } from '../data/runStore';
import { findPreset } from '../presets';
import type { ViewState } from '../views/viewState';
import { lessonById } from './catalog';
import type { Progress } from './progress';
import { ProgressStore, commitPrediction, judge, markSeen, revealPrediction } from './progress';
import type { Lesson, LessonRun, LessonStep } from './types';
import { placeStepSoon, stepTarget } from './placeStep';

/** Both sides of an A/B step run to their end at this speed (simulated s per s). */
export const COMPARE_SPEED = 10;

/** The normalised query of a step's scenario (what the app's URL and RunInfo hold). */
export function stepQuery(lesson: Lesson, step: number): string {
  return toQuery(parseScenario(lesson.steps[step].scenario ?? lesson.scenario).scenario);
}

/** The time the run should be at on this step: its own pause (once any prediction is made),
 * else the last pause before it on the same scenario; null: wherever it is. */
export function targetTime(lesson: Lesson, step: number, committed: boolean): LessonStep['run'] {
  const q = stepQuery(lesson, step);
  const s = lesson.steps[step];
  if (s.run && (!s.predict || committed)) return s.run;
  for (let i = step - 1; i >= 0; i--) {
    if (stepQuery(lesson, i) !== q) break;
    const r = lesson.steps[i].run;
    if (r) return r;
  }
  return undefined;
}

/** The next leg of the play to `run.until` from simulated time `t`: at the run's speed up to
 * the slow approach, then at the slow speed to the moment. */
export function playLeg(run: LessonRun, t: number): { speed: number; until: number } {
  const slow = run.slow;
  if (!slow) return { speed: run.speed, until: run.until };
  if (t < slow.from - 1e-9) return { speed: run.speed, until: slow.from };
  return { speed: slow.speed, until: run.until };
}

/** Whether a link's time cursor is the step's pause. */
function atPause(cursor: number | null, target: LessonRun | undefined): boolean {
  return cursor !== null && !!target && Math.abs(cursor - target.until) < 1e-9;
}

/** Whether the run in the store is paused at the step's moment (its answer can be read). */
export function atMoment(store: RunStore, lesson: Lesson, step: number): boolean {
  const r = lesson.steps[step].run;
  if (!r || !store.info || store.info.query !== stepQuery(lesson, step) || store.playing)
    return false;
  return Math.abs(store.t - r.until) < 1e-6 || (store.done && r.until >= store.t);
}

const NONE: readonly string[] = [];

export interface LessonDeps {
  nav: NavState;
  navigate(patch: Partial<NavState>, how?: NavMode): void;
  store: RunStore;
  run: RunMachine;
  view: ViewState;
  focusPort(slug: string): void;
  /** Whether a prediction's run plays without one committed here (a live class's reveal). */
  played?: (lesson: string, predict: string) => boolean;
}

export function useLesson({ nav, navigate, store, run, view, focusPort, played }: LessonDeps) {
  const lesson = nav.lesson ? (lessonById(nav.lesson) ?? null) : null;
  const step = lesson ? Math.min(nav.step, lesson.steps.length - 1) : 0;
  const [saved] = useState(() => new ProgressStore());
  const progress = useSyncExternalStore(saved.subscribe, saved.get);
  const update = useCallback((f: (p: Progress) => Progress) => saved.update(f), [saved]);
  const s = lesson?.steps[step];
  const committed =
    !!lesson &&
    !!s?.predict &&
    (progress[lesson.id]?.predictions[s.predict.id] !== undefined ||
      !!played?.(lesson.id, s.predict.id));
  // Playing, paused, a new run: the driver takes the next leg of a slow approach on a pause.
  const status = useSyncExternalStore(store.subscribeStatus, store.getStatus);
  /** The step query the driver last played (null: none yet, the page was just opened). */
  const ran = useRef<string | null>(null);

  // The scenario, comparison and speed of the step (one history entry: the step's own).
  useEffect(() => {
    if (!lesson || !s) return;
    const want = stepQuery(lesson, step);
    const patch: Partial<NavState> = {};
    const target = targetTime(lesson, step, committed);
    if (nav.query !== want) {
      patch.query = want;
      patch.base =
        findPreset(new URLSearchParams(s.scenario ?? lesson.scenario).get('preset'))?.name ?? null;
      // A link to the step at its pause (`lesson=…&step=…&t=`, the scenario left to the
      // step) keeps its places: the run opens there.
      if (ran.current === null && atPause(nav.cursor, target))
        Object.assign(patch, { cursor: nav.cursor, zoom: nav.zoom, drop: nav.drop });
    }
    const b = s.compare?.b ?? '';
    if (nav.compare !== !!s.compare || nav.bOverrides !== b) {
      patch.compare = !!s.compare;
      patch.bOverrides = b;
      patch.branchAt = null;
    }
    const speed = s.compare
      ? COMPARE_SPEED
      : target && playLeg(target, nav.query === want ? store.t : 0).speed;
    if (speed !== undefined && nav.speed !== speed) patch.speed = speed;
    if (Object.keys(patch).length) navigate(patch, 'replace');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    lesson,
    s,
    step,
    committed,
    nav.query,
    nav.compare,
    nav.bOverrides,
    nav.speed,
    navigate,
    status,
  ]);

  // What the step outlines: a view, a threshold, a zoom, a connection, a port.
  useEffect(() => {
    if (!lesson || !s) {
      view.set({ storyView: null, highlightThreshold: null, storyRows: null });
      return;
    }
    view.set({
      storyView: s.view ?? null,
      highlightThreshold: s.threshold ?? null,
      storyRows: s.compare?.rows ?? null,
      timeDomain: s.zoom ?? null,
      ...(s.conn !== undefined ? { selectedConn: s.conn, hoverConn: s.conn } : { hoverConn: null }),
    });
    if (s.port !== undefined && s.port !== nav.port) focusPort(s.port);
    update((p) => markSeen(p, lesson.id, step));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson, s, step, view, update]);

  // What the step is about comes whole into sight: below the sticky bar, beside the card (a
  // phone's sheet makes room for it).
  useEffect(() => {
    if (!lesson || !s) return;
    return placeStepSoon(() => stepTarget(s.view ?? null, !!s.compare));
  }, [lesson, s]);

  // Play to the moment and pause there; back over a moment: seek. `ran` is the query the
  // driver last played, so a run the app just restarted counts as at t = 0; the play names
  // its query, and the run's machine sends it after that query's run has started.
  useEffect(() => {
    if (!lesson || !s) return;
    const want = stepQuery(lesson, step);
    if (nav.query !== want) return; // the step's scenario is not in the link yet
    if (s.compare) {
      run.pause(want); // hidden behind the split screen
      return;
    }
    const fresh = ran.current !== want;
    ran.current = want;
    const target = targetTime(lesson, step, committed);
    if (!target) {
      if (s.predict) run.pause(want);
      return;
    }
    // A link to the step at its pause (`t=` the moment) opens there: the app seeks, no play.
    if (fresh && atPause(nav.cursor, target)) return;
    const leg = playLeg(target, fresh ? 0 : store.t);
    if (!fresh && store.t > target.until + 1e-9) run.seek(target.until);
    else if (fresh || store.t < target.until - 1e-9) {
      // A slow approach's second leg: the machine plays it on from the first's pause.
      const then =
        leg.until < target.until ? { speed: target.slow!.speed, until: target.until } : undefined;
      run.playTo(want, leg.speed, leg.until, then);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson, s, step, committed, nav.query, run, store]);

  // The speed before the lesson set its own (a lesson plays at its readable speeds).
  const speedBefore = useRef(nav.speed);
  useEffect(() => {
    if (!lesson) speedBefore.current = nav.speed;
  }, [lesson, nav.speed]);

  // While the step's question is open, the metrics that would give its answer away are hidden.
  const hides = s?.predict && !committed ? (s.predict.hides ?? NONE) : NONE;
  useEffect(() => {
    view.hide('lesson', hides);
  }, [hides, view]);

  // Leaving the lesson ends its outline and its split screen, and gives the speed back.
  const close = useCallback(() => {
    view.set({ storyView: null, highlightThreshold: null, storyRows: null });
    navigate({
      lesson: null,
      lessonFile: null,
      compare: false,
      bOverrides: '',
      speed: speedBefore.current,
    });
  }, [navigate, view]);

  const goTo = useCallback((n: number) => navigate({ step: n }), [navigate]);

  const commit = useCallback(
    (value: string | number) => {
      if (!lesson || !s?.predict) return;
      const id = s.predict.id;
      update((p) => commitPrediction(p, lesson.id, id, value));
    },
    [lesson, s, update],
  );

  /** The run's answer next to the prediction (once the run is at the moment), or null. */
  const reveal = useCallback(() => {
    if (!lesson || !s?.predict) return null;
    const rec = progress[lesson.id]?.predictions[s.predict.id];
    if (!rec || !atMoment(store, lesson, step)) return null;
    const j = judge(s.predict, rec.value, { store, metrics: store.metrics });
    return j ? { value: rec.value, ...j } : null;
  }, [lesson, s, step, progress, store]);

  /** Keeps the revealed answer with the prediction (a no-op when already kept). */
  const record = useCallback(
    (answer: string | number, right: boolean) => {
      if (!lesson || !s?.predict) return;
      const id = s.predict.id;
      update((p) => revealPrediction(p, lesson.id, id, answer, right));
    },
    [lesson, s, update],
  );

  return { lesson, step, progress, committed, goTo, close, commit, reveal, record };
}

export type LessonDriver = ReturnType<typeof useLesson>;
