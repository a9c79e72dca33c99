/**
 * A room's results after class, as JSON (`ResultsResponse`: the room, its dates and the app's
 * version with every round's counts) and as CSV (resultsCsv.ts: one plain table). Anonymous:
 * counts and values only, never a student's id.
 */
import type { ResultsChallenge, ResultsQuestion, ResultsResponse } from '../classroom/protocol';
import { APP_NAME, APP_VERSION } from '../version';
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
        ...(d.title !== undefined ? { title: d.title } : {}),
        kind: d.kind,
        ...(d.kind === 'choice'
          ? { options: d.options }
          : {
              min: d.min,
              max: d.max,
              step: d.step,
              ...(d.unit !== undefined ? { unit: d.unit } : {}),
              ...(d.tolerance !== undefined ? { tolerance: d.tolerance } : {}),
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
    app: `${APP_NAME} ${APP_VERSION}`,
    students: db.studentCount(code),
    questions: [...byQid.values()],
    challenges,
  };
}

export { resultsCsv } from './resultsCsv';
