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

export interface AuditOptions {
  /**
   * Leave out the controls that the page, as it is scrolled now, slides partly under a bar
   * stuck to the top or bottom of the viewport (the playback bar, a phone's lesson card). axe
   * counts such a control as a target too small (2.5.8, "partially obscured"), a matter of the
   * scroll position, not of the control: scrolled a little, it is whole. For a screen placed by
   * the app at a scroll position of its own (a lesson step at its pause); the controls in sight
   * and the bars themselves are audited.
   */
  skipScrolledUnder?: boolean;
}

/** The attribute that marks what an audit leaves out (AuditOptions). */
const SKIP = 'data-axe-skip';

export async function auditWcag(page: Page, opts: AuditOptions = {}): Promise<Finding[]> {
  // axe's source once per document (half a second of a loaded machine's time each time).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ([tags, rules, skipUnder, skip]) => {
      const w = window as unknown as { axe: typeof import('axe-core') };
      if (skipUnder) {
        const vh = window.innerHeight;
        const bars = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
          const pos = getComputedStyle(el).position;
          if (pos !== 'sticky' && pos !== 'fixed') return false;
          const r = el.getBoundingClientRect();
          return r.height > 0 && (Math.abs(r.top) < 1 || Math.abs(r.bottom - vh) < 1);
        });
        const controls = document.querySelectorAll<Element>(
          'a[href], button, input, select, textarea, summary, [tabindex], [role=button]',
        );
        for (const c of controls) {
          if (bars.some((b) => b.contains(c))) continue;
          const r = c.getBoundingClientRect();
          const under = bars.some((b) => {
            const q = b.getBoundingClientRect();
            const across = r.left < q.right && r.right > q.left;
            const partly = r.top < q.bottom && r.bottom > q.top;
            const whole = r.top >= q.top && r.bottom <= q.bottom;
            return across && partly && !whole;
          });
          if (under) c.setAttribute(skip, 'scrolled-under');
        }
      }
      const context = { include: [document], exclude: [[`[${skip}]`]] } as never;
      // One pass over the page: the rules of the WCAG tags and the named ones together (two
      // passes walked the whole page twice).
      const ids = [
        ...new Set([
          ...w.axe
            .getRules(tags)
            // As a run by tags does: no experimental or deprecated rule.
            .filter((r) => !r.tags.some((t) => t === 'experimental' || t === 'deprecated'))
            .map((r) => r.ruleId),
          ...rules,
        ]),
      ];
      const result = await w.axe.run(context, {
        runOnly: { type: 'rule', values: ids },
        resultTypes: ['violations'],
      });
      for (const el of document.querySelectorAll(`[${skip}]`)) el.removeAttribute(skip);
      const all = result.violations;
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
    [WCAG_TAGS, NAMED_RULES, opts.skipScrolledUnder === true, SKIP] as const,
  );
}

/** The findings of `auditWcag` in words, for an assertion's message ('' when none). */
export async function wcagProblems(
  page: Page,
  where: string,
  opts: AuditOptions = {},
): Promise<string[]> {
  const found = await auditWcag(page, opts);
  console.info(
    `[axe wcag] ${where}: ${found.length} rule(s) violated` +
      (found.length ? ` (${found.map((f) => `${f.id}×${f.nodes}`).join(', ')})` : ''),
  );
  return found.map((f) => `${where}: ${describeFinding(f)}`);
}
