/**
 * Scenario controls generated from the schema: one control per parameter, in collapsible
 * sections by group; a policy's own parameters appear only while it is chosen. Changes are
 * validated by the codec (ranges, lists, cross-parameter rules) before `onChange` sees them.
 */
import type { JSX } from 'react';
import { useId, useMemo, useState } from 'react';
import type { Scenario } from '../../sim';
import { SCHEMA } from '../../sim';
import type { Commit } from './fields';
import { Field } from './fields';
import {
  DEFAULTS,
  GROUPS,
  GROUP_ORDER,
  autoValues,
  initialOpen,
  isVisible,
  keysOf,
  newIssues,
  sameValue,
  validateValue,
} from './model';
import './controls.css';

export interface ScenarioControlsProps {
  /** Current scenario (from parseScenario/applyOverrides). */
  scenario: Scenario;
  /** Called once per committed change, with a scenario that passes the codec's checks. */
  onChange(next: Scenario, changedKey: keyof Scenario): void;
  disabled?: boolean;
}

export function ScenarioControls({
  scenario,
  onChange,
  disabled = false,
}: ScenarioControlsProps): JSX.Element {
  const id = useId();
  const auto = useMemo(() => autoValues(scenario), [scenario]);
  const [open, setOpen] = useState(() => initialOpen(scenario));

  const commit: Commit = (key, value) => {
    if (disabled || sameValue(scenario[key], value)) return null;
    const bad = validateValue(key, value);
    if (bad) return bad;
    const next = { ...scenario, [key]: value } as Scenario;
    const issues = newIssues(scenario, next, key);
    if (issues.length > 0) return issues.map((i) => i.message).join(' ');
    onChange(next, key);
    return null;
  };

  return (
    <div className="sc-root" role="group" aria-label="Scenario parameters">
      {GROUP_ORDER.map((g) => {
        const keys = keysOf(g).filter((k) => isVisible(k, scenario));
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
                <span className="sc-group-title">{GROUPS[g].title}</span>
                {changed > 0 && <span className="sc-badge">{changed} changed</span>}
              </button>
            </h3>
            <div id={bodyId} className="sc-group-body" hidden={!open[g]}>
              {keys.map((k) => (
                <Field
                  key={k}
                  k={k}
                  def={SCHEMA[k]}
                  value={scenario[k]}
                  auto={auto[k]}
                  commit={commit}
                  disabled={disabled}
                />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
