// Targets and reflow on a phone, in real Chromium: every interactive target on the main page,
// with the settings open and with the sweep form open, is at least 24×24 CSS px or meets WCAG
// 2.5.8's spacing exception (a 24 px circle on its centre touches no other target nor another
// undersized target's circle); links inside a sentence are the exception for inline targets.
// At 320 CSS px wide the page does not scroll sideways (WCAG 1.4.10).
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { openPage, pageOverflow, simTime, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const PHONE = { width: 390, height: 844 };
const SWEEP =
  'sweep=1&sweep.param=bufferCells:1088:2176:544&sweep.policies=epd,tail-drop&sweep.metrics=efficiency,fairness&sweep.seeds=2';

/** The page's targets under 24×24 CSS px that the spacing exception does not excuse, each as
 * "tag.class 'name' w×h". */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SEL =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="slider"], [role="checkbox"], [role="radio"], [role="tab"], [role="menuitem"], [tabindex="0"]';
    const els = [...document.querySelectorAll<HTMLElement>(SEL)].filter((el) => {
      if ((el as HTMLButtonElement).disabled) return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || cs.pointerEvents === 'none') return false;
      // A drawing that takes the focus for its keys is not a pointer target of its own size.
      if (el.tagName === 'CANVAS') return false;
      // The timeline's moment ticks have an equivalent of full size (2.5.8's "equivalent"
      // exception): the Moments list, a button per moment.
      if (el.classList.contains('tl-mark')) return false;
      // Out of sight until focused (the skip link, the screen summary's setting).
      if (r.bottom < 0 && el.closest('.skip-link, .sr-only, .screen-summary')) return false;
      return true;
    });
    const rects = els.map((el) => el.getBoundingClientRect());
    /** Inline: a link inside a sentence (its line's height limits it). */
    const inline = (el: HTMLElement) =>
      el.tagName === 'A' &&
      getComputedStyle(el).display === 'inline' &&
      (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').length + 20;
    const small = els.map((el, i) => rects[i].width < 23.5 || rects[i].height < 23.5);
    const centre = (r: DOMRect) => [r.left + r.width / 2, r.top + r.height / 2];
    /** Distance from point (x, y) to rect r (0 inside). */
    const dist = (x: number, y: number, r: DOMRect) =>
      Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
    const out: string[] = [];
    els.forEach((el, i) => {
      if (!small[i] || inline(el)) return;
      const [x, y] = centre(rects[i]);
      const clash = els.some((o, j) => {
        if (j === i || o.contains(el) || el.contains(o)) return false;
        if (dist(x, y, rects[j]) < 12) return true;
        if (!small[j]) return false;
        const [ox, oy] = centre(rects[j]);
        return Math.hypot(x - ox, y - oy) < 24;
      });
      if (!clash) return;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const r = rects[i];
      out.push(
        `${el.tagName.toLowerCase()}.${cls} '${name}' ${r.width.toFixed(0)}×${r.height.toFixed(0)}`,
      );
    });
    return out;
  });
}

describe('target size on a 390×844 phone (WCAG 2.5.8)', () => {
  it('the main page, then with the settings open: no target under 24×24 CSS px (after the spacing exception)', async () => {
    const { page, close } = await openPage(h, '/?preset=s0-testbed&duration=0.5&speed=max', {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: /^▶ Settings$/ }).click();
    await page.locator('[data-key="bufferCells"]').waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await close();
  }, 180_000);

  it('the sweep form: no target under 24×24 CSS px (after the spacing exception)', async () => {
    const { page, close } = await openPage(h, `/?preset=s0-testbed&duration=0.5&${SWEEP}`, {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    await page.locator('.sweep-run').waitFor();
    // The link's sweep runs by itself: checked once its plots, published marks and all, are
    // drawn (before, the marks were there or not by the machine's speed).
    await expect
      .poll(() => page.getByTestId('sweep-panel').getAttribute('data-state'), {
        timeout: 120_000,
      })
      .toBe('done');
    await page.locator('.sweep-published').first().waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await close();
  }, 360_000);
});

describe('reflow at 320 CSS px (WCAG 1.4.10)', () => {
  /** Waits until the page shows what it is checked with. */
  type Ready = (page: Page) => Promise<unknown>;
  const ZOOM2 = { width: 683, height: 384 };
  const running: Ready = (page) => page.getByTestId('sim-time').waitFor();
  const bothSides: Ready = (page) =>
    expect
      .poll(() =>
        page
          .locator('[data-testid=compare-diff] tr[data-metric=efficiency] td[data-side=b]')
          .getAttribute('data-value'),
      )
      .toMatch(/\d/);
  const PAGES: [string, string, Ready, { width: number; height: number }?][] = [
    ['the main page', '?preset=s0-testbed&duration=0.5&speed=max', running],
    ['the sweep form', `?preset=s0-testbed&duration=0.5&${SWEEP}`, running],
    // A lesson: a prediction asked (its options and slider), then an A/B step (its table).
    ['a lesson asking', '?lesson=deadlock&step=2', (p) => p.getByTestId('lesson-commit').waitFor()],
    ['a lesson’s A/B step', '?lesson=deadlock&step=3', bothSides],
    // Compare with a change in B, to its end: the B − A column holds its longest words.
    ['Compare', '?preset=s2-deadlock&duration=2&compare=1&b.policy=epd&speed=max', bothSides],
    ['the Papers page', '?page=reproduce', (p) => p.getByTestId('papers-picture').waitFor()],
    ['the teacher page', '?page=teacher', (p) => p.getByTestId('teacher-page').waitFor()],
    // 1366×768 at 200 % zoom (WCAG 1.4.4): a 683×384 CSS px window.
    ['the main page at 200 %', '?preset=s0-testbed&duration=0.5&speed=max', running, ZOOM2],
    [
      'a lesson asking at 200 %',
      '?lesson=deadlock&step=2',
      (p) => p.getByTestId('lesson-commit').waitFor(),
      ZOOM2,
    ],
    [
      'the lesson writer',
      '?preset=s2-deadlock&t=1',
      async (p) => {
        // A narrow header keeps its buttons in its menu.
        await p.getByRole('button', { name: /Menu/ }).click();
        await p.getByTestId('open-gallery').click();
        await p.getByTestId('write-lesson').click();
        await p.getByTestId('writer').waitFor();
      },
    ],
  ];
  for (const [name, query, ready, viewport] of PAGES)
    it(`${name}: no horizontal scroll`, async () => {
      const { page, close } = await openPage(
        h,
        `/${query}`,
        viewport
          ? { viewport }
          : { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true },
      );
      await ready(page);
      await expect.poll(() => page.evaluate(() => document.fonts.status)).toBe('loaded');
      const over = await pageOverflow(page);
      expect(over.scroll, over.wide.join(', ')).toBeLessThanOrEqual(over.client);
      await close();
    }, 180_000);
});

describe('text spacing (WCAG 1.4.12), at 390×844 and 1366×768', () => {
  // Each page in turn in one document (as Back and Forward would), the spacing applied once.
  // A/B: both runs to their end (the table holds its longest values).
  const abFilled = (page: Page) =>
    expect
      .poll(() => page.getByTestId('compare').getAttribute('data-done'), { timeout: 60_000 })
      .toBe('true');
  const PAGES: [string, string, (page: Page) => Promise<unknown>][] = [
    [
      'the main page',
      '?preset=s0-testbed&duration=0.5&speed=max',
      (p) => p.getByTestId('sim-time').waitFor(),
    ],
    [
      'the sweep form',
      `?preset=s0-testbed&duration=0.5&${SWEEP}`,
      (p) => p.getByTestId('sweep-panel').waitFor(),
    ],
    ['a lesson asking', '?lesson=deadlock&step=2', (p) => p.getByTestId('lesson-commit').waitFor()],
    ['a lesson’s A/B step', '?lesson=deadlock&step=3', abFilled],
    ['Compare', '?preset=s2-deadlock&duration=2&compare=1&b.policy=epd&speed=max', abFilled],
    ['the Papers page', '?page=reproduce', (p) => p.getByTestId('papers-picture').waitFor()],
    ['the teacher page', '?page=teacher', (p) => p.getByTestId('teacher-page').waitFor()],
  ];
  for (const viewport of [PHONE, { width: 1366, height: 768 }])
    it(`${viewport.width}×${viewport.height}: no sideways scroll and no text cut off, on seven pages`, async () => {
      const phone = viewport.width < 500;
      const { page, errors, close } = await openPage(h, '/?preset=s0-testbed&duration=0.5', {
        viewport,
        hasTouch: phone,
        isMobile: phone,
      });
      await page.getByTestId('sim-time').waitFor();
      await page.addStyleTag({ content: TEXT_SPACING });
      const found: string[] = [];
      for (const [name, query, ready] of PAGES) {
        await page.evaluate((u) => {
          history.pushState(null, '', u);
          dispatchEvent(new PopStateEvent('popstate'));
        }, `/${query}`);
        await ready(page);
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        const over = await pageOverflow(page);
        if (over.scroll > over.client)
          found.push(
            `${name}: scrolls sideways (${over.scroll} > ${over.client}: ${over.wide.join(', ')})`,
          );
        found.push(...(await cutText(page)).map((c) => `${name}: ${c}`));
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);
});

/** WCAG 1.4.12's spacing: line height 1.5, paragraphs 2 em apart, letters 0.12 em, words
 * 0.16 em (the W3C's text spacing bookmarklet, as a style sheet). */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

/** Text that a box cuts off (overflow hidden or clip, its content larger than itself), each as
 * "tag.class 'text…'". Out of sight by design: what is hidden for a screen reader's sake (a
 * 1 px clipped box) and a line ended with "…" whose whole text is its tooltip. */
function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!el.textContent?.trim() || el.getClientRects().length === 0) continue;
      const cs = getComputedStyle(el);
      const clips = (o: string) => o === 'hidden' || o === 'clip';
      const cutX = clips(cs.overflowX) && el.scrollWidth > el.clientWidth + 1;
      const cutY = clips(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if (!cutX && !cutY) continue;
      // Hidden for a screen reader's sake: a 1 px box clipped away (it or a box around it).
      let hidden = false;
      for (let a: HTMLElement | null = el; a && !hidden; a = a.parentElement) {
        const c = getComputedStyle(a);
        hidden = c.clipPath.startsWith('inset(50%') || c.clip.startsWith('rect(0');
      }
      if (hidden) continue;
      if (cs.textOverflow === 'ellipsis' && el.title) continue;
      out.push(
        `${el.tagName.toLowerCase()}.${el.className} '${el.textContent.trim().slice(0, 40)}'`,
      );
    }
    return out;
  });
}
