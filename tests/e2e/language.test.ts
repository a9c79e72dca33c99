// The app in the class's language, in real Chromium: a browser's own language opens the app
// in it; `lang=` in a link opens it in that one and is remembered; the header's picker changes
// it (Arabic lays the page out right to left); an unknown language in a link is said and
// English shown. A live class (the real class server): a Spanish projector asks a lesson's
// question, and phones whose browsers speak Portuguese, Chinese and Arabic each show the
// question, its options and, after the reveal, its why in their own language, and their
// answers count in one tally. The expected words are read from the catalogs (src/locales).
// Screenshots go to LANG_SHOTS or a folder under the system's temporary folder.
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PO from 'pofile';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { pageOverflow, startHarness } from './harness';
import { PHONE, PROJECTOR, classFixture } from './classHarness';

const SHOTS = process.env.LANG_SHOTS ?? join(tmpdir(), 'atm-lab-lang-shots');
mkdirSync(SHOTS, { recursive: true });

/** The words of message `id` in language `code`, from its catalog. */
function words(code: string, id: string): string {
  const item = ['', 'data']
    .flatMap(
      (dir) =>
        PO.parse(readFileSync(join(__dirname, '../../src/locales', dir, `${code}.po`), 'utf8'))
          .items,
    )
    .find((i) => i.msgctxt === id);
  if (!item) throw new Error(`${code}: no message ${id}`);
  return code === 'en' ? item.msgid : item.msgstr[0];
}

const lessonsButton = (page: Page) => page.getByTestId('open-gallery');
const html = (page: Page) =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the page’s language', () => {
  it('follows the browser’s language, a link’s lang= (remembered), and the picker; Arabic is right to left', async () => {
    const context = await h.browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'pt-BR',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      // The browser speaks Portuguese: so does the app, with no key in the link.
      await page.goto(`${h.base}/?preset=s0-testbed&duration=1`);
      await expect
        .poll(() => lessonsButton(page).innerText())
        .toBe(words('pt-BR', 'header.lessons'));
      expect(await html(page)).toEqual(['pt-BR', 'ltr']);
      expect(page.url()).not.toContain('lang=');

      // A link in Spanish opens in Spanish, and the browser remembers it.
      await page.goto(`${h.base}/?preset=s0-testbed&duration=1&lang=es`);
      await expect.poll(() => lessonsButton(page).innerText()).toBe(words('es', 'header.lessons'));
      expect(await html(page)).toEqual(['es', 'ltr']);
      await page.goto(`${h.base}/?preset=s0-testbed&duration=1`);
      await expect.poll(() => lessonsButton(page).innerText()).toBe(words('es', 'header.lessons'));
      // The playback bar too, and its clock's figures in Spanish (a decimal comma).
      const bar = page.getByRole('region', { name: words('es', 'playback.region') });
      await expect.poll(() => page.getByTestId('sim-time').getAttribute('data-t')).toBe('1');
      expect(await page.getByTestId('sim-time').innerText()).toBe('1,000');
      expect(await bar.getByRole('button', { name: words('es', 'playback.restart') }).count()).toBe(
        1,
      );
      expect(await bar.getByRole('combobox', { name: words('es', 'playback.speed') }).count()).toBe(
        1,
      );

      // The picker: Arabic, right to left, written into the link; the page does not scroll
      // sideways and the time plots still run left to right.
      const picker = page.getByTestId('lang-picker');
      expect(await picker.getAttribute('aria-label')).toBe(words('es', 'header.language'));
      await picker.selectOption('ar');
      await expect.poll(() => lessonsButton(page).innerText()).toBe(words('ar', 'header.lessons'));
      expect(await html(page)).toEqual(['ar', 'rtl']);
      expect(page.url()).toContain('lang=ar');
      const o = await pageOverflow(page);
      expect(o.scroll, JSON.stringify(o.wide)).toBeLessThanOrEqual(o.client);
      // Words not yet translated read left to right inside the right-to-left page: a metric
      // tile's English label and its value take their own direction.
      expect(
        await page
          .locator('[data-metric="efficiency"] .metric-label')
          .evaluate((el) => getComputedStyle(el).unicodeBidi),
      ).toBe('plaintext');
      await page.screenshot({ path: join(SHOTS, 'ar-1366.png') });
      // An unknown language: said in the link's banner, and the page stays in its language.
      await page.goto(`${h.base}/?preset=s0-testbed&duration=1&lang=xx`);
      await expect
        .poll(() => page.getByTestId('url-issues').innerText())
        .toContain('lang: "xx" is not a language of the app');
      await expect.poll(() => lessonsButton(page).innerText()).toBe(words('ar', 'header.lessons'));
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  }, 240_000);

  for (const [code, viewport] of [
    ['ar', { width: 390, height: 844 }],
    ['pseudo', { width: 390, height: 844 }],
    ['pseudo', { width: 1366, height: 768 }],
  ] as const)
    it(`${code} at ${viewport.width}×${viewport.height}: the header's words in it, nothing sideways`, async () => {
      const context = await h.browser.newContext({ viewport });
      const page = await context.newPage();
      try {
        await page.goto(`${h.base}/?preset=s2-deadlock&t=2&lang=${code}`);
        await page.getByTestId('view-queue').waitFor();
        if (viewport.width < 600) await page.locator('.menu-toggle').click();
        await expect
          .poll(() => lessonsButton(page).innerText())
          .toBe(words(code, 'header.lessons'));
        const o = await pageOverflow(page);
        expect(o.scroll, JSON.stringify(o.wide)).toBeLessThanOrEqual(o.client);
        await page.screenshot({ path: join(SHOTS, `${code}-${viewport.width}.png`) });
      } finally {
        await context.close();
      }
    }, 120_000);
});

describe('a live class across languages', () => {
  const cls = classFixture();
  const Q = 'lesson.cells.cells-rest';

  it('a Spanish projector; phones in Portuguese, Chinese and Arabic each read the question in their language, and one tally counts them', async () => {
    const host = await cls.open('/?class=host&presenter=1&lesson=cells&step=2&lang=es', {
      viewport: PROJECTOR,
    });
    const hp = host.page;
    await hp.getByRole('button', { name: 'Start a class' }).click();
    const code = (await hp.getByTestId('class-code').first().innerText()).trim();
    // The projector's card asks in Spanish.
    await expect
      .poll(() => hp.getByTestId('lesson-card').innerText())
      .toContain(words('es', `${Q}.question`));

    // The join page speaks the phone's language, its messages too.
    const joining = await cls.open('/?join=', { ...PHONE, locale: 'zh-CN' });
    const jp = joining.page;
    await expect
      .poll(() => jp.getByTestId('class-join-page').locator('h2').innerText())
      .toBe(words('zh-CN', 'class.join.title'));
    const wrong = code === 'ZZZZZ' ? 'YYYYY' : 'ZZZZZ';
    await jp.getByLabel(words('zh-CN', 'class.join.label')).fill(wrong);
    await jp
      .getByRole('button', { name: words('zh-CN', 'class.join.submit'), exact: true })
      .click();
    await expect
      .poll(() => jp.getByTestId('class-join-error').innerText(), { timeout: 60_000 })
      .toBe(words('zh-CN', 'class.join.noRoom').replace('{code}', wrong));
    await jp.screenshot({ path: join(SHOTS, 'class-join-zh-CN.png') });
    await joining.context.close();

    const langs = ['pt-BR', 'zh-CN', 'ar'] as const;
    const phones = [];
    for (const locale of langs) {
      const p = await cls.open(`/?join=${code}`, { ...PHONE, locale });
      phones.push(p);
    }
    await expect
      .poll(() => hp.getByTestId('class-students').first().getAttribute('data-count'), {
        timeout: 60_000,
      })
      .toBe('3');
    await hp.getByTestId('class-ask').click();
    const picks = ['dead', 'dead', 'used'];
    for (const [i, p] of phones.entries()) {
      const l = langs[i];
      await p.page.getByTestId('class-option').first().waitFor({ timeout: 60_000 });
      expect((await p.page.locator('.class-prompt').first().innerText()).trim()).toBe(
        words(l, `${Q}.question`),
      );
      for (const id of ['used', 'dead', 'dropped'])
        expect(
          (
            await p.page.locator(`[data-testid=class-option][data-option=${id}]`).innerText()
          ).trim(),
        ).toBe(words(l, `${Q}.option.${id}`));
      expect(await html(p.page)).toEqual([l, l === 'ar' ? 'rtl' : 'ltr']);
      await p.page.locator(`[data-testid=class-option][data-option=${picks[i]}]`).click();
      await p.page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
      await p.page.screenshot({ path: join(SHOTS, `class-phone-${l}.png`) });
    }
    // One tally: 2 and 1, whatever language each answer came in.
    const bar = (option: string) =>
      hp
        .locator(
          `[data-testid=class-bar][data-option=${option}] .class-bar-row.now .class-bar-count`,
        )
        .first()
        .innerText()
        .then((t) => Number(t.trim().split(' ')[0]));
    await expect.poll(() => bar('dead'), { timeout: 60_000 }).toBe(2);
    expect(await bar('used')).toBe(1);
    expect(await bar('dropped')).toBe(0);
    await hp.screenshot({ path: join(SHOTS, 'class-projector-es.png') });

    // The reveal: each phone gives the run's answer and the why in its own language.
    await hp.getByTestId('class-reveal').click();
    for (const [i, p] of phones.entries()) {
      const l = langs[i];
      await p.page.getByTestId('class-student-reveal').waitFor({ timeout: 60_000 });
      expect((await p.page.getByTestId('class-run-answer').innerText()).trim()).toBe(
        words(l, `${Q}.option.dead`),
      );
      await expect
        .poll(() => p.page.getByTestId('class-student-reveal').innerText())
        .toContain(words(l, `${Q}.why`));
      await p.page.screenshot({ path: join(SHOTS, `class-phone-${l}-revealed.png`) });
    }
    for (const p of [host, ...phones]) expect(p.errors).toEqual([]);
  }, 300_000);
});
