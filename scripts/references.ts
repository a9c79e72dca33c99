/** Writes REFERENCES.md from src/reproduce/references.ts: `npx tsx scripts/references.ts`. */
import { writeFileSync } from 'node:fs';
import { REFERENCES } from '../src/reproduce/references';

let md =
  '# References\n\nThe works this app cites: the five source papers (S0–S4) and the works their claims, presets and scenario keys rely on. Code comments, claims and help texts cite these by author, title and section or figure. The same list is in `src/reproduce/references.ts`, which the app uses; regenerate this file with `npx tsx scripts/references.ts` (a test keeps them equal).\n\n';
for (const r of REFERENCES) md += `- **[${r.key}]** ${r.entry}\n  — ${r.use}\n`;
writeFileSync(new URL('../REFERENCES.md', import.meta.url), md);
