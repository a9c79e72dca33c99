/**
 * Re-renders the explanations (and seed sensitivity) of the committed scorecard from its own
 * lines, after an explanation template or the seed-sensitivity rule changed: `npx tsx scripts/rerender-explanations.ts`. The result is what
 * `npm run reproduce -- --write` writes for the same runs (explanations are filled from the
 * line's rounded figures, evaluate.ts), so no run is needed; claims whose templates quote named
 * figures (Claim.figures), which the line does not hold, are listed and left as they are: re-run
 * those with `npm run reproduce -- --claim ID`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CLAIMS } from '../src/reproduce/claims';
import { explanationValues, seedSensitive, summarize } from '../src/reproduce/evaluate';
import { checkHolds, render } from '../src/reproduce/explain';
import type { ScorecardFile } from '../src/reproduce/scorecard';
import { scorecardFile } from '../src/reproduce/scorecard';

const FILE = new URL('../src/reproduce/scorecard.json', import.meta.url);
const card = JSON.parse(readFileSync(FILE, 'utf8')) as ScorecardFile;
const byId = new Map(CLAIMS.map((c) => [c.id, c]));
const stale: string[] = [];
let changed = 0;
card.claims = card.claims.map((l) => {
  const c = byId.get(l.id);
  if (!c) return l;
  // Seed sensitivity follows from the line's per-seed figures too.
  const line = {
    ...l,
    seedSensitive: l.seeds.length > c.seeds.length && seedSensitive(c, l.perSeed),
  };
  if (line.verdict === 'within' || !c.explanation) return line;
  if (c.figures && Object.keys(c.figures).length) {
    stale.push(line.id);
    return line;
  }
  const values = explanationValues(c, line);
  const explanation = render(c.explanation, values);
  const explanationHolds = c.holds?.length ? checkHolds(c.holds, values) : null;
  if (explanation !== line.explanation || explanationHolds !== line.explanationHolds) changed++;
  return { ...line, explanation, explanationHolds };
});
const summary = summarize(card.claims, card.summary.seconds);
writeFileSync(FILE, scorecardFile({ results: card.claims, summary }, card.appVersion));
process.stdout.write(`re-rendered ${changed} explanations\n`);
if (stale.length) process.stdout.write(`left (named figures): ${stale.join(', ')}\n`);
