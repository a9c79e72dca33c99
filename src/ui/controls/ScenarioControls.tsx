/**
 * Scenario controls generated from the schema: one control per parameter, in collapsible
 * sections by group; a policy's own parameters appear only while it is chosen. Changes are
 * validated by the codec (ranges, lists, cross-parameter rules) before `onChange` sees them.
 */
import type { JSX } from 'react';
import { useContext, useId, useMemo, useState } from 'react';
import { LinguiContext } from '@lingui/react';
import type { Scenario } from '../../sim';
import type { Commit } from './fields';
import { Field } from './fields';
import {
  DEFAULTS,
  GROUP_ORDER,
  autoValues,
  initialOpen,
  isVisible,
  keysOf,
  newIssues,
  sameValue,
  validateValue,
} from './model';
import { say } from '../../i18n/say';
import { SETTING_WORDS, groupTitle, localSetting } from './settingWords';
import './controls.css';

export interface ScenarioControlsProps {
  /** Current scenario (from parseScenario/applyOverrides). */
  scenario: Scenario;
  /** Called once per committed change, with a scenario that passes the codec's checks. */
  onChange(next: Scenario, changedKey: keyof Scenario): void;
  disabled?: boolean;
  /** Keys a challenge fixes: shown disabled with a lock and "locked by the challenge". */
  locked?: ReadonlySet<string>;
  /** Keys a challenge fixes and does not show. */
  hidden?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export function ScenarioControls({
  scenario,
  onChange,
  disabled = false,
  locked = NONE,
  hidden = NONE,
}: ScenarioControlsProps): JSX.Element {
  const id = useId();
  // Renders again when the page's language changes (no provider in a component's own test).
  useContext(LinguiContext);
  const auto = useMemo(() => autoValues(scenario), [scenario]);
  const [open, setOpen] = useState(() => initialOpen(scenario));

  const commit: Commit = (key, value) => {
    if (disabled || sameValue(scenario[key], value)) return null;
    if (locked.has(key) || hidden.has(key)) return `${key}: locked by the challenge`;
    const bad = validateValue(key, value);
    if (bad) return bad;
    const next = { ...scenario, [key]: value } as Scenario;
    const issues = newIssues(scenario, next, key);
    if (issues.length > 0) return issues.map((i) => i.message).join(' ');
    onChange(next, key);
    return null;
  };

  return (
    <div className="sc-root" role="group" aria-label={say(SETTING_WORDS.root)}>
      {GROUP_ORDER.map((g) => {
        const keys = keysOf(g).filter((k) => isVisible(k, scenario) && !hidden.has(k));
        if (keys.length === 0) return null;
        const changed = keys.filter((k) => !sameValue(scenario[k], DEFAULTS[k])).length;
        const headId = `${id}${g}-head`;
        const bodyId = `${id}${g}-body`;
        return (
          <section key={g} className="sc-group" data-group={g} aria-labelledby={headId}>
            <h3 className="sc-group-head" id={headId}>
              <button
                type="button"
                className="sc-group-toggle"
                aria-expanded={open[g]}
                aria-controls={bodyId}
                onClick={() => setOpen((o) => ({ ...o, [g]: !o[g] }))}
              >
                <span className="sc-chevron" aria-hidden="true" />
                <span className="sc-group-title">{groupTitle(g)}</span>
                {changed > 0 && (
                  <span className="sc-badge">{say(SETTING_WORDS.changed, { count: changed })}</span>
                )}
              </button>
            </h3>
            <div id={bodyId} className="sc-group-body" hidden={!open[g]}>
              {keys.map((k) => {
                const field = (
                  <Field
                    key={k}
                    k={k}
                    def={localSetting(k)}
                    value={scenario[k]}
                    auto={auto[k]}
                    commit={commit}
                    disabled={disabled || locked.has(k)}
                  />
                );
                return locked.has(k) ? (
                  <div key={k} className="sc-locked" data-locked-key={k}>
                    {field}
                    <p className="sc-lock-note">
                      <svg
                        className="sc-lock-icon"
                        viewBox="0 0 16 16"
                        width="12"
                        height="12"
                        aria-hidden="true"
                      >
                        <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
                        <path
                          d="M5 7V5a3 3 0 0 1 6 0v2"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="1.8"
                        />
                      </svg>{' '}
                      {say(SETTING_WORDS.locked)}
                    </p>
                  </div>
                ) : (
                  field
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
