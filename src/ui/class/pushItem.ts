/**
 * What "Send to class" sends: the scenario on show, or the challenge with it (its check as the
 * room's results read it: the value a passing attempt is ranked by, and which way is better).
 */
import type { PushItem } from '../../classroom/protocol';
import { SCHEMA } from '../../sim';
import type { Challenge } from '../challenges/challenge';
import { decodeChallenge, metricLabel } from '../challenges/challenge';
import type { Attempt } from '../challenges/check';

/** A short, stable id of an encoded challenge (FNV-1a of its `challenge=` value). */
export function challengeId(encoded: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < encoded.length; i++) h = Math.imul(h ^ encoded.charCodeAt(i), 0x01000193);
  return `c${(h >>> 0).toString(36)}`;
}

/** The value an attempt is ranked by: the optimised key's (e.g. the buffer) or the metric's. */
export function rankedValue(c: Challenge, a: Attempt): number | undefined {
  return c.optimise ? a.keyValue : a.value;
}

export function pushItemFor(query: string, encoded: string | null, title: string): PushItem {
  const decoded = encoded ? decodeChallenge(encoded) : null;
  if (!encoded || !decoded || !('challenge' in decoded))
    return { kind: 'scenario', title: title.slice(0, 120) || 'Scenario', query };
  const c = decoded.challenge;
  const opt = c.optimise;
  const d = opt ? SCHEMA[opt.key] : null;
  const unit = d && (d.kind === 'int' || d.kind === 'number') ? d.unit : undefined;
  return {
    kind: 'challenge',
    title: (c.title || 'Challenge').slice(0, 120),
    query: `${query}&challenge=${encoded}`,
    challenge: {
      id: challengeId(encoded),
      metric: (opt ? String(opt.key) : c.metric).slice(0, 64),
      better: opt
        ? opt.dir === 'min'
          ? 'lower'
          : 'higher'
        : c.comparator.startsWith('>')
          ? 'higher'
          : 'lower',
      ...(unit ? { unit: unit.slice(0, 24) } : {}),
    },
  };
}

/** "Buffer size" or "Efficiency": what a challenge's ranked value is. */
export function rankedLabel(metric: string): string {
  const d = (SCHEMA as Record<string, { label?: string } | undefined>)[metric];
  return d?.label ?? metricLabel(metric as Challenge['metric']);
}

/**
 * The speed a phone plays a pushed item at: a challenge at Max (its attempts are whole runs; a
 * student waits for none of them), unless its link names a speed (the instructor wants it seen
 * in real time); a scenario at its link's speed (1× unless it says).
 */
export function pushSpeed(item: PushItem, linkSpeed: number): number {
  const named = /(^|[?&])speed=/.test(item.query);
  if (item.kind === 'challenge' && !named) return Infinity;
  return linkSpeed;
}
