/**
 * The class's answers to one question: a bar per option (choice) with its count, or a strip of
 * markers (scale) with the run's answer and the instructor's prediction marked once revealed.
 * Earlier rounds are drawn beside the current one (vote, discuss, vote again), so the projector
 * shows how the answers moved. Only counts: no student is named.
 */
export interface RoundCounts {
  round: number;
  answered: number;
  counts?: Record<string, number>;
  values?: number[];
  /** A row's own name in place of "R1" (a challenge's "passed" and "failed" rows), and its
   * colour. */
  label?: string;
  tone?: 'pass' | 'fail';
}

export interface DistributionProps {
  kind: 'choice' | 'scale';
  options?: { id: string; label: string }[];
  min?: number;
  max?: number;
  /** The rounds to show, oldest first (the last is the current one). */
  rounds: RoundCounts[];
  /** The run's answer, once revealed. */
  answer?: string | number;
  /** The instructor's own prediction, once revealed. */
  instructor?: string | number;
  format?: (v: number) => string;
}

const pctOf = (n: number, of: number) => (of > 0 ? Math.round((100 * n) / of) : 0);

/** A dot's width as a share of the strip (a 12 px dot on a strip of about 260 px or more). */
const DOT_SHARE = 0.045;
/** At most this many dots stack at one place; more stay on the top level (still counted). */
const MAX_LEVELS = 8;
/** Pixels from one level of dots to the next. */
const LEVEL_PX = 11;

/**
 * A dot plot: each answer keeps its exact place on the axis, and an answer that would hide
 * another (closer than a dot's width) goes on the next level up, so that three answers show as
 * three dots however close they are. Returns each value's level, in the values' order.
 */
export function stackLevels(values: readonly number[], min: number, max: number): number[] {
  const span = max - min || 1;
  const xs = values.map((v) => (Math.min(max, Math.max(min, v)) - min) / span);
  // By place on the axis; equal places in the answers' order.
  const order = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b] || a - b);
  const lastAt: number[] = []; // the share of the last dot placed on each level
  const levels = new Array<number>(values.length).fill(0);
  for (const i of order) {
    const x = xs[i];
    let l = lastAt.findIndex((at) => x - at >= DOT_SHARE);
    if (l < 0) l = lastAt.length < MAX_LEVELS ? lastAt.length : MAX_LEVELS - 1;
    lastAt[l] = x;
    levels[i] = l;
  }
  return levels;
}

export function Distribution(p: DistributionProps) {
  const cur = p.rounds[p.rounds.length - 1];
  if (!cur) return null;
  if (p.kind === 'choice') {
    return (
      <ul className="class-bars" data-testid="class-bars">
        {(p.options ?? []).map((o) => {
          const right = p.answer !== undefined && p.answer === o.id;
          return (
            <li
              key={o.id}
              className={right ? 'right' : ''}
              data-testid="class-bar"
              data-option={o.id}
              data-count={cur.counts?.[o.id] ?? 0}
            >
              <span className="class-bar-label">
                {right && <strong>✓ </strong>}
                {o.label}
                {p.instructor === o.id && <em className="class-mine"> (instructor)</em>}
              </span>
              {p.rounds.map((r) => {
                const n = r.counts?.[o.id] ?? 0;
                const last = r === cur;
                return (
                  <span
                    key={r.round}
                    className={`class-bar-row ${last ? 'now' : 'before'}`}
                    data-round={r.round}
                  >
                    {p.rounds.length > 1 && <span className="class-round">R{r.round}</span>}
                    <span className="class-bar-track">
                      <span
                        className="class-bar-fill"
                        style={{ width: `${pctOf(n, r.answered)}%` }}
                      />
                    </span>
                    <span
                      className="class-bar-count"
                      data-testid={last ? 'class-bar-count' : undefined}
                    >
                      {n} <span className="muted">({pctOf(n, r.answered)} %)</span>
                    </span>
                  </span>
                );
              })}
            </li>
          );
        })}
      </ul>
    );
  }
  const min = p.min ?? 0;
  const max = p.max ?? 1;
  const x = (v: number) => `${(100 * (Math.min(max, Math.max(min, v)) - min)) / (max - min || 1)}%`;
  const fmt = p.format ?? ((v: number) => String(v));
  return (
    <div className="class-strips" data-testid="class-strips">
      {p.rounds.map((r) => {
        const values = r.values ?? [];
        const levels = stackLevels(values, min, max);
        const height = 14 + LEVEL_PX * Math.max(1, ...levels.map((l) => l + 1));
        return (
          <div
            key={r.round}
            className={`class-strip-row ${r.tone ?? (r === cur ? 'now' : 'before')}`}
          >
            {r.label !== undefined ? (
              <span className="class-round class-row-label">{r.label}</span>
            ) : (
              p.rounds.length > 1 && <span className="class-round">R{r.round}</span>
            )}
            <div
              className="class-strip"
              data-testid="class-strip"
              data-round={r.round}
              data-count={values.length}
              aria-label={
                r.label !== undefined
                  ? `${r.label}: ${values.length}`
                  : `Round ${r.round}: ${values.length} answers`
              }
              style={{ height }}
            >
              {values.map((v, i) => (
                <span
                  key={i}
                  className="class-dot"
                  style={{ left: x(v), bottom: 7 + LEVEL_PX * levels[i] }}
                  title={fmt(v)}
                />
              ))}
              {typeof p.answer === 'number' && (
                <span className="class-mark answer" style={{ left: x(p.answer) }} title="The run" />
              )}
              {typeof p.instructor === 'number' && (
                <span
                  className="class-mark instructor"
                  style={{ left: x(p.instructor) }}
                  title="Instructor"
                />
              )}
            </div>
          </div>
        );
      })}
      <div className="class-strip-axis muted small">
        <span>{fmt(min)}</span>
        {typeof p.answer === 'number' && (
          <span className="class-legend-answer">▲ the run: {fmt(p.answer)}</span>
        )}
        {typeof p.instructor === 'number' && (
          <span className="class-legend-instructor">◆ instructor: {fmt(p.instructor)}</span>
        )}
        <span>{fmt(max)}</span>
      </div>
    </div>
  );
}
