// A live class end to end, in real Chromium: the app built once, the class server
// (`npm run classroom`'s code) started as a child process on 127.0.0.1 with a temp database,
// one projector page (1366×768, presenter mode) and three phones (390×844, touch) that join by
// the room's code. The projector asks a lesson's prediction, the phones answer, the projector's
// bars count them; a phone reloads and counts once; the server is killed (SIGKILL) and
// restarted on the same database mid-question and every acknowledged answer is still counted;
// the reveal reaches the phones; "Vote again" opens a second round; a student cannot act as the
// host; the results page exports CSV and JSON. Served without the server (a static copy), the
// class features say how to start one and nothing breaks. A dragged-marker (scale) prediction
// shows on the projector as a strip of the phones' markers. Screenshots: a folder under the
// system's temporary folder (or CLASS_SHOTS).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodeChallenge } from '../../src/ui/challenges/challenge';
import type { Opened } from './classHarness';
import { PHONE, PROJECTOR, classFixture, shot } from './classHarness';
import type { StaticServer } from './harness';
import { serveStatic, simTime } from './harness';

const cls = classFixture();
const { base, open, startServer, killServer } = cls;

/** The count a person reads on the projector's bar of an option ("2 (67 %)" → 2). */
async function barCount(page: Page, option: string, round?: number): Promise<number> {
  const row = page.locator(
    `[data-testid=class-bar][data-option=${option}] .class-bar-row${round ? `[data-round="${round}"]` : '.now'} .class-bar-count`,
  );
  const text = (await row.innerText()).trim();
  return Number(text.split(' ')[0]);
}

/** The join code beside an open question is whole: none of its characters cut by its column
 * (its box ends inside the class panel and its text does not overflow it). */
async function expectCodeWhole(page: Page) {
  const fit = await page.getByTestId('class-code').evaluate((el) => {
    const r = el.getBoundingClientRect();
    // In the class panel, or on the board above the views (a lesson's, while voting is open).
    const host = el.closest('[data-testid="class-host"], [data-testid="class-board-join"]')!;
    const cs = getComputedStyle(host);
    // The panel's content box: its padding is the margin the code must keep.
    const panel =
      host.getBoundingClientRect().right -
      parseFloat(cs.paddingRight) -
      parseFloat(cs.borderRightWidth);
    return { over: el.scrollWidth - el.clientWidth, right: r.right, panel };
  });
  expect(fit.over).toBeLessThanOrEqual(0);
  expect(fit.right).toBeLessThanOrEqual(fit.panel);
}

/**
 * The projector shows the class's side of the question whole, as the room reads it: the
 * question, the count, every bar of every round (or the strip), the run's answer once revealed
 * and the class's buttons are each inside the viewport, not clipped by the card's scrolling
 * text, and on top (elementFromPoint at their centre and corners finds them). Returns what was
 * not, by name.
 */
async function classHidden(page: Page, revealed = false): Promise<string[]> {
  return page.evaluate((revealed) => {
    // On a wide screen the class's answers are on the board under the playback bar.
    const q =
      document.querySelector('[data-testid=class-board]') ??
      document.querySelector('[data-testid=class-question]')!;
    const targets: Array<[string, Element]> = [
      ['the question', q.querySelector('.class-prompt')!],
      ['the count', q.querySelector('[data-testid=class-answered]')!],
    ];
    q.querySelectorAll('[data-testid=class-bar]').forEach((li) => {
      targets.push([
        `label ${li.getAttribute('data-option')}`,
        li.querySelector('.class-bar-label')!,
      ]);
      li.querySelectorAll('.class-bar-row').forEach((r) =>
        targets.push([`bar ${li.getAttribute('data-option')} R${r.getAttribute('data-round')}`, r]),
      );
    });
    q.querySelectorAll('[data-testid=class-strip]').forEach((r) =>
      targets.push([`strip R${r.getAttribute('data-round')}`, r]),
    );
    const out: string[] = [];
    // The view the step is about (outlined) is whole below the sticky bar and its board, after
    // the board appeared or grew.
    const focus = document.querySelector('.story-focus');
    const bar = document.querySelector('.sticky-top')!.getBoundingClientRect();
    if (focus) {
      const f = focus.getBoundingClientRect();
      if (f.top < bar.bottom - 1 || f.bottom > innerHeight + 1)
        out.push(
          `the outlined view: ${Math.round(f.top)}..${Math.round(f.bottom)} under a bar to ${Math.round(bar.bottom)}`,
        );
    }
    if (!targets.some(([name]) => name.startsWith('bar ') || name.startsWith('strip ')))
      out.push('no bar or strip');
    const run = q.querySelector('[data-testid=class-revealed]');
    if (run) targets.push(['the run', run]);
    if (!!run !== revealed) out.push(revealed ? 'no run answer' : 'the run answer shows');
    // The instructor's buttons, and the join code and count for latecomers, stay in sight too:
    // each exactly once (Reveal only until the answer is revealed).
    const once = ['class-revote', 'class-code', 'class-students'];
    for (const id of revealed ? once : ['class-reveal', ...once]) {
      const all = document.querySelectorAll(`[data-testid=${id}]`);
      if (all.length !== 1) out.push(`${id}: ${all.length} on the page`);
      all.forEach((b) => targets.push([id, b]));
    }
    for (const [name, el] of targets) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) {
        out.push(`${name}: not drawn`);
        continue;
      }
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ];
      const hidden = points.some(([x, y]) => {
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
        const hit = document.elementFromPoint(x, y);
        // The element or one of its own descendants is on top there (an ancestor's padding
        // or an overlay is not).
        return !hit || !(el === hit || el.contains(hit));
      });
      if (hidden) out.push(`${name}: hidden (${Math.round(r.top)}..${Math.round(r.bottom)})`);
    }
    return out;
  }, revealed);
}

const answered = async (page: Page) =>
  Number(await page.getByTestId('class-answered-n').innerText());

describe('a live class', () => {
  it('joins by code, answers, survives a reload and a SIGKILL, reveals, votes again, exports', async () => {
    // The projector: a lesson's prediction step, in presenter mode.
    const host = await open('/?class=host&presenter=1&lesson=cells&step=2', {
      viewport: PROJECTOR,
    });
    const hp = host.page;
    await hp.getByRole('button', { name: 'Start a class' }).click();
    const code = (await hp.getByTestId('class-code').innerText()).trim();
    expect(code).toMatch(/^[23456789A-HJ-NP-Z]{4,6}$/);
    // The QR code encodes the room's short join link (the server redirects it to the join page).
    expect(await hp.getByTestId('qr').first().getAttribute('data-text')).toBe(
      `${base()}/j/${code}`,
    );
    expect(await hp.getByTestId('loopback-warning').first().isVisible()).toBe(true);
    // Before the lesson's first question the join code is large, to scan from the back.
    expect((await hp.getByTestId('qr').first().boundingBox())!.width).toBeGreaterThanOrEqual(200);

    // Three phones join by the code: no name, no account.
    const phones: Opened[] = [];
    for (let i = 0; i < 3; i++) phones.push(await open(`/?join=${code.toLowerCase()}`, PHONE));
    await expect
      .poll(() => hp.getByTestId('class-students').getAttribute('data-count'), {
        timeout: 60_000,
      })
      .toBe('3');
    expect((await hp.getByTestId('class-students').innerText()).trim()).toBe('3 students');
    // Each phone follows the projector's step: the same lesson card, waiting for the question.
    for (const p of phones) {
      await p.page.getByTestId('class-wait').waitFor();
      expect(await p.page.getByTestId('lesson-card').getAttribute('data-step')).toBe('1');
      expect(await p.page.getByTestId('lesson-predict').count()).toBe(0);
    }
    await shot(hp, 'projector-1-joined');
    await shot(phones[0].page, 'phone-1-joined');

    // Ask: the question reaches every phone.
    await hp.getByTestId('class-ask').click();
    const picks = ['dead', 'dead', 'used'];
    for (const [i, p] of phones.entries()) {
      const option = p.page.locator(`[data-testid=class-option][data-option=${picks[i]}]`);
      await option.click();
      // The answer is acknowledged (stored by the server), said on the phone.
      await p.page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
      // Big enough for a thumb.
      const box = (await option.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await expect.poll(() => answered(hp), { timeout: 60_000 }).toBe(3);
    expect(await barCount(hp, 'dead')).toBe(2);
    expect(await barCount(hp, 'used')).toBe(1);
    expect(await barCount(hp, 'dropped')).toBe(0);
    // No answer shown yet.
    expect(await hp.getByTestId('class-revealed').count()).toBe(0);
    // The small join code beside the question stays whole in presenter mode.
    await expectCodeWhole(hp);
    // The room reads the question, the count and every option's bar without a scroll.
    await expect.poll(() => classHidden(hp), { timeout: 60_000 }).toEqual([]);
    await shot(hp, 'projector-2-question-open');
    await shot(phones[0].page, 'phone-2-question-open');
    // The question is readable without scrolling on the phone: its options are on screen.
    const opts = await phones[2].page.getByTestId('class-option').all();
    for (const o of opts) {
      const b = (await o.boundingBox())!;
      expect(b.y + b.height).toBeLessThanOrEqual(844);
    }

    // A phone reloads: it is the same student, its answer shows and counts once.
    await phones[0].page.reload();
    await phones[0].page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
    expect(await phones[0].page.getByTestId('class-mine').innerText()).toContain(
      'They cross the link, but the receiver discards the frame',
    );
    await phones[0].page.locator('[data-testid=class-option][data-option=dead]').click();
    await phones[0].page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
    await expect.poll(() => hp.getByTestId('class-students').getAttribute('data-count')).toBe('3');
    expect(await answered(hp)).toBe(3);
    expect(await barCount(hp, 'dead')).toBe(2);

    // The third student changes its mind; once acknowledged, the server is killed.
    await phones[2].page.locator('[data-testid=class-option][data-option=dropped]').click();
    await phones[2].page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
    await expect.poll(() => barCount(hp, 'dropped')).toBe(1);
    await killServer();
    await hp.getByTestId('class-status').waitFor();
    expect(await hp.getByTestId('class-status').innerText()).toContain('Reconnecting');
    await startServer();
    // Every page reconnects by itself; the room resumes with every acknowledged answer.
    await expect.poll(() => hp.getByTestId('class-status').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => answered(hp), { timeout: 60_000 }).toBe(3);
    expect(await barCount(hp, 'dead')).toBe(2);
    expect(await barCount(hp, 'used')).toBe(0);
    expect(await barCount(hp, 'dropped')).toBe(1);
    for (const p of phones)
      await expect
        .poll(() => p.page.getByTestId('class-student-bar').getAttribute('data-status'), {
          timeout: 30_000,
        })
        .toBe('open');
    await expect
      .poll(() => hp.getByTestId('class-students').getAttribute('data-count'), {
        timeout: 60_000,
      })
      .toBe('3');

    // A student cannot act as the host: the host page without the token controls nothing…
    const intruder = await open(`/?class=host&room=${code}`, PHONE);
    await intruder.page.getByTestId('class-no-control').waitFor();
    expect(await intruder.page.getByTestId('class-ask').count()).toBe(0);
    expect(await intruder.page.getByTestId('class-push').count()).toBe(0);
    // …and a forged host message over the socket is refused, changing nothing.
    const refused = await forge(code);
    expect(refused).toEqual(['token', 'forbidden']);
    expect(await answered(hp)).toBe(3);
    expect(await phones[0].page.getByTestId('class-student-reveal').count()).toBe(0);

    // Reveal: the run plays to the moment; the answer reaches the phones.
    await hp.getByTestId('class-reveal').click();
    await hp.getByTestId('class-revealed').waitFor({ timeout: 60_000 });
    expect(await hp.getByTestId('class-run-answer').innerText()).toBe(
      'They cross the link, but the receiver discards the frame',
    );
    for (const [i, p] of phones.entries()) {
      await p.page.getByTestId('class-student-reveal').waitFor({ timeout: 60_000 });
      expect(await p.page.getByTestId('class-run-answer').innerText()).toBe(
        'They cross the link, but the receiver discards the frame',
      );
      expect(await p.page.getByTestId('class-verdict').innerText()).toBe(
        i < 2 ? '✓ Your answer matches the run' : '✗ Your answer differs from the run',
      );
    }
    await shot(hp, 'projector-3-reveal');
    await expect.poll(() => classHidden(hp, true), { timeout: 60_000 }).toEqual([]);
    await shot(phones[2].page, 'phone-3-reveal');

    // Vote again: round 2; the projector shows both rounds.
    await hp.getByTestId('class-revote').click();
    for (const p of phones) await p.page.getByTestId('class-round').waitFor();
    await phones[2].page.locator('[data-testid=class-option][data-option=dead]').click();
    await phones[1].page.locator('[data-testid=class-option][data-option=dead]').click();
    await expect.poll(() => answered(hp), { timeout: 60_000 }).toBe(2);
    expect(await barCount(hp, 'dead', 2)).toBe(2);
    expect(await barCount(hp, 'dead', 1)).toBe(2);
    expect(await barCount(hp, 'dropped', 1)).toBe(1);
    expect(await barCount(hp, 'dropped', 2)).toBe(0);
    await expect.poll(() => classHidden(hp), { timeout: 60_000 }).toEqual([]);
    await shot(hp, 'projector-4-second-round');
    await shot(phones[2].page, 'phone-4-second-round');

    // The results page: both rounds, and the exports.
    const rp = await host.context.newPage();
    await rp.goto(`${base()}/?class=results&room=${code}`);
    await rp.getByTestId('class-results-question').waitFor();
    // Three phones and the forging Node client, which joined as a student.
    expect(await rp.getByTestId('class-results-students').innerText()).toBe('4');
    const q = rp.getByTestId('class-results-question');
    expect(await q.getAttribute('data-qid')).toBe('cells.cells-rest');
    expect(await q.locator('.class-bar-row[data-round="1"]').count()).toBe(3);
    expect(await q.locator('.class-bar-row[data-round="2"]').count()).toBe(3);
    await shot(rp, 'projector-5-results');
    const [csvDl] = await Promise.all([
      rp.waitForEvent('download'),
      rp.getByTestId('download-csv').click(),
    ]);
    const csv = readFileSync((await csvDl.path())!, 'utf8');
    // Both rounds, each a row naming the lesson's step (resultsCsv.ts; exact in results.test.ts).
    expect(csv.split('\n').filter((l) => l.startsWith('Cells and AAL5')).length).toBe(2);
    // Nothing identifies a student: their anonymous ids are in no export.
    const ids = await Promise.all(
      phones.map((p) => p.page.evaluate(() => localStorage.getItem('tal.class.student'))),
    );
    for (const id of ids) expect(id && csv.includes(id)).toBe(false);
    const [jsonDl] = await Promise.all([
      rp.waitForEvent('download'),
      rp.getByTestId('download-json').click(),
    ]);
    const jsonText = readFileSync((await jsonDl.path())!, 'utf8');
    for (const id of ids) expect(id && jsonText.includes(id)).toBe(false);
    const json = JSON.parse(jsonText);
    const rounds = json.questions[0].rounds;
    expect(rounds.map((r: { answered: number }) => r.answered)).toEqual([3, 2]);
    expect(rounds[0].counts).toEqual({ used: 0, dead: 2, dropped: 1 });
    // The results page follows the projector's theme: its Results link carries it.
    expect(await hp.getByTestId('class-results-link').getAttribute('href')).toContain('theme=');
    await rp.goto(`${base()}/?class=results&room=${code}&theme=dark`);
    await rp.getByTestId('class-results-question').waitFor();
    expect(await rp.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const bg = await rp.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b, bg).toBeLessThan(200);
    await shot(rp, 'projector-5-results-dark');
    // A phone's view of the results page: no token, no results.
    const sp = await phones[0].context.newPage();
    await sp.goto(`${base()}/?class=results&room=${code}`);
    await sp.getByTestId('class-results-error').waitFor();
    await shot(sp, 'phone-5-results-refused');

    // Send to class: a challenge runs on every phone (at Max: its link names no speed); each
    // attempt reaches the projector.
    const encoded = encodeChallenge({
      title: 'Smallest buffer, any efficiency',
      question: 'Run it once.',
      locked: {},
      hidden: { duration: '0.3' },
      metric: 'efficiency',
      comparator: '>=',
      target: 0,
      optimise: { key: 'bufferCells', dir: 'min' },
    });
    await hp.goto(
      `${base()}/?preset=s0-testbed&duration=0.3&bufferCells=900&challenge=${encoded}&presenter=1&class=host&room=${code}`,
    );
    await hp.getByTestId('class-push').click();
    for (const p of phones) {
      await p.page.getByTestId('challenge-goal').waitFor({ timeout: 60_000 });
      expect(p.page.url()).toContain('bufferCells=900');
      expect(p.page.url()).toContain('speed=max');
      // The second round is still open, but the pushed challenge replaces it on the phone.
      expect(await p.page.getByTestId('class-student-question').count()).toBe(0);
    }
    await expect
      .poll(
        () =>
          hp
            .getByTestId('class-passed')
            .innerText()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toBe('3');
    // On the projector the class's attempts are on the board across the views: the count, the
    // best value and a dot per passing student's best (three at 900 cells, stacked).
    const board = hp.getByTestId('class-board-challenge');
    expect(await board.innerText()).toContain(
      'Smallest buffer, any efficiency: 3 of 3 students passed · 3 attempts: 3 passed, 0 failed',
    );
    expect(await board.getByTestId('class-best').innerText()).toBe(
      'Best Buffer size K: 900 cells · 3 passing students',
    );
    expect(await board.getByTestId('class-strip').getAttribute('data-count')).toBe('3');
    const dots = await board.locator('.class-dot').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return [Math.round(r.left), Math.round(r.top)];
      }),
    );
    expect(new Set(dots.map(([x]) => x)).size).toBe(1);
    expect(new Set(dots.map(([, y]) => y)).size).toBe(3);
    const bb = (await board.boundingBox())!;
    expect(bb.y).toBeGreaterThanOrEqual(0);
    expect(bb.y + bb.height).toBeLessThanOrEqual(PROJECTOR.height);
    await shot(hp, 'projector-6-challenge');
    await shot(phones[0].page, 'phone-6-challenge');
    // Any link's QR code is one click away, and a loopback address is flagged.
    await hp.getByTestId('qr-button').first().click();
    const dialog = hp.getByTestId('qr-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('qr').getAttribute('data-text')).toContain(`${base()}/?v=1&`);
    expect(await dialog.getByTestId('loopback-warning').isVisible()).toBe(true);

    for (const o of [host, ...phones, intruder])
      expect(o.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
    for (const o of [host, ...phones, intruder]) await o.context.close();
  }, 800_000);
});

describe('a live class, a dragged-marker prediction', () => {
  it('the phones drag their markers; the projector shows a strip of them, then the run', async () => {
    // Plain UBR's efficiency after 20 s: a scale from 0 % to 100 % in steps of 1 %.
    const host = await open('/?class=host&presenter=1&lesson=ubr-collapse&step=2', {
      viewport: PROJECTOR,
    });
    const hp = host.page;
    await hp.getByRole('button', { name: 'Start a class' }).click();
    const code = (await hp.getByTestId('class-code').innerText()).trim();
    const phones: Opened[] = [];
    for (let i = 0; i < 3; i++) phones.push(await open(`/?join=${code}`, PHONE));
    await expect
      .poll(() => hp.getByTestId('class-students').getAttribute('data-count'), {
        timeout: 60_000,
      })
      .toBe('3');
    // On a phone, "Explore" stays in reach in the lesson card's head when the page has scrolled
    // to its foot (the bar at the top of the page is out of sight).
    const p0 = phones[0].page;
    await p0.getByTestId('class-wait').waitFor();
    await p0.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const explore = (await p0.getByTestId('class-explore-card').boundingBox())!;
    expect(explore.y).toBeGreaterThanOrEqual(0);
    expect(explore.y + explore.height).toBeLessThanOrEqual(844);
    expect((await p0.getByTestId('class-student-bar').boundingBox())!.y).toBeLessThan(0);
    await p0.getByTestId('class-explore-card').click();
    await p0.getByTestId('class-follow-card').click();
    await p0.getByTestId('class-explore-card').waitFor();
    await shot(p0, 'phone-scale-1-joined-scrolled');

    // The instructor's own prediction, before asking: 40 % (none until the marker moves).
    expect(await hp.getByTestId('class-own-value').innerText()).toBe('none');
    await hp.getByTestId('class-own-scale').focus();
    await hp.keyboard.press('Home');
    for (let k = 0; k < 40; k++) await hp.keyboard.press('ArrowRight');
    expect(await hp.getByTestId('class-own-value').innerText()).toBe('40.0 %');
    await hp.getByTestId('class-ask').click();
    // Each phone drags its marker with the keys (Home, then → by 1 %) and sends it.
    const marks = [20, 30, 30];
    for (const [i, p] of phones.entries()) {
      const range = p.page.locator('[data-testid=class-student-question] input[type=range]');
      await range.focus();
      await p.page.keyboard.press('Home');
      for (let k = 0; k < marks[i]; k++) await p.page.keyboard.press('ArrowRight');
      await p.page.getByTestId('class-send').click();
      await p.page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
      expect(await p.page.getByTestId('class-mine').innerText()).toContain(`${marks[i]}.0 %`);
    }
    await shot(phones[1].page, 'phone-scale-2-question');
    // The projector: one strip, three markers, where the answers lie on the 0–100 % axis; no
    // answer yet.
    const strip = hp.locator('[data-testid=class-strip][data-round="1"]');
    await expect.poll(() => strip.getAttribute('data-count'), { timeout: 60_000 }).toBe('3');
    expect(await answered(hp)).toBe(3);
    const sb = (await strip.boundingBox())!;
    const dots = await strip.locator('.class-dot').all();
    const at: number[] = [];
    for (const d of dots) {
      const b = (await d.boundingBox())!;
      at.push(Math.round((100 * (b.x + b.width / 2 - sb.x)) / sb.width));
    }
    expect(at.sort((a, b) => a - b)).toEqual([20, 30, 30]);
    expect(await strip.locator('.class-mark.answer').count()).toBe(0);
    // While voting is open the code stays scannable from the back of a hall (200 px or more);
    // "Show QR" shows it larger still over the page.
    expect((await hp.getByTestId('qr').first().boundingBox())!.width).toBeGreaterThanOrEqual(200);
    await expectCodeWhole(hp);
    await expect.poll(() => classHidden(hp), { timeout: 60_000 }).toEqual([]);
    await shot(hp, 'projector-scale-2-question');
    await hp.getByRole('button', { name: 'Show QR' }).click();
    const big = hp.getByTestId('qr-dialog').getByTestId('qr');
    expect((await big.boundingBox())!.width).toBeGreaterThanOrEqual(400);
    await shot(hp, 'projector-scale-2b-show-qr');
    await hp.getByTestId('qr-dialog').getByRole('button', { name: 'Close' }).click();

    // A student changes their answer while the server is down (killed): the phone says it is
    // sending, and once the server is back it is stored, counted and shown as theirs (the
    // welcome's older record does not replace it on the phone).
    await killServer();
    await expect
      .poll(() => p0.getByTestId('class-student-bar').getAttribute('data-status'), {
        timeout: 60_000,
      })
      .toBe('reconnecting');
    const range0 = p0.locator('[data-testid=class-student-question] input[type=range]');
    await range0.focus();
    await p0.keyboard.press('Home');
    for (let k = 0; k < 25; k++) await p0.keyboard.press('ArrowRight');
    await p0.getByTestId('class-send').click();
    expect(await p0.getByTestId('class-mine').getAttribute('data-saved')).toBe('0');
    expect(await p0.getByTestId('class-mine').innerText()).toContain('25.0 %');
    await startServer();
    await p0.locator('[data-testid=class-mine][data-saved="1"]').waitFor({ timeout: 60_000 });
    expect(await p0.getByTestId('class-mine').innerText()).toContain('25.0 %');
    await expect
      .poll(
        async () => {
          const sb = (await strip.boundingBox())!;
          const xs: number[] = [];
          for (const d of await strip.locator('.class-dot').all()) {
            const b = (await d.boundingBox())!;
            xs.push(Math.round((100 * (b.x + b.width / 2 - sb.x)) / sb.width));
          }
          return xs.sort((a, b) => a - b);
        },
        { timeout: 60_000 },
      )
      .toEqual([25, 30, 30]);
    await expect.poll(() => hp.getByTestId('class-status').count(), { timeout: 60_000 }).toBe(0);

    // Reveal: the run's efficiency is marked on the strip and reaches the phones.
    await hp.getByTestId('class-reveal').click();
    await hp.getByTestId('class-revealed').waitFor({ timeout: 90_000 });
    await strip.locator('.class-mark.answer').waitFor();
    const run = await hp.getByTestId('class-run-answer').innerText();
    expect(run).toMatch(/^\d+\.\d %$/);
    expect(await hp.getByTestId('class-strips').innerText()).toContain(`the run: ${run}`);
    // The instructor's prediction beside the class's and the run's: marked at 40 % of the strip.
    expect(await hp.getByTestId('class-strips').innerText()).toContain('instructor: 40.0 %');
    const mine = (await strip.locator('.class-mark.instructor').boundingBox())!;
    const sb2 = (await strip.boundingBox())!;
    expect(Math.round((100 * (mine.x + mine.width / 2 - sb2.x)) / sb2.width)).toBe(40);
    for (const p of phones) {
      await p.page.getByTestId('class-student-reveal').waitFor({ timeout: 60_000 });
      expect(await p.page.getByTestId('class-run-answer').innerText()).toBe(run);
    }
    await expect.poll(() => classHidden(hp, true), { timeout: 60_000 }).toEqual([]);
    await shot(hp, 'projector-scale-3-reveal');
    await shot(phones[0].page, 'phone-scale-3-reveal');
    for (const o of [host, ...phones])
      expect(o.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
    for (const o of [host, ...phones]) await o.context.close();
  }, 800_000);
});

/** A Node client: hello as host with a wrong token, then a reveal from a student. */
async function forge(code: string): Promise<string[]> {
  const codes: string[] = [];
  const run = (hello: object, then: object | null) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(cls.wsUrl());
      ws.on('open', () => ws.send(JSON.stringify(hello)));
      ws.on('message', (d) => {
        const m = JSON.parse(String(d));
        if (m.type === 'error') {
          codes.push(m.code);
          ws.close();
        } else if (m.type === 'welcome' && then) ws.send(JSON.stringify(then));
      });
      ws.on('close', () => resolve());
      ws.on('error', reject);
    });
  await run({ type: 'hello', role: 'host', room: code, token: 'A'.repeat(43) }, null);
  await run(
    { type: 'hello', role: 'student', room: code, student: 'forger-0001' },
    { type: 'reveal', qid: 'cells.cells-rest', answer: 'used' },
  );
  return codes;
}

describe('a live class on a narrow screen', () => {
  it('a 1024×768 projector (the card is a sheet) shows the question, the count and the bars in its card', async () => {
    const host = await open('/?class=host&lesson=cells&step=2', {
      viewport: { width: 1024, height: 768 },
    });
    const hp = host.page;
    await hp.getByRole('button', { name: 'Start a class' }).click();
    const code = (await hp.getByTestId('class-code').innerText()).trim();
    // No board under the bar here: the join code stays in the class panel.
    expect(await hp.getByTestId('class-board-join').count()).toBe(0);
    const phone = await open(`/?join=${code}`, PHONE);
    await expect.poll(() => hp.getByTestId('class-students').getAttribute('data-count')).toBe('1');
    await hp.getByTestId('class-ask').click();
    await phone.page.locator('[data-testid=class-option][data-option=dead]').click();
    await phone.page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
    await expect.poll(() => answered(hp), { timeout: 60_000 }).toBe(1);
    expect(await hp.getByTestId('class-board').count()).toBe(0);
    const card = hp.getByTestId('lesson-card');
    expect(await card.getByTestId('class-bars').count()).toBe(1);
    expect(await barCount(hp, 'dead')).toBe(1);
    await hp.waitForTimeout(300); // the bars' 0.2 s transition, for the screenshot
    await shot(hp, 'narrow-projector-question-open');
    for (const o of [host, phone])
      expect(o.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
    for (const o of [host, phone]) await o.context.close();
  }, 180_000);
});

describe('without the class server', () => {
  let stat: StaticServer;
  beforeAll(async () => {
    stat = await serveStatic(cls.appDir(), '/');
  });
  afterAll(async () => {
    await stat?.close();
  });

  it('"Start a class" says how to start one; no socket, no console error', async () => {
    for (const [path, options] of [
      ['/?class=host', { viewport: PROJECTOR }],
      ['/?join=ABCDE', PHONE],
    ] as const) {
      const context = await cls.browser().newContext(options);
      const page = await context.newPage();
      const errors: string[] = [];
      const sockets: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('websocket', (w) => sockets.push(w.url()));
      await page.goto(stat.origin + path);
      const box = page.getByTestId('class-no-server');
      await box.waitFor();
      expect(await box.innerText()).toContain('npm run classroom');
      // The app still runs its simulation.
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
      await page.waitForTimeout(1500);
      expect(sockets).toEqual([]);
      expect(errors).toEqual([]);
      await shot(page, path.includes('join') ? 'phone-0-no-server' : 'projector-0-no-server');
      await context.close();
    }
  }, 120_000);
});
