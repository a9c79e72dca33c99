/**
 * A room's results after class, as JSON (`ResultsResponse`) and CSV. Anonymous: counts and
 * values only, never a student's id.
 *
 * CSV, long ("tidy") form, read with pandas.read_csv(path, comment='#'). Columns:
 *   section   "question" or "challenge"
 *   id        the question's qid or the challenge's id
 *   round     the round (questions; empty for challenges)
 *   kind      "choice" | "scale" (questions), the metric (challenges)
 *   prompt    the question's prompt or the challenge's title
 *   option    a choice question's option id; for challenges "attempted" | "passed" (students),
 *             "best" (a passing student's best value), "tries" (every attempt), "try passed" |
 *             "try failed" (the attempts at one value that passed or failed)
 *   label     the option's label (choice), the unit (scale, challenge)
 *   value     a scale answer, a passing student's best value (option=best), an attempt's
 *             value (option=try passed|try failed)
 *   count     how many students gave this option/value (attempted, passed, best), or how many
 *             attempts (tries, try passed, try failed)
 *   answered  how many students answered this round
 *   answer    the revealed answer of this round (empty until revealed)
 * A choice round has one row per option (zero counts included), a scale round one row per
 * distinct value (one row with empty value and count 0 when nobody answered).
 */
import { csvFormatRows } from 'd3-dsv';
import type { ResultsChallenge, ResultsQuestion, ResultsResponse } from '../classroom/protocol';
import type { ClassDb } from './db';
import { Tally } from './tally';

const iso = (t: number) => new Date(t).toISOString();

export function roomResults(db: ClassDb, code: string, now = Date.now()): ResultsResponse | null {
  const room = db.getRoom(code);
  if (!room) return null;
  const byQid = new Map<string, ResultsQuestion>();
  for (const r of db.allQuestions(code)) {
    let q = byQid.get(r.qid);
    if (!q) {
      const d = r.def;
      q = {
        qid: d.qid,
        prompt: d.prompt,
        kind: d.kind,
        ...(d.kind === 'choice'
          ? { options: d.options }
          : {
              min: d.min,
              max: d.max,
              step: d.step,
              ...(d.unit !== undefined ? { unit: d.unit } : {}),
            }),
        rounds: [],
      };
      byQid.set(r.qid, q);
    }
    const t = new Tally(r.def, r.round);
    for (const { value, n } of db.answerCounts(code, r.qid, r.round)) t.add(value, n);
    q.rounds.push({
      ...t.toJson(),
      opened: iso(r.openedAt),
      closed: r.closedAt === null ? null : iso(r.closedAt),
      ...(r.revealed ? { revealed: r.revealed } : {}),
    });
    if (r.revealed) q.revealed = r.revealed;
  }
  const challenges: ResultsChallenge[] = db.challenges(code).map((c) => {
    const spec = c.item.challenge!;
    const rows = db.attemptsOf(code, c.challengeId);
    return {
      id: c.challengeId,
      title: c.item.title,
      query: c.item.query,
      metric: spec.metric,
      better: spec.better,
      ...(spec.unit !== undefined ? { unit: spec.unit } : {}),
      pushed: iso(c.pushedAt),
      attempted: rows.length,
      passed: rows.filter((a) => a.passed).length,
      best: rows
        .map((a) => a.best)
        .filter((b): b is number => b !== null)
        .sort((a, b) => a - b),
      tries: rows.reduce((n, a) => n + a.tries, 0),
      values: db.attemptValues(code, c.challengeId),
    };
  });
  return {
    format: 'tcp-over-atm-lab/class-results',
    version: 1,
    room: code,
    created: iso(room.created),
    exported: iso(now),
    students: db.studentCount(code),
    questions: [...byQid.values()],
    challenges,
  };
}

const num = (x: number | undefined | null) => (x === undefined || x === null ? '' : String(x));
const val = (x: string | number | undefined) => (x === undefined ? '' : String(x));

export const CSV_COLUMNS = [
  'section',
  'id',
  'round',
  'kind',
  'prompt',
  'option',
  'label',
  'value',
  'count',
  'answered',
  'answer',
] as const;

export function resultsCsv(r: ResultsResponse): string {
  const rows: string[][] = [];
  for (const q of r.questions)
    for (const round of q.rounds) {
      const revealed = (round as { revealed?: { answer: string | number } }).revealed;
      const pre = ['question', q.qid, String(round.round), q.kind, q.prompt];
      const post = [String(round.answered), val(revealed?.answer)];
      if (q.kind === 'choice')
        for (const o of q.options ?? [])
          rows.push([...pre, o.id, o.label, '', String(round.counts?.[o.id] ?? 0), ...post]);
      else {
        const counts = new Map<number, number>();
        for (const v of round.values ?? []) counts.set(v, (counts.get(v) ?? 0) + 1);
        if (counts.size === 0) rows.push([...pre, '', q.unit ?? '', '', '0', ...post]);
        for (const [v, n] of counts)
          rows.push([...pre, '', q.unit ?? '', num(v), String(n), ...post]);
      }
    }
  for (const c of r.challenges) {
    const pre = ['challenge', c.id, '', c.metric, c.title];
    rows.push([...pre, 'attempted', c.unit ?? '', '', String(c.attempted), '', '']);
    rows.push([...pre, 'passed', c.unit ?? '', '', String(c.passed), '', '']);
    const counts = new Map<number, number>();
    for (const v of c.best) counts.set(v, (counts.get(v) ?? 0) + 1);
    for (const [v, n] of counts)
      rows.push([...pre, 'best', c.unit ?? '', num(v), String(n), '', '']);
    // Every attempt, passed and failed: how many, and how many at each value.
    rows.push([...pre, 'tries', c.unit ?? '', '', String(c.tries), '', '']);
    for (const [v, passed, failed] of c.values) {
      if (passed) rows.push([...pre, 'try passed', c.unit ?? '', num(v), String(passed), '', '']);
      if (failed) rows.push([...pre, 'try failed', c.unit ?? '', num(v), String(failed), '', '']);
    }
  }
  const head = [
    `# ${r.format} v${r.version}: room ${r.room}, created ${r.created}, exported ${r.exported}, ${r.students} anonymous students`,
    "# read with pandas.read_csv(path, comment='#'); one row per (question, round, option or value) and per challenge figure",
  ];
  return head.join('\n') + '\n' + csvFormatRows([[...CSV_COLUMNS], ...rows]) + '\n';
}
