/**
 * The card a challenge link shows above the views: the question, what the check asks, the
 * keys the challenge fixes, and, when a run completes, pass or fail with the figures and the
 * student's best attempt (kept in this browser only).
 */
import type { JSX } from 'react';
import { useEffect, useMemo } from 'react';
import type { Metrics, Scenario } from '../../sim';
import { SCHEMA } from '../../sim';
import type { Challenge } from './challenge';
import {
  COMPARATOR_TEXT,
  brokenLocks,
  formatKeyValue,
  formatMetric,
  metricLabel,
} from './challenge';
import type { Attempt } from './check';
import { better, evaluate, keyText, loadBest, recordAttempt } from './check';
import { browserStorage } from '../data/browserStorage';
import './challenges.css';

/** "Buffer size K" → "buffer size K" (only the first letter: units and symbols keep case). */
export function lowerFirst(s: string): string {
  return s.replace(/^./, (x) => x.toLowerCase());
}

/** "Efficiency ≥ 90.00 %, with the smallest Buffer size": what the check asks. */
export function checkText(c: Challenge): string {
  const goal = `${metricLabel(c.metric)} ${COMPARATOR_TEXT[c.comparator]} ${formatMetric(c.metric, c.target)}`;
  if (!c.optimise) return goal;
  const what = c.optimise.dir === 'min' ? 'smallest' : 'largest';
  return `${goal}, with the ${what} ${lowerFirst(SCHEMA[c.optimise.key].label)}`;
}

export interface ChallengeCardProps {
  challenge: Challenge;
  /** The `challenge=` value: names the best attempt in storage. */
  encoded: string;
  scenario: Scenario;
  /** The scenario's query (the run's identity): a new query clears the last result. */
  query: string;
  /** The run's metrics once it has completed; null while it runs. */
  finished: Metrics | null;
  /** Puts the fixed keys back to the challenge's values. */
  onRestore(): void;
  onClose?(): void;
  /** A preview in the builder: no check, no storage. */
  preview?: boolean;
}

export function ChallengeCard(p: ChallengeCardProps): JSX.Element {
  const c = p.challenge;
  const broken = brokenLocks(p.scenario, c);
  // The check of the completed run (derived from it); recorded in storage once per run.
  const shown = useMemo(
    () => (p.preview || !p.finished ? null : evaluate(c, p.scenario, p.finished, p.query)),
    // One evaluation per completed run of a scenario.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [p.finished, p.query, p.preview, p.encoded],
  );
  useEffect(() => {
    if (shown?.counted) recordAttempt(browserStorage(), p.encoded, c, shown.attempt);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  const stored = p.preview ? null : loadBest(browserStorage(), p.encoded);
  const best: Attempt | null =
    shown?.counted && better(c, shown.attempt, stored) ? shown.attempt : stored;

  const fixed = Object.entries(c.locked) as [keyof Scenario, string][];

  return (
    <section className="ch-card" aria-labelledby="ch-title" data-testid="challenge-card">
      <div className="ch-head">
        <span className="ch-kicker">Challenge</span>
        <h2 id="ch-title">{c.title}</h2>
        {p.onClose && (
          <button
            type="button"
            className="ch-close"
            aria-label="Close the challenge"
            onClick={p.onClose}
          >
            ✕
          </button>
        )}
      </div>
      {c.question && <p className="ch-question">{c.question}</p>}
      <p className="ch-goal">
        <span className="ch-label">Check: </span>
        <span data-testid="challenge-goal">{checkText(c)}</span>
        {fixed.length > 0 && (
          <span className="ch-fixed">
            {' · '}
            <span className="ch-label">Locked: </span>
            {fixed.map(([k, v], i) => (
              <span key={k}>
                {i > 0 && ', '}
                {SCHEMA[k].label} = {formatKeyValue(k, v)}
              </span>
            ))}
            {Object.keys(c.hidden).length > 0 && (
              <span className="ch-muted">
                {' '}
                (and {Object.keys(c.hidden).length} hidden settings)
              </span>
            )}
          </span>
        )}
      </p>
      {!p.preview && broken.length > 0 && (
        <p className="ch-warn" role="alert">
          This scenario changes {broken.map((k) => SCHEMA[k].label).join(', ')}, which the challenge
          fixes: runs do not count.{' '}
          <button type="button" className="ch-small" onClick={p.onRestore}>
            Restore the challenge’s settings
          </button>
        </p>
      )}
      {!p.preview && (
        <div className="ch-result" aria-live="polite" data-testid="challenge-result">
          {shown ? (
            <p
              className={shown.attempt.pass ? 'ch-pass' : 'ch-fail'}
              data-pass={shown.attempt.pass ? '1' : '0'}
              data-value={shown.attempt.value}
            >
              <strong>{shown.attempt.pass ? '✓ Pass' : '✗ Not yet'}</strong>
              {': '}
              {shown.figures}
              {shown.keyText && ` with ${lowerFirst(shown.keyText)}`}
              {!shown.counted && ' (not counted: a locked setting was changed)'}.
            </p>
          ) : (
            <p className="ch-muted">
              {p.finished === null
                ? 'Change what is not locked, then let the run finish: the check runs when it completes.'
                : ''}
            </p>
          )}
          {best && (
            <p className="ch-best" data-testid="challenge-best">
              <span className="ch-label">Your best: </span>
              {best.pass ? 'pass' : 'not yet'}, {metricLabel(c.metric)}{' '}
              {formatMetric(c.metric, best.value)}
              {c.optimise && best.keyValue !== undefined
                ? `, ${lowerFirst(keyText(c.optimise.key, best.keyValue))}`
                : ''}{' '}
              <a href={`?${best.query}&challenge=${p.encoded}`}>replay</a>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
