/**
 * A checked lesson file as the app's Lesson: each step plays its scenario to its pause instant
 * at its speed (a readable one by default), outlines its view, zooms, and asks its question
 * before the run plays. A scale question tied to a metric is answered by that metric read at the
 * pause, in the scale's unit, and hides it while open.
 */
import type { MetricKey } from '../../../sim';
import { metricOnScale, metricScale } from '../../metricInfo';
import type { ViewId } from '../../views/registry';
import type { Lesson, LessonStep, Prediction } from '../types';
import type { LessonFile, LessonFileQuestion, LessonFileStep } from './format';

/** The id prefix of a lesson read from a file (the built-in ones have plain names). */
export const FILE_PREFIX = 'file-';

/** FNV-1a over the text, in base 36: a short name for a file's content. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The speeds a step plays at by default: choices of the playback bar's speed list (a unit
 * test checks they are), so that the bar names the speed a step plays at. */
export const READABLE_SPEEDS = [0.001, 0.01, 0.1, 1, 2] as const;

/** The listed speed nearest (on a log scale) to one that reaches `pauseAt` in eight seconds. */
export function readableSpeed(pauseAt: number): number {
  const want = Math.log10(Math.max(1e-9, pauseAt / 8));
  let best: number = READABLE_SPEEDS[0];
  for (const v of READABLE_SPEEDS)
    if (Math.abs(Math.log10(v) - want) < Math.abs(Math.log10(best) - want)) best = v;
  return best;
}

/** How many decimals a scale's step needs (0.5 → 1, 1 → 0). */
const decimals = (step: number) => Math.min(6, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));

function prediction(q: LessonFileQuestion, n: number): Prediction {
  const id = `q${n + 1}`;
  if (q.kind === 'choice') {
    const right = String(q.answer);
    return {
      kind: 'choice',
      id,
      question: q.prompt,
      options: q.options.map((label, i) => ({ id: String(i), label })),
      answer: () => right,
      measured: () => `The right answer: ${q.options[q.answer]}`,
      why: q.why ?? '',
    };
  }
  const key = q.metric as MetricKey;
  const scale = metricScale(key);
  const min = q.min ?? scale.min;
  const max = q.max ?? scale.max;
  const step = q.step ?? scale.step;
  const digits = new Intl.NumberFormat(undefined, { maximumFractionDigits: decimals(step) });
  const unit = scale.unit === '%' ? ' %' : scale.unit ? ` ${scale.unit}` : '';
  return {
    kind: 'scale',
    id,
    question: q.prompt,
    min,
    max,
    step,
    initial: min + Math.round((max - min) / 2 / step) * step,
    format: (v) => `${digits.format(v)}${unit}`,
    answer: (ctx) => metricOnScale(key, ctx.metrics),
    tolerance: q.tolerance ?? (max - min) / 10,
    why: q.why ?? '',
    hides: [key],
  };
}

function step(s: LessonFileStep, n: number): LessonStep {
  return {
    title: s.title,
    text: s.text,
    scenario: s.scenario,
    run: { until: s.pauseAt, speed: s.speed ?? readableSpeed(s.pauseAt) },
    ...(s.view !== undefined ? { view: s.view as ViewId } : {}),
    ...(s.zoom ? { zoom: [s.zoom[0], s.zoom[1]] as [number, number] } : {}),
    ...(s.question ? { predict: prediction(s.question, n) } : {}),
  };
}

/** The app's Lesson of a checked file; its id names the content (`file-<hash>`). */
export function toLesson(f: LessonFile): Lesson {
  return {
    id: `${FILE_PREFIX}${shortHash(JSON.stringify(f))}`,
    title: f.title,
    claim: f.summary ?? '',
    source: f.source ?? '',
    scenario: f.steps[0].scenario,
    steps: f.steps.map(step),
  };
}
