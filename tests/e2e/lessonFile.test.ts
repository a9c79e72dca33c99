// A lesson of the instructor's own, in real Chromium: written in the app (the moment on screen
// added as a step, its words typed, a scale question tied to the efficiency), its link copied
// and opened in a fresh page on a projector and on a phone, where the lesson plays to its pause
// instants, asks the question with the efficiency hidden and shows the run's answer after the
// commit. A broken lesson link names the field and leaves the app running a preset.
import LZString from 'lz-string';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { openPage, simTime, startHarness } from './harness';
import { PHONE, PROJECTOR, classFixture, shot } from './classHarness';
import { wcagProblems } from './axe';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const cls = classFixture();

const SCENARIO = 'preset=s0-small-buffer&policy=tail-drop&duration=20';
const SHOTS = process.env.LESSON_SHOTS;

/** Opens the writer from the lesson gallery, the run paused at `t`. */
async function openWriter(page: Page, t: number) {
  await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(t);
  await page.getByTestId('open-gallery').click();
  await page.getByTestId('write-lesson').click();
  await page.getByTestId('writer').waitFor();
}

const tile = (page: Page, k: string) => page.locator(`.metrics [data-metric="${k}"] .metric-value`);

describe('a lesson written in the app', () => {
  let link = '';

  it('is built from two paused moments, survives a reload, and gives a link', async () => {
    const { page, errors, close } = await openPage(h, `/?${SCENARIO}&t=0.5`, {
      viewport: { width: 1366, height: 768 },
    });
    await openWriter(page, 0.5);
    await page.getByLabel('Lesson title').fill('My buffer lesson');
    await page.getByTestId('writer-add').click();
    const first = page.getByTestId('writer-step').nth(0);
    expect(await first.textContent()).toContain('Pauses at 0.5 s');
    await first.getByLabel('Title').fill('The buffer fills');
    await first.getByLabel('What to look at').fill('Watch the switch buffer overflow.');
    // Another moment: the page reopened at t = 2 (the draft kept in localStorage).
    await page.goto(`${h.base}/?${SCENARIO}&t=2`);
    await openWriter(page, 2);
    expect(await page.getByLabel('Lesson title').inputValue()).toBe('My buffer lesson');
    await page.getByTestId('writer-add').click();
    const second = page.getByTestId('writer-step').nth(1);
    expect(await second.textContent()).toContain('Pauses at 2 s');
    await second.getByLabel('Title').fill('Efficiency at 2 s');
    await second.getByLabel('What to look at').fill('Guess the efficiency first.');
    await second.getByLabel('Question', { exact: true }).selectOption('scale');
    await second.getByLabel('Question asked before the run plays').fill('Efficiency at 2 s?');
    expect(await second.getByLabel('Metric that answers it').inputValue()).toBe('efficiency');
    await expect.poll(() => page.getByTestId('writer-link').count()).toBe(1);
    link = await page.getByTestId('writer-link').inputValue();
    expect(link).toContain('lessonFile=');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/writer-1366.png`, fullPage: false });
    expect(await wcagProblems(page, 'the lesson writer, light, 1366×768')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('writer').scrollIntoViewIfNeeded();
    expect(await wcagProblems(page, 'the lesson writer, light, 390×844')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/writer-390.png`, fullPage: false });
    expect(errors).toEqual([]);
    await close();
  }, 240_000);

  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ])
    it(`opens from its link at ${viewport.width}×${viewport.height}: plays, pauses, asks, reveals`, async () => {
      expect(link).not.toBe('');
      const { page, errors, close } = await openPage(h, `/${new URL(link).search}`, { viewport });
      const card = page.getByTestId('lesson-card');
      await card.waitFor();
      expect(await page.getByTestId('lesson-step-title').textContent()).toBe('The buffer fills');
      // The run plays to the first pause instant and pauses there.
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
      await expect.poll(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Next ›' }).click();
      await expect
        .poll(() => page.getByTestId('lesson-step-title').textContent())
        .toBe('Efficiency at 2 s');
      // The question is open: the efficiency is hidden, the run waits at the first pause.
      await expect.poll(() => tile(page, 'efficiency').textContent()).toBe('Hidden');
      expect(await simTime(page)).toBe(0.5);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/step-${viewport.width}.png` });
      await page.getByRole('button', { name: 'Commit and run' }).click();
      await expect
        .poll(() => page.getByTestId('lesson-answer').count(), { timeout: 90_000 })
        .toBe(1);
      expect(await simTime(page)).toBe(2);
      const answer = (await page.getByTestId('lesson-answer').textContent())!;
      expect(answer).toMatch(/^\d+(\.\d+)? %$/);
      // The same figure as the metrics panel's, now shown again.
      const shown = (await tile(page, 'efficiency').textContent())!;
      expect(shown).not.toBe('Hidden');
      expect(Math.round(parseFloat(shown))).toBe(Math.round(parseFloat(answer)));
      expect(errors).toEqual([]);
      await close();
    }, 300_000);

  it('runs in the live class: the projector opens its link, the phones follow its steps and answer its question', async () => {
    expect(link).not.toBe('');
    const search = new URL(link).search.slice(1);
    const host = await cls.open(`/?class=host&presenter=1&${search}`, { viewport: PROJECTOR });
    const hp = host.page;
    await hp.getByRole('button', { name: 'Start a class' }).click();
    const code = (await hp.getByTestId('class-code').innerText()).trim();
    const phones = [
      await cls.open(`/?join=${code}`, PHONE),
      await cls.open(`/?join=${code}`, PHONE),
    ];
    await expect
      .poll(() => hp.getByTestId('class-students').getAttribute('data-count'), {
        timeout: 60_000,
      })
      .toBe('2');
    // The phones have only the room's code: the lesson's file comes from the class server, and
    // each phone shows its card at the projector's step (the link on the phone carries it).
    for (const p of phones) {
      await expect
        .poll(() => p.page.getByTestId('lesson-step-title').textContent(), { timeout: 60_000 })
        .toBe('The buffer fills');
      expect(await p.page.locator('#lesson-title').textContent()).toBe('My buffer lesson');
      expect(new URL(p.page.url()).searchParams.get('lessonFile')).not.toBeNull();
    }
    // Next on the projector: the phones follow to the step with the question.
    await expect.poll(() => simTime(hp), { timeout: 60_000 }).toBe(0.5);
    await hp.getByRole('button', { name: 'Next ›' }).click();
    for (const p of phones)
      await expect
        .poll(() => p.page.getByTestId('lesson-step-title').textContent(), { timeout: 60_000 })
        .toBe('Efficiency at 2 s');
    await hp.getByTestId('class-ask').click();
    for (const [i, p] of phones.entries()) {
      const range = p.page.locator('[data-testid=class-student-question] input[type=range]');
      await range.focus();
      await p.page.keyboard.press('Home');
      for (let k = 0; k < 10 * (i + 1); k++) await p.page.keyboard.press('ArrowRight');
      await p.page.getByTestId('class-send').click();
      await p.page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
    }
    await expect
      .poll(() => hp.getByTestId('class-answered-n').innerText(), { timeout: 60_000 })
      .toBe('2');
    await shot(hp, 'own-lesson-projector-question');
    await shot(phones[0].page, 'own-lesson-phone-question');
    // axe (WCAG 2.2 A/AA) on the projector's question and both phones' lesson card.
    expect(await wcagProblems(hp, 'the class projector, a question open, light, 1366×768')).toEqual(
      [],
    );
    expect(await wcagProblems(phones[0].page, 'a phone in class, light, 390×844')).toEqual([]);
    expect(await wcagProblems(phones[1].page, 'a phone in class, dark, 390×844')).toEqual([]);
    for (const o of [host, ...phones]) {
      expect(o.errors).toEqual([]);
      expect(await o.page.getByTestId('class-lesson-error').count()).toBe(0);
    }
  }, 480_000);

  it('a broken lesson link names the field, and the app still runs a preset', async () => {
    const bad = {
      format: 'tcp-over-atm-lab/lesson',
      version: 1,
      title: 'Broken',
      steps: [{ title: 'a', text: 'b', scenario: 'preset=s0-testbed', pauseAt: -1 }],
    };
    const enc = LZString.compressToEncodedURIComponent(JSON.stringify(bad));
    const { page, close } = await openPage(h, `/?preset=s0-testbed&duration=2&lessonFile=${enc}`, {
      viewport: { width: 1366, height: 768 },
    });
    const issues = page.getByTestId('url-issues');
    await issues.waitFor();
    expect(await issues.textContent()).toContain(
      'lessonFile: steps[0].pauseAt: must be a number of seconds ≥ 0',
    );
    expect(await page.getByTestId('lesson-card').count()).toBe(0);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
    // "Open a lesson file…": a broken file lists its errors; a good one opens its lesson.
    await page.getByTestId('open-gallery').click();
    const input = page.getByTestId('lesson-file-input');
    await input.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bad)),
    });
    const listed = page.getByTestId('lesson-file-errors');
    await listed.waitFor();
    expect(await listed.textContent()).toContain(
      'steps[0].pauseAt: must be a number of seconds ≥ 0',
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/gallery-1366.png` });
    const good = { ...bad, title: 'From a file', steps: [{ ...bad.steps[0], pauseAt: 0.2 }] };
    await input.setInputFiles({
      name: 'good.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(good)),
    });
    await page.getByTestId('lesson-card').waitFor();
    expect(await page.locator('#lesson-title').textContent()).toBe('From a file');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.2);
    await close();
  }, 240_000);
});
