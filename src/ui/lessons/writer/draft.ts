/**
 * The lesson being written in the app: its steps as the editor holds them, the lesson file they
 * make, and the draft kept in localStorage so that a reload loses nothing. Pure but for the
 * storage; a storage that throws leaves the editor working without memory.
 */
import { browserStorage } from '../../data/browserStorage';
import { LESSON_FORMAT, LESSON_VERSION } from '../file/format';

export interface DraftQuestion {
  kind: 'none' | 'choice' | 'scale';
  prompt: string;
  /** A choice's labels (blank ones are dropped) and the right one's index. */
  options: string[];
  answer: number;
  /** A scale's metric key. */
  metric: string;
  why: string;
}

export interface DraftStep {
  title: string;
  text: string;
  scenario: string;
  pauseAt: number;
  view: string;
  question: DraftQuestion;
}

export interface Draft {
  title: string;
  summary: string;
  steps: DraftStep[];
}

export const EMPTY_DRAFT: Draft = { title: '', summary: '', steps: [] };

export const NO_QUESTION: DraftQuestion = {
  kind: 'none',
  prompt: '',
  options: ['', ''],
  answer: 0,
  metric: 'efficiency',
  why: '',
};

export const DRAFT_KEY = 'tal:lesson-draft:v1';

/** A step at the moment on screen: its scenario query, its time and the view to outline. */
export function momentStep(scenario: string, t: number, view: string, n: number): DraftStep {
  return {
    title: `Step ${n}`,
    text: '',
    scenario,
    pauseAt: Math.round(t * 1e6) / 1e6,
    view,
    question: NO_QUESTION,
  };
}

/** Step `i` moved by `by` (−1 up, +1 down); the same steps when it cannot move. */
export function moveStep(d: Draft, i: number, by: number): Draft {
  const j = i + by;
  if (j < 0 || j >= d.steps.length) return d;
  const steps = [...d.steps];
  [steps[i], steps[j]] = [steps[j], steps[i]];
  return { ...d, steps };
}

/** The lesson file the draft makes (parseLessonFile checks it). Blank optional fields are left
 * out; a choice's blank options are dropped (its answer follows its option). */
export function draftFile(d: Draft): unknown {
  return {
    format: LESSON_FORMAT,
    version: LESSON_VERSION,
    title: d.title.trim(),
    ...(d.summary.trim() ? { summary: d.summary.trim() } : {}),
    steps: d.steps.map((s) => {
      const q = s.question;
      const why = q.why.trim() ? { why: q.why.trim() } : {};
      let question: unknown;
      if (q.kind === 'choice') {
        const kept = q.options
          .map((label, i) => ({ label: label.trim(), i }))
          .filter((o) => o.label);
        question = {
          kind: 'choice',
          prompt: q.prompt.trim(),
          options: kept.map((o) => o.label),
          answer: Math.max(
            0,
            kept.findIndex((o) => o.i === q.answer),
          ),
          ...why,
        };
      } else if (q.kind === 'scale')
        question = { kind: 'scale', prompt: q.prompt.trim(), metric: q.metric, ...why };
      return {
        title: s.title.trim(),
        text: s.text.trim(),
        scenario: s.scenario,
        pauseAt: s.pauseAt,
        ...(s.view ? { view: s.view } : {}),
        ...(question ? { question } : {}),
      };
    }),
  };
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function loadDraft(s: Store | null = browserStorage()): Draft {
  try {
    const d = JSON.parse(s?.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    if (!d || typeof d !== 'object' || !Array.isArray(d.steps)) return EMPTY_DRAFT;
    return {
      title: typeof d.title === 'string' ? d.title : '',
      summary: typeof d.summary === 'string' ? d.summary : '',
      steps: d.steps
        .filter((x): x is DraftStep => !!x && typeof x === 'object')
        .map((x) => ({
          title: String(x.title ?? ''),
          text: String(x.text ?? ''),
          scenario: String(x.scenario ?? ''),
          pauseAt: Number(x.pauseAt) || 0,
          view: String(x.view ?? ''),
          question: { ...NO_QUESTION, ...(x.question ?? {}) },
        })),
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(d: Draft, s: Store | null = browserStorage()): void {
  try {
    s?.setItem(DRAFT_KEY, JSON.stringify(d));
  } catch {
    // No memory: the editor still works.
  }
}
