// axe-core's WCAG 2.2 A/AA rules run in a real page, for every e2e test that checks a screen
// (a11y.test.ts's pages; Compare, the sweep, the lesson writer and the live class's projector
// and phone pages where their own tests open them). The page's CSP forbids inline scripts, so
// axe's source is evaluated through the DevTools protocol, which the CSP does not govern.
import axe from 'axe-core';
import type { Page } from 'playwright';

export interface Finding {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: number;
  targets: string[];
  summary: string;
}

export const describeFinding = (f: Finding) =>
  `- ${f.id} [${f.impact}] ${f.help} (${f.nodes} element${f.nodes === 1 ? '' : 's'})\n` +
  `    ${f.helpUrl}\n` +
  f.targets.map((t) => `    at ${t}`).join('\n') +
  (f.summary ? `\n    ${f.summary.replace(/\n/g, '\n    ')}` : '');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Rules outside those tags (axe's best practices) that the Papers and teacher pages failed before: one main
 * landmark, all content in landmarks, no aria-label where the role forbids a name. */
export const NAMED_RULES = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'region',
  'aria-prohibited-attr',
];

export async function auditWcag(page: Page): Promise<Finding[]> {
  await page.evaluate(axe.source);
  return page.evaluate(
    async ([tags, rules]) => {
      const w = window as unknown as { axe: typeof import('axe-core') };
      const byTag = await w.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      const byRule = await w.axe.run(document, {
        runOnly: { type: 'rule', values: rules },
        resultTypes: ['violations'],
      });
      const seen = new Set(byTag.violations.map((v) => v.id));
      const all = [...byTag.violations, ...byRule.violations.filter((v) => !seen.has(v.id))];
      return all.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.length,
        targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
        summary: v.nodes[0]?.failureSummary ?? '',
      }));
    },
    [WCAG_TAGS, NAMED_RULES] as const,
  );
}

/** The findings of `auditWcag` in words, for an assertion's message ('' when none). */
export async function wcagProblems(page: Page, where: string): Promise<string[]> {
  const found = await auditWcag(page);
  console.info(
    `[axe wcag] ${where}: ${found.length} rule(s) violated` +
      (found.length ? ` (${found.map((f) => `${f.id}×${f.nodes}`).join(', ')})` : ''),
  );
  return found.map((f) => `${where}: ${describeFinding(f)}`);
}
