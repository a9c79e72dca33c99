// The scorecard is reproducible: a fast subset of claims, run here in-process, gives the same
// lines, byte for byte, as the committed scorecard (src/reproduce/scorecard.json, written by
// `npm run reproduce -- --write` on worker threads). If the model changes on purpose, rewrite
// the scorecard; this test then says which claims moved.
import { describe, expect, it } from 'vitest';
import { runScorecard, selectClaims } from '../../src/reproduce/scorecard';
import { summarise } from '../../src/reproduce/summary';
import type { ClaimResult } from '../../src/reproduce/types';
import scorecard from '../../src/reproduce/scorecard.json';

/** Claims whose runs are short (one flow for 10 s, 1.5 Mbit/s links, 10 s GFR runs), one or
 * more from each paper. */
const FAST_CLAIMS = [
  's0-fig6-dupack10-fair',
  's1-integer-cwnd-plateau',
  's2-fig3-9180-3000-goodput',
  's2-fig3-9180-1000-efficiency',
  's2-table2-window-boundary',
  's2-4.3-1500-k1000-w38-timeouts',
  's2-pattern-b-rto',
  's2-epd-recovers',
  's2-stop-and-go',
  's3-epd-throughput-higher',
  's3-fig3-two-threshold-clp0-clr',
  's4-eubr-fair',
  's4-fig6-lost-cells-order',
];

describe('committed scorecard', () => {
  it(
    'a fast subset of claims gives the committed lines exactly',
    { timeout: 300_000 },
    async () => {
      const claims = selectClaims([], FAST_CLAIMS);
      expect(claims.map((c) => c.id).sort()).toEqual([...FAST_CLAIMS].sort());
      const run = await runScorecard(claims, {
        lanes: 1,
        exec: async (req) => summarise(req),
      });
      const committed = new Map((scorecard.claims as ClaimResult[]).map((r) => [r.id, r]));
      for (const r of run.results)
        expect(JSON.stringify(r), r.id).toBe(JSON.stringify(committed.get(r.id)));
    },
  );
});
