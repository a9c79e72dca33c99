// The theme colours that carry meaning, by computed contrast ratio (WCAG 2.2: 1.4.3 text at
// least 4.5:1, 1.4.11 marks and controls at least 3:1), in both themes, on the page (--bg) and
// on a card or panel (--card): the page's text colours, links and buttons, the Papers page's
// verdicts (its counts' headings are text in the verdict's colour, its points marks), and the
// verdict chips on their own backgrounds. The plots' marks are checked in words.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** WCAG relative luminance of #rgb or #rrggbb. */
function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const f = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The hex custom properties and colours of a CSS block starting at `head` in `file`. */
function block(file: string, head: string): Record<string, string> {
  const css = readFileSync(file, 'utf8');
  const start = css.indexOf(`${head} {`);
  if (start < 0) throw new Error(`${head} not in ${file}`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b/g)].map((m) => [m[1], m[2]]),
  );
}

const SHELL = 'src/ui/styles/shell.css';
const THEMES = {
  light: block(SHELL, ':root'),
  dark: { ...block(SHELL, ':root'), ...block(SHELL, ":root[data-theme='dark']") },
};

describe('the contrast calculation', () => {
  it('gives the ratios WCAG and axe give', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // The failures found on the Papers page before the fix, as axe-core measured them.
    expect(contrast('#2e9e5b', '#ffffff')).toBeCloseTo(3.41, 2);
    expect(contrast('#d49a00', '#ffffff')).toBeCloseTo(2.49, 2);
    expect(contrast('#d0453c', '#1c1e24')).toBeCloseTo(3.64, 1);
  });
});

describe('theme colours that carry meaning', () => {
  for (const theme of ['light', 'dark'] as const) {
    const v = THEMES[theme];
    const grounds = { '--bg': v['--bg'], '--card': v['--card'], '--panel': v['--panel'] };

    it(`${theme}: every colour is defined`, () => {
      for (const k of [
        '--bg',
        '--card',
        '--panel',
        '--fg',
        '--muted',
        '--accent',
        '--accent-fg',
        '--limit',
        '--line',
        '--verdict-within',
        '--verdict-trend',
        '--verdict-miss',
      ])
        expect(v[k], k).toMatch(/^#[0-9a-fA-F]{6}$/);
    });

    it(`${theme}: text at least 4.5:1 on the page and on a card`, () => {
      const text = ['--fg', '--muted', '--verdict-within', '--verdict-trend', '--verdict-miss'];
      const low: string[] = [];
      for (const c of text)
        for (const [g, bg] of Object.entries(grounds)) {
          const r = contrast(v[c], bg);
          if (r < 4.5) low.push(`${c} ${v[c]} on ${g} ${bg}: ${r.toFixed(2)}`);
        }
      expect(low).toEqual([]);
      // The primary button's words on its accent colour.
      expect(contrast(v['--accent-fg'], v['--accent'])).toBeGreaterThanOrEqual(4.5);
    });

    it(`${theme}: marks, limits and the accent at least 3:1 on the page and on a card`, () => {
      const marks = [
        '--accent',
        '--limit',
        '--verdict-within',
        '--verdict-trend',
        '--verdict-miss',
      ];
      const low: string[] = [];
      for (const c of marks)
        for (const [g, bg] of Object.entries(grounds)) {
          const r = contrast(v[c], bg);
          if (r < 3) low.push(`${c} ${v[c]} on ${g} ${bg}: ${r.toFixed(2)}`);
        }
      expect(low).toEqual([]);
    });

    it(`${theme}: the three verdicts differ from each other`, () => {
      const cs = ['--verdict-within', '--verdict-trend', '--verdict-miss'].map((k) => v[k]);
      expect(new Set(cs).size).toBe(3);
    });
  }

  it('verdict chips: their words at least 4.5:1 on their own backgrounds, in both themes', () => {
    const css = 'src/ui/reproduce/reproduce.css';
    const low: string[] = [];
    for (const chip of ['within', 'trend', 'miss', 'seed'])
      for (const head of [`.chip-${chip}`, `:root[data-theme='dark'] .chip-${chip}`]) {
        const b = block(css, head);
        const r = contrast(b.color, b.background);
        if (r < 4.5) low.push(`${head}: ${b.color} on ${b.background}: ${r.toFixed(2)}`);
      }
    expect(low).toEqual([]);
  });
});
