/**
 * The app's navigation state, kept in the address bar. `navigate(patch, how)` changes it:
 * 'push' adds a history entry (a preset, a lesson step, a page: Back returns to it), 'replace'
 * rewrites the current one (speed, theme, a setting changed within a second of the last one).
 * Without `how`, a patch that changes a history-worthy fact of the link-key table pushes, one
 * of only other facts replaces. Back and Forward read the URL again (popstate), and its
 * unusable keys become `issues`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScenarioIssue } from '../sim';
import type { NavMode } from '../link';
import { navModeOf, perRunDefaults } from '../link';
import type { NavState } from './urlState';
import { navQuery, readNav } from './urlState';

export type { NavMode };

/** Settings changes closer together than this share one history entry. */
const COALESCE_MS = 1000;

export function useNav() {
  const [initial] = useState(() => readNav(window.location.search));
  const [nav, setNav] = useState<NavState>(initial.nav);
  /** Keys of the URL that could not be used (shown until dismissed or the next change). */
  const [issues, setIssues] = useState<ScenarioIssue[]>(initial.issues);
  const navRef = useRef(nav);
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
      const next = { ...navRef.current, ...patch };
      // Another scenario is another run: the timeline's places in the old one do not apply.
      if (patch.query !== undefined && patch.query !== navRef.current.query)
        Object.assign(next, perRunDefaults(), patch);
      navRef.current = next;
      setNav(next);
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
      write(navRef.current, 'replace');
    },
    [write],
  );

  useEffect(() => {
    // The first entry gets its normalised form (bare URL → the first preset, and so on).
    write(navRef.current, 'replace');
    const onPop = () => {
      const r = readNav(window.location.search);
      navRef.current = r.nav;
      setNav(r.nav);
      setIssues(r.issues);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [write]);

  return { nav, navigate, setNetworked, issues, setIssues };
}
