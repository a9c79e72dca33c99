/**
 * "Make a challenge": the instructor builds a challenge from the current scenario: which keys
 * to lock or hide (at their current values), the metric, the comparator and the target, an
 * optional key to minimise or maximise, the title and question; previews it and copies its link.
 */
import type { JSX } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Metrics, Scenario } from '../../sim';
import { KEYS, SCHEMA, formatValue } from '../../sim';
import { GROUP_ORDER } from '../controls/model';
import { groupTitle } from '../controls/settingWords';
import type { Challenge, Comparator, MetricKey, ScenarioKey } from './challenge';
import {
  COMPARATORS,
  COMPARATOR_TEXT,
  QUESTION_MAX,
  TITLE_MAX,
  applyFixed,
  fixFrom,
  formatKeyValue,
  formatMetric,
  isPercent,
  metricLabel,
} from './challenge';
import { ChallengeCard } from './ChallengeCard';
import { challengeQuery } from './library';
import { QrButton } from '../share/QrButton';
import { copyLinkTo, linkBase, onThisProjector, shareLinkChecked } from '../share/links';
import { MetricOptions } from '../controls/MetricOptions';

type Mode = 'free' | 'locked' | 'hidden';

export interface ChallengeBuilderProps {
  scenario: Scenario;
  /** The current run's metrics, if it has finished: suggests the target. */
  metrics: Metrics | null;
  onClose(): void;
}

const NUMERIC = KEYS.filter((k) => SCHEMA[k].kind === 'int' || SCHEMA[k].kind === 'number');

/** Keys hidden by default: the run's length and seed keep the check comparable to the CLI. */
const DEFAULT_HIDDEN: ScenarioKey[] = ['duration', 'seed'];

function suggestTarget(metric: MetricKey, m: Metrics | null): string {
  if (!m) return isPercent(metric) ? '90' : '1';
  const v = m[metric];
  return isPercent(metric) ? String(Math.round(v * 1000) / 10) : String(Math.round(v * 100) / 100);
}

export function ChallengeBuilder({
  scenario,
  metrics,
  onClose,
}: ChallengeBuilderProps): JSX.Element {
  const id = useId();
  const [modes, setModes] = useState<Partial<Record<ScenarioKey, Mode>>>(() =>
    Object.fromEntries(DEFAULT_HIDDEN.map((k) => [k, 'hidden'])),
  );
  const [title, setTitle] = useState('');
  const [question, setQuestion] = useState('');
  const [metric, setMetric] = useState<MetricKey>('efficiency');
  const [comparator, setComparator] = useState<Comparator>('>=');
  const [target, setTarget] = useState(() => suggestTarget('efficiency', metrics));
  const [optKey, setOptKey] = useState<ScenarioKey | ''>('');
  const [optDir, setOptDir] = useState<'min' | 'max'>('min');
  const [copied, setCopied] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  // Focus goes into the dialog, and back to what opened it when it closes.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    return () => opener?.focus?.();
  }, []);

  const keysOf = (m: Mode) => KEYS.filter((k) => (modes[k] ?? 'free') === m);
  const targetNumber = Number(target.trim()) / (isPercent(metric) ? 100 : 1);
  const targetOk = target.trim() !== '' && Number.isFinite(targetNumber);

  const built = useMemo((): Challenge | null => {
    if (!targetOk) return null;
    const c: Challenge = {
      title: title.trim() || 'Challenge',
      question: question.trim(),
      locked: fixFrom(scenario, keysOf('locked')),
      hidden: fixFrom(scenario, keysOf('hidden')),
      metric,
      comparator,
      target: targetNumber,
    };
    if (optKey && (modes[optKey] ?? 'free') === 'free') c.optimise = { key: optKey, dir: optDir };
    return c;
    // keysOf reads modes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    modes,
    title,
    question,
    metric,
    comparator,
    targetNumber,
    targetOk,
    optKey,
    optDir,
    scenario,
  ]);

  const link = built ? `${linkBase()}${challengeQuery(applyFixed(scenario, built), built)}` : null;

  const query = built ? challengeQuery(applyFixed(scenario, built), built) : null;
  const copy = async () => {
    if (!query) return;
    // Served by the class server, the link names the address students can reach.
    await copyLinkTo(query, (msg) =>
      setCopied(
        msg.startsWith('Copy failed') ? 'Copy failed: select the link below and copy it' : msg,
      ),
    );
  };

  const setMode = (k: ScenarioKey, m: Mode) => setModes((o) => ({ ...o, [k]: m }));

  return (
    <div
      className="ch-backdrop"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="ch-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}t`}
        data-testid="challenge-builder"
      >
        <h2 id={`${id}t`}>Make a challenge from this scenario</h2>
        <fieldset>
          <legend>Question</legend>
          <label className="ch-wide">
            Title
            <input
              type="text"
              maxLength={TITLE_MAX}
              value={title}
              placeholder="Challenge"
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          </label>
          <label className="ch-wide">
            Question for the students (optional)
            <textarea
              rows={2}
              maxLength={QUESTION_MAX}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
            />
          </label>
        </fieldset>
        <fieldset>
          <legend>Check, run when a student’s run completes</legend>
          <div className="ch-row">
            <label>
              Metric
              <select
                value={metric}
                onChange={(e) => {
                  const m = e.currentTarget.value as MetricKey;
                  setMetric(m);
                  setTarget(suggestTarget(m, metrics));
                }}
              >
                <MetricOptions />
              </select>
            </label>
            <label>
              Comparator
              <select
                value={comparator}
                onChange={(e) => setComparator(e.currentTarget.value as Comparator)}
              >
                {COMPARATORS.map((c) => (
                  <option key={c} value={c}>
                    {COMPARATOR_TEXT[c]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Target
              <input
                type="text"
                inputMode="decimal"
                size={8}
                value={target}
                aria-invalid={!targetOk || undefined}
                onChange={(e) => setTarget(e.currentTarget.value)}
              />
              {isPercent(metric) ? '%' : ''}
            </label>
            {metrics && (
              <span className="ch-muted">
                this run: {metricLabel(metric)} {formatMetric(metric, metrics[metric])}
              </span>
            )}
          </div>
          {!targetOk && <p className="ch-error">The target is not a number.</p>}
          <div className="ch-row">
            <label>
              Best attempt
              <select
                value={optDir}
                aria-label="Best attempt: minimise or maximise"
                onChange={(e) => setOptDir(e.currentTarget.value as 'min' | 'max')}
              >
                <option value="min">smallest</option>
                <option value="max">largest</option>
              </select>
              <select
                value={optKey}
                aria-label="Setting to minimise or maximise"
                onChange={(e) => setOptKey(e.currentTarget.value as ScenarioKey | '')}
              >
                <option value="">(none: best metric)</option>
                {NUMERIC.filter((k) => (modes[k] ?? 'free') === 'free').map((k) => (
                  <option key={k} value={k}>
                    {SCHEMA[k].label} ({k})
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>
            Settings ({keysOf('locked').length} locked, {keysOf('hidden').length} hidden)
          </legend>
          <div className="ch-keys">
            <table>
              <thead>
                <tr>
                  <th scope="col">Setting</th>
                  <th scope="col">Value now</th>
                  <th scope="col">For the students</th>
                </tr>
              </thead>
              {GROUP_ORDER.map((g) => (
                <tbody key={g}>
                  <tr>
                    <th colSpan={3} scope="rowgroup">
                      {groupTitle(g)}
                    </th>
                  </tr>
                  {KEYS.filter((k) => SCHEMA[k].group === g).map((k) => {
                    const v = scenario[k];
                    return (
                      <tr key={k} data-key={k}>
                        <td>
                          {SCHEMA[k].label} <code>{k}</code>
                        </td>
                        <td>{formatKeyValue(k, v === undefined ? '' : formatValue(v))}</td>
                        <td>
                          <select
                            aria-label={`${SCHEMA[k].label}: free, locked or hidden`}
                            value={modes[k] ?? 'free'}
                            onChange={(e) => setMode(k, e.currentTarget.value as Mode)}
                          >
                            <option value="free">free</option>
                            <option value="locked">locked</option>
                            <option value="hidden">hidden</option>
                          </select>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              ))}
            </table>
          </div>
        </fieldset>
        <h3>Preview</h3>
        {built && (
          <ChallengeCard
            challenge={built}
            encoded=""
            scenario={applyFixed(scenario, built)}
            query=""
            finished={null}
            onRestore={() => {}}
            preview
          />
        )}
        {link && (
          <p className="ch-link" data-testid="challenge-link">
            {link}
          </p>
        )}
        <div className="ch-actions">
          <span role="status">{copied}</span>
          <a href={onThisProjector('?page=teacher')}>Teacher notes and ready-made challenges</a>
          {link && (
            <a href={link} target="_blank" rel="noreferrer">
              Open in a new tab
            </a>
          )}
          <button type="button" onClick={() => void copy()} disabled={!link}>
            Copy link
          </button>
          {query && (
            <QrButton
              url={() => shareLinkChecked(query).then((l) => l.url)}
              title="QR code of this challenge"
            />
          )}
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
