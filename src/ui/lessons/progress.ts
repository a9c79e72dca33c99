/**
 * Predictions and lesson progress, kept in the browser only (localStorage; never sent).
 * A storage that throws (private mode, quota) leaves the lesson working without memory.
 */
import { browserStorage } from '../data/browserStorage';
import type { Lesson, LessonContext, Prediction } from './types';

export interface PredictionRecord {
  /** The option id, or the marker's value on the scale. */
  value: string | number;
  /** Filled in when the run reveals the answer. */
  answer?: string | number;
  /** Close enough (scale: within tolerance; choice: the right option). */
  right?: boolean;
}

export interface LessonProgress {
  /** Steps seen (0-based). */
  seen: number[];
  predictions: Record<string, PredictionRecord>;
}

export type Progress = Record<string, LessonProgress>;

export const STORAGE_KEY = 'tal:lessons:v1';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function loadProgress(s: Store | null = browserStorage()): Progress {
  try {
    const raw = s?.getItem(STORAGE_KEY);
    const p = raw ? (JSON.parse(raw) as unknown) : {};
    return p && typeof p === 'object' && !Array.isArray(p) ? (p as Progress) : {};
  } catch {
    return {};
  }
}

export function saveProgress(p: Progress, s: Store | null = browserStorage()): void {
  try {
    s?.setItem(STORAGE_KEY, JSON.stringify(p));
  } catch {
    // No memory: the lesson still works.
  }
}

function entry(p: Progress, id: string): LessonProgress {
  const e = p[id];
  return {
    seen: Array.isArray(e?.seen) ? e.seen : [],
    predictions: e?.predictions && typeof e.predictions === 'object' ? e.predictions : {},
  };
}

export function markSeen(p: Progress, lesson: string, step: number): Progress {
  const e = entry(p, lesson);
  if (e.seen.includes(step)) return p;
  return { ...p, [lesson]: { ...e, seen: [...e.seen, step].sort((a, b) => a - b) } };
}

export function commitPrediction(
  p: Progress,
  lesson: string,
  id: string,
  value: string | number,
): Progress {
  const e = entry(p, lesson);
  return { ...p, [lesson]: { ...e, predictions: { ...e.predictions, [id]: { value } } } };
}

/** The run's answer to a prediction, and whether the committed value was right. */
export function judge(
  pred: Prediction,
  value: string | number,
  ctx: LessonContext,
): { answer: string | number; right: boolean } | null {
  if (pred.kind === 'choice') {
    const a = pred.answer(ctx);
    return a === null ? null : { answer: a, right: a === value };
  }
  const a = pred.answer(ctx);
  if (a === null) return null;
  return { answer: a, right: Math.abs(Number(value) - a) <= pred.tolerance };
}

export function revealPrediction(
  p: Progress,
  lesson: string,
  id: string,
  answer: string | number,
  right: boolean,
): Progress {
  const e = entry(p, lesson);
  const rec = e.predictions[id];
  if (!rec || (rec.answer === answer && rec.right === right)) return p;
  return {
    ...p,
    [lesson]: { ...e, predictions: { ...e.predictions, [id]: { ...rec, answer, right } } },
  };
}

/** "2 of 4 steps · 1 of 2 predictions" for the card and the gallery. */
export function summary(
  lesson: Lesson,
  p: Progress,
): { steps: number; predictions: number; totalPredictions: number } {
  const e = entry(p, lesson.id);
  const preds = lesson.steps.filter((s) => s.predict).map((s) => s.predict!.id);
  return {
    steps: e.seen.filter((i) => i >= 0 && i < lesson.steps.length).length,
    predictions: preds.filter((id) => e.predictions[id] !== undefined).length,
    totalPredictions: preds.length,
  };
}

/** The progress as an external store (one per page), saved on every change. */
export class ProgressStore {
  private snap: Progress;
  private listeners = new Set<() => void>();
  constructor(private readonly storage: Store | null = null) {
    this.snap = loadProgress(storage ?? undefined);
  }
  get = (): Progress => this.snap;
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  update(f: (p: Progress) => Progress): void {
    const next = f(this.snap);
    if (next === this.snap) return;
    this.snap = next;
    saveProgress(next, this.storage ?? undefined);
    for (const l of this.listeners) l();
  }
}
