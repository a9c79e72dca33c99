/**
 * The lesson file: a lesson of an instructor's own as JSON, its schema with limits, and the
 * parser that reads one. `parseLessonFile` never throws: it gives the file, checked (each
 * step's scenario by the model's own parser), or a list of errors, each naming the field it is
 * about ("steps[2].pauseAt: must be a number of seconds ≥ 0").
 */
import { z } from 'zod';

// No code generated at run time: zod's fast path tries `new Function`, which the app's
// Content-Security-Policy refuses (and reports as a violation on every page that parses).
z.config({ jitless: true });
import { parseScenario, quoteValue } from '../../../sim';
import { METRIC_INFO } from '../../metricInfo';
import { VIEW_IDS } from '../../views/registry';

/** The file's `format` and `version`. */
export const LESSON_FORMAT = 'tcp-over-atm-lab/lesson';
export const LESSON_VERSION = 1;

export const LIMITS = {
  /** The whole file, in characters. */
  file: 200_000,
  title: 120,
  summary: 600,
  source: 300,
  steps: 30,
  stepText: 2000,
  scenario: 2000,
  prompt: 400,
  option: 120,
  why: 600,
  minOptions: 2,
  maxOptions: 6,
} as const;

/** The metrics a scale question can be tied to: those the metrics panel shows. */
export const LESSON_METRICS: readonly string[] = METRIC_INFO.map((m) => m.key);

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .refine((s) => s.trim() !== '', 'must not be empty')
    .refine((s) => s.length <= max, `must be at most ${max} characters`);

const count = (what: string) =>
  z.number({ error: `must be a number${what}` }).refine(Number.isFinite, `must be a number${what}`);

const Choice = z.strictObject({
  kind: z.literal('choice'),
  prompt: text(LIMITS.prompt),
  options: z
    .array(text(LIMITS.option), { error: 'must be a list of labels' })
    .min(LIMITS.minOptions, `must list ${LIMITS.minOptions} to ${LIMITS.maxOptions} options`)
    .max(LIMITS.maxOptions, `must list ${LIMITS.minOptions} to ${LIMITS.maxOptions} options`),
  answer: z
    .number({ error: 'must be the index of the right option (0, 1, …)' })
    .int('must be the index of the right option (0, 1, …)')
    .min(0, 'must be the index of the right option (0, 1, …)'),
  why: text(LIMITS.why).optional(),
});

const Scale = z.strictObject({
  kind: z.literal('scale'),
  prompt: text(LIMITS.prompt),
  metric: z.string({ error: 'must be a metric key' }),
  min: count('').optional(),
  max: count('').optional(),
  step: count(' above 0')
    .refine((v) => v > 0, 'must be a number above 0')
    .optional(),
  tolerance: count(' ≥ 0')
    .refine((v) => v >= 0, 'must be a number ≥ 0')
    .optional(),
  why: text(LIMITS.why).optional(),
});

const Question = z.discriminatedUnion('kind', [Choice, Scale], {
  error: "must be a question of kind 'choice' or 'scale'",
});

const seconds = count(' of seconds ≥ 0').refine((v) => v >= 0, 'must be a number of seconds ≥ 0');

const Step = z.strictObject({
  title: text(LIMITS.title),
  text: text(LIMITS.stepText),
  scenario: text(LIMITS.scenario),
  pauseAt: seconds,
  speed: count(' above 0 (simulated seconds per second)')
    .refine((v) => v > 0 && v <= 1000, 'must be a number above 0 and at most 1000')
    .optional(),
  view: z.string({ error: 'must be a view id' }).optional(),
  zoom: z.tuple([seconds, seconds], { error: 'must be [from, to] in seconds' }).optional(),
  question: Question.optional(),
});

const File = z.strictObject({
  format: z.literal(LESSON_FORMAT, { error: `must be "${LESSON_FORMAT}"` }),
  version: z.literal(LESSON_VERSION, { error: `must be ${LESSON_VERSION} (this app reads 1)` }),
  title: text(LIMITS.title),
  summary: text(LIMITS.summary).optional(),
  source: text(LIMITS.source).optional(),
  steps: z
    .array(Step, { error: 'must be a list of steps' })
    .min(1, `must hold 1 to ${LIMITS.steps} steps`)
    .max(LIMITS.steps, `must hold 1 to ${LIMITS.steps} steps`),
});

export type LessonFile = z.infer<typeof File>;
export type LessonFileStep = LessonFile['steps'][number];
export type LessonFileQuestion = NonNullable<LessonFileStep['question']>;

export type ParsedLessonFile = { file: LessonFile } | { errors: string[] };

/** A field's path as a person reads it: `steps[2].question.options[0]`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += (out ? '.' : '') + String(p);
  }
  return out || 'file';
}

const cut = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** The value at a path of the raw JSON (undefined where the path leaves it). */
function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v = raw;
  for (const p of path) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, p)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

function issueText(raw: unknown, i: z.core.$ZodIssue): string[] {
  if (i.code === 'unrecognized_keys')
    return i.keys.map((k) => `${fieldPath([...i.path, cut(k)])}: not a field of the lesson file`);
  const missing = i.code === 'invalid_type' && valueAt(raw, i.path) === undefined;
  return [`${fieldPath(i.path)}: ${missing ? `missing (${i.message})` : i.message}`];
}

/** The checks that need more than one field: the question's answer, the scale's bounds and
 * metric, the view, the zoom, and the scenario with its run's end. */
function crossCheck(f: LessonFile): string[] {
  const errors: string[] = [];
  f.steps.forEach((s, n) => {
    const at = `steps[${n}]`;
    const parsed = parseScenario(s.scenario);
    for (const e of parsed.errors) errors.push(`${at}.scenario: ${e.message}`);
    const end = parsed.scenario.duration;
    if (!parsed.errors.length && s.pauseAt > end)
      errors.push(`${at}.pauseAt: ${s.pauseAt} s is after the run's end (${end} s)`);
    if (s.view !== undefined && !VIEW_IDS.includes(s.view as never))
      errors.push(
        `${at}.view: ${quoteValue(cut(s.view))} is not a view; one of ${VIEW_IDS.join(', ')}`,
      );
    if (s.zoom && !(s.zoom[0] < s.zoom[1])) errors.push(`${at}.zoom: from must be before to`);
    const q = s.question;
    if (q?.kind === 'choice' && q.answer >= q.options.length)
      errors.push(
        `${at}.question.answer: ${q.answer} is not an option (0 to ${q.options.length - 1})`,
      );
    if (q?.kind === 'scale') {
      if (!LESSON_METRICS.includes(q.metric))
        errors.push(
          `${at}.question.metric: ${quoteValue(cut(q.metric))} is not a metric; one of ${LESSON_METRICS.join(', ')}`,
        );
      if (q.min !== undefined && q.max !== undefined && !(q.min < q.max))
        errors.push(`${at}.question.max: must be above min`);
    }
  });
  return errors;
}

/** Reads a lesson file's text; never throws. */
export function parseLessonFile(text: string): ParsedLessonFile {
  if (typeof text !== 'string' || text.trim() === '')
    return { errors: ['file: empty; a lesson file is JSON'] };
  if (text.length > LIMITS.file)
    return { errors: [`file: too long (over ${LIMITS.file} characters)`] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { errors: [`file: not JSON (${cut(e instanceof Error ? e.message : String(e))})`] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { errors: ['file: must be a JSON object { "format": …, "steps": […] }'] };
  let r: ReturnType<typeof File.safeParse>;
  try {
    r = File.safeParse(raw);
  } catch (e) {
    return {
      errors: [`file: cannot be read (${cut(e instanceof Error ? e.message : String(e))})`],
    };
  }
  if (!r.success)
    return { errors: [...new Set(r.error.issues.flatMap((i) => issueText(raw, i)))].slice(0, 50) };
  const errors = crossCheck(r.data);
  return errors.length ? { errors: errors.slice(0, 50) } : { file: r.data };
}
