/**
 * A room's results as CSV: one plain table a spreadsheet opens (a header row, then one row per
 * question and round, then one per challenge), numbers rounded as the screen shows them. The
 * room, its dates and the app's version are in the JSON export.
 *
 * Columns (CSV_COLUMNS, the one definition):
 *   Lesson and step   where the question was asked ("Lesson: step"); "Challenge" for a challenge
 *   Question          the question's prompt, or the challenge's title
 *   Round             vote, discuss, vote again: 1, 2, …; empty for a challenge
 *   Answered          students who answered this round (a challenge: who tried it)
 *   Answers           the distribution: "label: count; …" for every option (choice), else
 *                     "value: count; …" for each distinct value, lowest first (a challenge: the
 *                     passing students' best values)
 *   Run's answer      the answer revealed after this round (an option's label, or the value)
 *   Unit              the unit of the values
 *   Within tolerance  answers of this round within the question's tolerance of the run's answer
 *                     (choice: the right option); empty until revealed. A challenge: who passed
 */
import { csvFormatRows } from 'd3-dsv';
import type {
  ResultsChallenge,
  ResultsQuestion,
  ResultsResponse,
} from '../classroom/serverMessages';

export const CSV_COLUMNS = [
  'Lesson and step',
  'Question',
  'Round',
  'Answered',
  'Answers',
  "Run's answer",
  'Unit',
  'Within tolerance',
] as const;

type Row = Record<(typeof CSV_COLUMNS)[number], string>;

/** Decimals of a slider's step (0.05 → 2): the precision its answers are given in. */
export function stepDecimals(step: number | undefined): number {
  if (step === undefined || !Number.isFinite(step) || step <= 0) return 6;
  const [m, e] = step.toExponential().split('e');
  const frac = m.split('.')[1]?.length ?? 0;
  return Math.min(12, Math.max(0, frac - Number(e)));
}

/** `v` rounded to `d` decimals, written without trailing zeros (0.5603… → "0.56"). */
export const rounded = (v: number, d: number): string => String(Number(v.toFixed(d)));

/** Distinct values and how many gave each, lowest first: "40: 1; 55: 2". */
function valueCounts(values: readonly number[], d: number): string {
  const counts = new Map<string, number>();
  for (const v of [...values].sort((a, b) => a - b)) {
    const k = rounded(v, d);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([v, n]) => `${v}: ${n}`).join('; ');
}

function questionRows(q: ResultsQuestion): Row[] {
  const d = stepDecimals(q.step);
  return q.rounds.map((r) => {
    const answer = r.revealed?.answer;
    let answers: string;
    let shown = '';
    let within = '';
    if (q.kind === 'choice') {
      const options = q.options ?? [];
      answers = options.map((o) => `${o.label}: ${r.counts?.[o.id] ?? 0}`).join('; ');
      if (answer !== undefined) {
        shown = options.find((o) => o.id === answer)?.label ?? String(answer);
        within = String(r.counts?.[String(answer)] ?? 0);
      }
    } else {
      const values = r.values ?? [];
      answers = valueCounts(values, d);
      if (answer !== undefined) {
        const a = Number(answer);
        shown = rounded(a, d);
        // The same closeness as the lesson's own check (|answer − run| ≤ tolerance), with
        // room for the values' binary rounding.
        if (q.tolerance !== undefined)
          within = String(values.filter((v) => Math.abs(v - a) <= q.tolerance! + 1e-9).length);
      }
    }
    return {
      'Lesson and step': q.title ?? '',
      Question: q.prompt,
      Round: String(r.round),
      Answered: String(r.answered),
      Answers: answers,
      "Run's answer": shown,
      Unit: q.unit ?? '',
      'Within tolerance': within,
    };
  });
}

function challengeRow(c: ResultsChallenge): Row {
  return {
    'Lesson and step': 'Challenge',
    Question: c.title,
    Round: '',
    Answered: String(c.attempted),
    Answers: valueCounts(c.best, 6),
    "Run's answer": '',
    Unit: c.unit ?? '',
    'Within tolerance': String(c.passed),
  };
}

export function resultsCsv(r: ResultsResponse): string {
  const rows = [...r.questions.flatMap(questionRows), ...r.challenges.map(challengeRow)];
  return (
    csvFormatRows([[...CSV_COLUMNS], ...rows.map((row) => CSV_COLUMNS.map((c) => row[c]))]) + '\n'
  );
}
