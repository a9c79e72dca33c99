/**
 * The committed scorecard and its claims, loaded after the first screen: they are about a
 * third of the page's script (the claims table and every claim's result), and only the
 * paper-vs-model panel and the figures cited in a preset's description need them.
 */
import { useEffect, useState } from 'react';

type ScorecardModule = typeof import('./scorecardData');

let loaded: ScorecardModule | null = null;
let pending: Promise<ScorecardModule> | null = null;

function loadScorecard(): Promise<ScorecardModule> {
  pending ??= import('./scorecardData').then((m) => (loaded = m));
  return pending;
}

/** The scorecard module, or null while it loads (a render or two after the first). */
export function useScorecard(): ScorecardModule | null {
  const [mod, setMod] = useState(loaded);
  useEffect(() => {
    if (mod) return;
    let live = true;
    void loadScorecard().then((m) => live && setMod(m));
    return () => {
      live = false;
    };
  }, [mod]);
  return mod;
}
