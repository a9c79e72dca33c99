/**
 * A pushed challenge on a student's phone: each finished run of it is checked as the challenge
 * card checks it, and every attempt, passed or failed, goes to the room with its value (the
 * projector counts who tried, who passed, and every attempt's value). A run with a fixed
 * setting changed is no attempt (the card says it does not count). Renders nothing.
 */
import { useEffect, useRef } from 'react';
import type { Metrics, Scenario } from '../../sim';
import type { Challenge } from '../challenges/challenge';
import { evaluate } from '../challenges/check';
import { challengeId, rankedValue } from './pushItem';
import type { ClassDriver } from './useClass';

export function ClassAttempts(p: {
  cls: ClassDriver;
  challenge: Challenge;
  encoded: string;
  scenario: Scenario;
  query: string;
  /** The metrics of a completed run of exactly this scenario, else null. */
  finished: Metrics | null;
}) {
  const sent = useRef<string | null>(null);
  const pushed = p.cls.state.room?.push?.challenge?.id;
  const id = challengeId(p.encoded);
  useEffect(() => {
    if (!p.finished || pushed !== id || sent.current === p.query) return;
    sent.current = p.query;
    const r = evaluate(p.challenge, p.scenario, p.finished, p.query);
    const v = rankedValue(p.challenge, r.attempt);
    if (r.counted && v !== undefined && Number.isFinite(v))
      p.cls.session.attempt(id, v, r.attempt.pass);
  }, [p.finished, p.query, pushed, id, p.challenge, p.scenario, p.cls.session]);
  return null;
}
