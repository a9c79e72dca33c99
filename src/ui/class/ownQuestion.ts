/**
 * A question of the instructor's own, asked at any moment of a class: its form's values, the
 * question they make (checked by the class protocol's own schema, so an error names its
 * field), the scale of a metric it is tied to, and the run's answer to it. Pure: no DOM.
 */
import type { Question } from '../../classroom/protocol';
import { LIMITS, Question as QuestionSchema } from '../../classroom/protocol';
import type { MetricKey, Metrics } from '../../sim';
import { METRICS } from '../../sim';
import { metricOnScale, metricScale } from '../metricInfo';

export { metricScale } from '../metricInfo';
export type { MetricScale } from '../metricInfo';

/** The prefix of an own question's id (a lesson's are `lesson.predict`). */
export const OWN_PREFIX = 'own-';
export const isOwnQuestion = (qid: string): boolean => qid.startsWith(OWN_PREFIX);

/** How the results name an own question's place: "Own question: S0 testbed". */
export const OWN_TITLE = 'Own question';

/** The countdowns offered, in seconds (0: none). */
export const COUNTDOWNS = [0, 15, 30, 60, 120, 300] as const;

export interface OwnForm {
  prompt: string;
  kind: 'choice' | 'scale';
  /** The choices' labels as typed (blank ones are dropped). */
  options: string[];
  /** A scale's bounds, step, unit and tolerance as typed. */
  min: string;
  max: string;
  step: string;
  unit: string;
  tolerance: string;
  /** The metric of the run that answers a scale question ('' for none). */
  metric: string;
  /** The countdown in seconds (0: none). */
  seconds: number;
}

export const EMPTY_FORM: OwnForm = {
  prompt: '',
  kind: 'choice',
  options: ['', ''],
  min: '0',
  max: '100',
  step: '1',
  unit: '',
  tolerance: '',
  metric: '',
  seconds: 0,
};

/** The form with a metric chosen: its scale's unit and bounds filled in. */
export function withMetric(f: OwnForm, metric: string): OwnForm {
  if (!metric || !(metric in METRICS)) return { ...f, metric: '' };
  const m = metricScale(metric as MetricKey);
  return {
    ...f,
    kind: 'scale',
    metric,
    unit: m.unit,
    min: String(m.min),
    max: String(m.max),
    step: String(m.step),
  };
}

const num = (s: string): number => (s.trim() === '' ? NaN : Number(s));

/** The question the form makes, or the errors of its fields ("Options: at least 2"). */
export function questionOf(
  f: OwnForm,
  qid: string,
  /** Where it is asked (the lesson's step or the scenario on show), for the results. */
  title?: string,
): { question: Question } | { errors: string[] } {
  const errors: string[] = [];
  const prompt = f.prompt.trim();
  if (!prompt) errors.push('Question: type the question');
  const extras = {
    ...(title ? { title: `${OWN_TITLE}: ${title}`.slice(0, LIMITS.maxPrompt) } : {}),
    ...(f.seconds > 0 ? { seconds: f.seconds } : {}),
    ...(f.metric ? { metric: f.metric } : {}),
  };
  let raw: unknown;
  if (f.kind === 'choice') {
    const labels = f.options.map((o) => o.trim()).filter(Boolean);
    if (labels.length < LIMITS.minOptions) errors.push('Options: type at least 2');
    if (new Set(labels).size !== labels.length) errors.push('Options: each must differ');
    raw = {
      qid,
      prompt,
      kind: 'choice',
      options: labels.map((label, i) => ({ id: String.fromCharCode(97 + i), label })),
      ...extras,
    };
  } else {
    const [min, max, step] = [num(f.min), num(f.max), num(f.step)];
    const tolerance = num(f.tolerance);
    if (!Number.isFinite(min)) errors.push('From: type a number');
    if (!Number.isFinite(max)) errors.push('To: type a number');
    if (Number.isFinite(min) && Number.isFinite(max) && min >= max)
      errors.push('To: must be above From');
    if (!(step > 0)) errors.push('Step: type a number above 0');
    if (f.tolerance.trim() && !(tolerance >= 0)) errors.push('Counts as right within: 0 or more');
    raw = {
      qid,
      prompt,
      kind: 'scale',
      min,
      max,
      step,
      ...(f.unit.trim() ? { unit: f.unit.trim() } : {}),
      ...(f.tolerance.trim() ? { tolerance } : {}),
      ...extras,
    };
  }
  if (errors.length) return { errors };
  const r = QuestionSchema.safeParse(raw);
  if (!r.success)
    return { errors: r.error.issues.map((i) => `${i.path.join('.') || 'question'}: ${i.message}`) };
  return { question: r.data };
}

/** The run's answer to a scale question tied to a metric: its value now, in the scale's unit
 * (two decimals), or null (no metric, or no figure yet). */
export function runAnswer(q: Question, metrics: Metrics | null): number | null {
  if (q.kind !== 'scale' || !q.metric || !(q.metric in METRICS)) return null;
  return metricOnScale(q.metric as MetricKey, metrics);
}

/** How far an answer may lie from the run's and still count as right. */
export const toleranceOf = (q: { step: number; tolerance?: number }): number =>
  q.tolerance ?? q.step;
