// Joining a class as a lecture hall does, in real Chromium against the real class server (the
// built app, `npm run classroom`'s code as a child process on 127.0.0.1 with a temp database):
// a phone (390×844, touch) opens the students' address the terminal prints and finds a join
// page (a code field, no instructor's controls); a code that names no room says so and keeps
// the field, prefilled; the right code typed in lower case with spaces joins. While voting is
// open the projector (1366×768, presenter mode) shows the short /j/CODE address on one line and
// a QR code of at least 200 px, and J shows it large. The results page exports the round as a
// plain CSV table.
// Screenshots go to CLASS_SHOTS or a folder under the system's temporary folder.
import { readFileSync } from 'node:fs';
import axe from 'axe-core';
import { csvParse } from 'd3-dsv';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../src/server/resultsCsv';
import { PHONE, PROJECTOR, classFixture, shot } from './classHarness';
import { pageOverflow } from './harness';

const cls = classFixture();
const { base } = cls;

/** What runs past the page's right edge when the page scrolls sideways (none: []). */
const sideways = async (page: Page) => {
  const o = await pageOverflow(page);
  return o.scroll <= o.client ? [] : o.wide;
};

describe('joining a class', () => {
  it("the students' address opens a join page; a wrong code, then the right one, joins; the projector's address and QR are readable; the CSV is a table", async () => {
    // The terminal prints the students' address: the join page's.
    const printed = /Students \(same network\): +(\S+)/.exec(cls.serverLog())?.[1];
    expect(printed).toBe(`${base()}/j`);

    const hostContext = await cls
      .browser()
      .newContext({ viewport: PROJECTOR, acceptDownloads: true });
    const hp = await hostContext.newPage();
    await hp.goto(`${base()}/?class=host&presenter=1&lesson=cells&step=2`);
    await hp.getByRole('button', { name: 'Start a class' }).click();
    const code = (await hp.getByTestId('class-code').first().innerText()).trim();
    expect(code).toMatch(/^[2-9A-Z]{5}$/);

    const phoneContext = await cls.browser().newContext(PHONE);
    const pp = await phoneContext.newPage();
    const errors: string[] = [];
    pp.on('pageerror', (e) => errors.push(String(e)));
    await pp.goto(printed!);
    const field = pp.getByLabel('Class code');
    await field.waitFor();
    expect(await field.inputValue()).toBe('');
    // A student is offered no instructor's controls.
    expect(await pp.getByTestId('open-class').count()).toBe(0);
    expect(await pp.getByRole('button', { name: 'Start a class' }).count()).toBe(0);
    const join = pp.getByRole('button', { name: 'Join', exact: true });
    const box = await join.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
    await shot(pp, 'join-phone-1-page');
    await pp.setViewportSize({ width: 320, height: 640 });
    expect(await sideways(pp), 'the join page at 320 px').toEqual([]);
    await pp.setViewportSize(PHONE.viewport);

    // A code that names no room: said, and the field is there again, prefilled.
    const wrong = code === 'ZZZZZ' ? 'YYYYY' : 'ZZZZZ';
    await field.fill(wrong.toLowerCase());
    await join.click();
    await expect
      .poll(() => pp.getByTestId('class-join-error').textContent(), { timeout: 60_000 })
      .toBe(`No class has the code ${wrong}. Check it on the projector and type it again.`);
    expect(await pp.getByLabel('Class code').inputValue()).toBe(wrong);
    await shot(pp, 'join-phone-2-no-room');
    // axe-core finds nothing on the join page, its message shown (the source evaluated through
    // the DevTools protocol: the page's CSP refuses inline scripts).
    await pp.evaluate(axe.source);
    const violations = await pp.evaluate(async () => {
      const w = window as unknown as { axe: typeof import('axe-core') };
      const r = await w.axe.run('[data-testid=class-join-page]', { resultTypes: ['violations'] });
      return r.violations.map((v) => `${v.id}: ${v.help}`);
    });
    expect(violations).toEqual([]);
    // Not a code at all: said before anything is sent.
    await pp.getByLabel('Class code').fill('a1');
    await join.click();
    await expect
      .poll(() => pp.getByTestId('class-join-error').textContent())
      .toBe('“a1” is not a class code: it has 4 to 6 letters and digits, as on the projector.');
    // The right code, in lower case with stray spaces, joins.
    await pp.getByLabel('Class code').fill(` ${code.slice(0, 2).toLowerCase()} ${code.slice(2)} `);
    await join.click();
    await expect
      .poll(() => pp.getByTestId('class-student-bar').getAttribute('data-status'), {
        timeout: 60_000,
      })
      .toBe('open');
    expect(await pp.getByTestId('class-room').innerText()).toBe(code);
    // Each side's tab says which room it is in (WCAG 2.4.2).
    expect(await pp.title()).toBe(`Class ${code} · TCP-over-ATM Lab`);
    expect(await hp.title()).toBe(`Live class ${code}, projector · TCP-over-ATM Lab`);
    await expect
      .poll(() => hp.getByTestId('class-students').first().getAttribute('data-count'), {
        timeout: 60_000,
      })
      .toBe('1');

    // Voting open: the short address on one line, the QR code at least 200 px.
    await hp.getByTestId('class-ask').click();
    await pp.getByTestId('class-option').first().waitFor({ timeout: 60_000 });
    // The phone's question at 320 CSS px (WCAG 1.4.10): nothing scrolls sideways.
    await pp.setViewportSize({ width: 320, height: 640 });
    expect(await sideways(pp), 'the question at 320 px').toEqual([]);
    await shot(pp, 'join-phone-4-question-320');
    await pp.setViewportSize(PHONE.viewport);
    const address = hp.getByTestId('class-join-url');
    await expect
      .poll(() => address.innerText())
      .toBe(`${base().replace(/^http:\/\//, '')}/j/${code}`);
    const text = await address.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      const r = el.getBoundingClientRect();
      return {
        lines: lines.size,
        fontSize: parseFloat(getComputedStyle(el).fontSize),
        right: r.right,
        left: r.left,
      };
    });
    expect(text.lines).toBe(1);
    expect(text.fontSize).toBeGreaterThanOrEqual(20);
    expect(text.left).toBeGreaterThanOrEqual(0);
    expect(text.right).toBeLessThanOrEqual(PROJECTOR.width);
    const qr = hp.locator(`svg[data-testid=qr][data-text="${base()}/j/${code}"]`);
    const qrBox = await qr.boundingBox();
    expect(qrBox!.width).toBeGreaterThanOrEqual(200);
    expect(qrBox!.height).toBeGreaterThanOrEqual(200);
    await shot(hp, 'join-projector-voting');

    // J shows the join QR code large, and the key list names it.
    await hp.locator('body').click({ position: { x: 5, y: 5 } });
    await hp.keyboard.press('j');
    await hp
      .getByRole('dialog')
      .filter({ has: hp.locator('svg[data-testid=qr]') })
      .waitFor();
    await hp.keyboard.press('Escape');

    // The phone answers; the results page exports the round as one plain table.
    const option = pp.getByTestId('class-option').first();
    const optionId = await option.getAttribute('data-option');
    const label = (await option.innerText()).trim();
    await option.click();
    await pp.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
    const prompt = (await pp.locator('.class-prompt').first().innerText()).trim();
    const results = await hostContext.newPage();
    await results.goto(`${base()}/?class=results&room=${code}`);
    await results.getByTestId('class-results-question').first().waitFor({ timeout: 60_000 });
    await shot(results, 'join-results');
    const download = results.waitForEvent('download');
    await results.getByTestId('download-csv').click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.split('\n')[0]).toBe(CSV_COLUMNS.join(','));
    const rows = csvParse(csv);
    expect(rows.length).toBe(1);
    expect(rows[0]['Lesson and step']).toMatch(/^.+: .+$/);
    expect(rows[0].Question).toBe(prompt);
    expect(rows[0].Round).toBe('1');
    expect(rows[0].Answered).toBe('1');
    expect(rows[0].Answers).toContain(`${label}: 1`);
    expect(optionId).toBeTruthy();
    expect(errors).toEqual([]);
    await phoneContext.close();
    await hostContext.close();
  }, 480_000);
});
