// Compare A/B: side A is the scenario on show, side B is A with B's overrides (the link's
// `b.key=value` pairs, as `key=value&…`). A bad override is reported by name and B keeps A's value.
import { useMemo } from 'react';
import type { Scenario, ScenarioIssue } from '../../sim';
import { applyOverrides, toQuery } from '../../sim';
import type { CompareSpec } from '../compare/Compare';
import type { NavState } from '../urlState';

export function useCompareB(
  nav: Pick<NavState, 'query' | 'compare' | 'bOverrides' | 'branchAt'>,
  scenario: Scenario,
): { spec: CompareSpec | null; errors: ScenarioIssue[] } {
  const b = useMemo(() => {
    const r = applyOverrides(scenario, [...new URLSearchParams(nav.bOverrides)]);
    return { query: toQuery(r.scenario), errors: r.errors };
  }, [scenario, nav.bOverrides]);
  const spec = useMemo(
    () =>
      nav.compare
        ? { a: nav.query, b: b.query, scenarioA: scenario, branchAt: nav.branchAt }
        : null,
    [nav.compare, nav.query, b.query, scenario, nav.branchAt],
  );
  return { spec, errors: b.errors };
}
