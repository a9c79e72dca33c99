/**
 * The app's navigation state, kept in the address bar. `navigate(patch, how)` changes it:
 * 'push' adds a history entry (a preset, a lesson step, a page: Back returns to it), 'replace'
 * rewrites the current one (speed, theme, a setting changed within a second of the last one).
 * Without `how`, a patch that changes a history-worthy fact of the link-key table pushes, one
 * of only other facts replaces. Back and Forward read the URL again (popstate), and its
 * unusable keys become `issues`. The scenario of the place is parsed once per query (reading a
 * link, or navigating to another query) and handed on as `scenario`: the page does not parse
 * the query again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Scenario, ScenarioIssue } from '../sim';
import { parseScenario } from '../sim';
import type { NavMode } from '../link';
import { navModeOf, perRunDefaults } from '../link';
import type { NavState } from './urlState';
import { navQuery, readNav } from './urlState';

export type { NavMode };

/** Settings changes closer together than this share one history entry. */
const COALESCE_MS = 1000;

/** The page's place and the scenario of its query, parsed once for that query. */
interface Place {
  nav: NavState;
  scenario: Scenario;
}

export function useNav() {
  const [initial] = useState(() => readNav(window.location.search));
  const [place, setPlace] = useState<Place>(initial);
  /** Keys of the URL that could not be used (shown until dismissed or the next change). */
  const [issues, setIssues] = useState<ScenarioIssue[]>(initial.issues);
  const placeRef = useRef<Place>(place);
  const lastPush = useRef(0);
  const networked = useRef(false);

  const write = useCallback((next: NavState, how: 'push' | 'replace') => {
    const url = `?${navQuery(next, networked.current)}`;
    if (url === window.location.search) return;
    if (how === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }, []);

  const navigate = useCallback(
    (patch: Partial<NavState>, how: NavMode = navModeOf(patch)) => {
      const cur = placeRef.current;
      const next = { ...cur.nav, ...patch };
      // Another scenario is another run: the timeline's places in the old one do not apply.
      const another = patch.query !== undefined && patch.query !== cur.nav.query;
      if (another) Object.assign(next, perRunDefaults(), patch);
      // The one parse of the new query; the same query keeps its scenario.
      const scenario = another ? parseScenario(next.query).scenario : cur.scenario;
      placeRef.current = { nav: next, scenario };
      setPlace(placeRef.current);
      let mode: 'push' | 'replace' = how === 'replace' ? 'replace' : 'push';
      const now = performance.now();
      if (how === 'coalesce' && now - lastPush.current < COALESCE_MS) mode = 'replace';
      if (mode === 'push') lastPush.current = how === 'coalesce' ? now : 0;
      write(next, mode);
    },
    [write],
  );

  /** The port key applies only to networks: the app says which this scenario is. */
  const setNetworked = useCallback(
    (n: boolean) => {
      if (networked.current === n) return;
      networked.current = n;
      write(placeRef.current.nav, 'replace');
    },
    [write],
  );

  useEffect(() => {
    // The first entry gets its normalised form (bare URL → the first preset, and so on).
    write(placeRef.current.nav, 'replace');
    const onPop = () => {
      const r = readNav(window.location.search);
      // The same query keeps its scenario (the same object, as the page's memos expect).
      const same = r.nav.query === placeRef.current.nav.query;
      placeRef.current = { nav: r.nav, scenario: same ? placeRef.current.scenario : r.scenario };
      setPlace(placeRef.current);
      setIssues(r.issues);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [write]);

  return {
    nav: place.nav,
    /** The scenario of nav.query (parsed once: the page reads it here, not from the query). */
    scenario: place.scenario,
    navigate,
    setNetworked,
    issues,
    setIssues,
  };
}
