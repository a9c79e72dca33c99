// A class from its start to its end, in real Chromium against the real class server (the
// built app, `npm run classroom`'s code as a child process on 127.0.0.1 with a temp
// database): a projector (1366×768, presenter mode) and three phones (390×844, touch). Pause
// reaches the phones (no vote), resume lets them vote; the server is killed (SIGKILL) and
// started again on the same database, and `/?class=host` in the projector's browser offers to
// resume the room; resumed, it counts every answer and the phones still show theirs; "Clear
// question" takes the question off the phones; "End class" shows the phones that the class has
// ended, with a link to explore on their own; the past classes list the room, export it and
// delete it after a confirm. Every new screen is saved as a screenshot (CLASS_SHOTS or a folder
// under the system's temporary folder).
import { readFileSync } from 'node:fs';
import { csvParse } from 'd3-dsv';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import type { Opened } from './classHarness';
import { PHONE, PROJECTOR, classFixture, shot, watch } from './classHarness';

const cls = classFixture();
const { base, open, startServer, killServer, roomState } = cls;
const life = (page: Page) => page.getByTestId('class-life').first().getAttribute('data-status');
const answered = async (page: Page) =>
  Number(await page.getByTestId('class-answered-n').innerText());
/** Network and reconnection noise is expected while the server is down. */
const realErrors = (o: Opened) =>
  o.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e));

describe('a class from its start to its end', () => {
  it('pauses, survives a restart and resumes, clears, ends; the past classes export and delete it', async () => {
    const host = await open('/?class=host&presenter=1&lesson=cells&step=2', {
      viewport: PROJECTOR,
    });
    const hp = host.page;
    // A first class in this browser: nothing to resume.
    await hp.getByRole('button', { name: 'Start a class' }).waitFor();
    expect(await hp.getByTestId('class-resume-room').count()).toBe(0);
    await hp.getByRole('button', { name: 'Start a class' }).click();
    const code = (await hp.getByTestId('class-code').innerText()).trim();
    await expect.poll(() => life(hp)).toBe('open');

    const phones: Opened[] = [];
    for (let i = 0; i < 3; i++) phones.push(await open(`/?join=${code}`, PHONE));
    await expect
      .poll(() => hp.getByTestId('class-students').getAttribute('data-count'), {
        timeout: 60_000,
      })
      .toBe('3');
    await hp.getByTestId('class-ask').click();
    const picks = ['dead', 'dead', 'used'];
    for (const [i, p] of phones.entries()) {
      await p.page.locator(`[data-testid=class-option][data-option=${picks[i]}]`).click();
      await p.page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
    }
    await expect.poll(() => answered(hp), { timeout: 60_000 }).toBe(3);

    // Pause: every phone says so and offers no vote; the projector shows the state.
    await hp.getByTestId('class-pause').click();
    await expect.poll(() => life(hp)).toBe('paused');
    for (const p of phones) {
      await p.page.getByTestId('class-paused').waitFor({ timeout: 60_000 });
      await p.page.getByTestId('class-paused-vote').waitFor();
      expect(await p.page.getByTestId('class-option').count()).toBe(0);
      expect(await p.page.getByTestId('class-student-bar').getAttribute('data-life')).toBe(
        'paused',
      );
    }
    await shot(hp, 'life-projector-1-paused');
    await shot(phones[0].page, 'life-phone-1-paused');
    // Resume: the vote is back on the phones.
    await hp.getByTestId('class-resume').click();
    await expect.poll(() => life(hp)).toBe('open');
    for (const p of phones) {
      await expect
        .poll(() => p.page.getByTestId('class-option').count(), { timeout: 60_000 })
        .toBe(3);
      expect(await p.page.getByTestId('class-paused').count()).toBe(0);
    }
    // The third student changes their mind, acknowledged before the server dies.
    await phones[2].page.locator('[data-testid=class-option][data-option=dropped]').click();
    await phones[2].page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();

    // The laptop's server is killed and started again on the same database; the projector's
    // page was closed meanwhile.
    await hp.close();
    await killServer();
    await startServer();
    // The terminal names the open room.
    expect(cls.serverLog()).toContain('Open rooms');
    expect(cls.serverLog()).toContain(`${code}  open`);
    // `/?class=host` in the browser that started the room offers to resume it.
    const hp2 = await host.context.newPage();
    watch(hp2, host.errors);
    await hp2.goto(`${base()}/?class=host&presenter=1&speed=max&lesson=cells&step=2`);
    const offer = hp2.locator(`[data-testid=class-resume-room][data-room="${code}"]`);
    await offer.waitFor({ timeout: 60_000 });
    expect(await offer.innerText()).toBe(`Resume class ${code}`);
    expect(await hp2.getByTestId('class-resume-list').innerText()).toContain('1 question');
    await shot(hp2, 'life-projector-2-resume-offer');
    await offer.click();
    await expect.poll(() => hp2.getByTestId('class-code').first().innerText()).toBe(code);
    await expect.poll(() => life(hp2)).toBe('open');
    // Every answer is counted and each phone, reconnected by itself, still shows its own.
    await expect.poll(() => answered(hp2), { timeout: 60_000 }).toBe(3);
    const labels = {
      dead: 'They cross the link, but the receiver discards the frame',
      dropped: 'The switch drops them too',
    };
    for (const [i, p] of phones.entries()) {
      await expect
        .poll(() => p.page.getByTestId('class-student-bar').getAttribute('data-status'), {
          timeout: 30_000,
        })
        .toBe('open');
      await p.page.locator('[data-testid=class-mine][data-saved="1"]').waitFor();
      const mine = await p.page.getByTestId('class-mine').innerText();
      expect(mine).toContain(i < 2 ? labels.dead : labels.dropped);
    }
    await expect
      .poll(() => hp2.getByTestId('class-students').getAttribute('data-count'), {
        timeout: 30_000,
      })
      .toBe('3');
    await shot(hp2, 'life-projector-3-resumed');

    // Clear: the question leaves every phone; the card waits for the next one.
    await hp2.getByTestId('class-clear').click();
    for (const p of phones) {
      await expect
        .poll(() => p.page.getByTestId('class-student-question').count(), { timeout: 60_000 })
        .toBe(0);
      await p.page.getByTestId('class-wait').waitFor();
    }
    await hp2.getByTestId('class-ask').waitFor();
    await shot(phones[1].page, 'life-phone-2-cleared');

    // End: confirmed first; the phones hear it and stop following, with a way to go on alone.
    await hp2.getByTestId('class-end').click();
    await shot(hp2, 'life-projector-4-end-confirm');
    await hp2.getByTestId('class-end-yes').click();
    await expect.poll(() => life(hp2)).toBe('ended');
    await hp2.getByTestId('class-ended-host').waitFor();
    expect(await hp2.getByTestId('class-push').count()).toBe(0);
    await shot(hp2, 'life-projector-5-ended');
    for (const p of phones) {
      await p.page.getByTestId('class-ended').waitFor({ timeout: 60_000 });
      expect(await p.page.getByTestId('class-ended').innerText()).toContain('The class has ended');
      expect(await p.page.getByTestId('class-explore').count()).toBe(0);
      expect(await p.page.getByTestId('class-follow').count()).toBe(0);
    }
    await shot(phones[0].page, 'life-phone-3-ended');
    // The projector moves on to another step: once the room has it, a phone that followed
    // would go there; these stay where they are.
    const token = (await hp2.evaluate((k) => localStorage.getItem(k), `tal.class.host.${code}`))!;
    const stepBefore = (await roomState(code, token)).view?.step;
    const before = phones.map((p) => p.page.url());
    await hp2.getByRole('button', { name: 'Next ›' }).click();
    await expect
      .poll(async () => (await roomState(code, token)).view?.step, { timeout: 60_000 })
      .not.toBe(stepBefore);
    expect(phones.map((p) => p.page.url())).toEqual(before);
    const link = phones[0].page.getByTestId('class-keep-exploring');
    expect(await link.getAttribute('href')).not.toContain('join=');
    await link.click();
    await phones[0].page.waitForURL((u) => !u.search.includes('join='));
    await phones[0].page.getByTestId('sim-time').waitFor();
    expect(await phones[0].page.getByTestId('class-student-bar').count()).toBe(0);

    // "End lesson" gives the projector its speed back (max, from its link).
    await hp2.getByRole('button', { name: 'End lesson' }).click();
    await expect.poll(() => new URL(hp2.url()).searchParams.get('speed')).toBe('max');

    // The past classes: the room with its date, state and counts; exported; deleted.
    const rp = await host.context.newPage();
    watch(rp, host.errors);
    await rp.goto(`${base()}/?class=rooms`);
    const row = rp.locator(`[data-testid=class-room][data-room="${code}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('ended');
    expect(await row.getByTestId('class-room-counts').innerText()).toBe('1 question · 3 answers');
    await shot(rp, 'life-projector-6-past-classes');
    const [csvDl] = await Promise.all([
      rp.waitForEvent('download'),
      row.getByTestId('class-room-csv').click(),
    ]);
    const csv = readFileSync((await csvDl.path())!, 'utf8');
    // One row per question and round, as a spreadsheet shows it: where it was asked, the
    // round, how many answered and the spread (resultsCsv.ts; exact in results.test.ts).
    const [line] = csvParse(csv);
    expect(line['Lesson and step']).toBe('Cells and AAL5: one lost cell ruins a frame: Dead cells');
    expect(line.Round).toBe('1');
    expect(line.Answered).toBe('3');
    expect(line.Answers).toBe(
      'They reach the receiver and TCP uses them: 0; They cross the link, but the receiver discards the frame: 2; The switch drops them too: 1',
    );
    // The same page on a phone's width, for the screenshot.
    const narrow = await cls.browser().newContext(PHONE);
    await narrow.addInitScript(
      ([k, v]) => localStorage.setItem(k, v),
      [
        `tal.class.host.${code}`,
        (await rp.evaluate((k) => localStorage.getItem(k), `tal.class.host.${code}`))!,
      ],
    );
    const np = await narrow.newPage();
    await np.goto(`${base()}/?class=rooms`);
    await np.locator(`[data-testid=class-room][data-room="${code}"]`).waitFor();
    await shot(np, 'life-phone-4-past-classes');
    await narrow.close();
    // Delete asks first; cancelled, nothing is gone.
    await row.getByTestId('class-room-delete').click();
    expect(await row.innerText()).toContain(`Delete class ${code} and its 3 answers?`);
    await shot(rp, 'life-projector-7-delete-confirm');
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByTestId('class-room-delete').click();
    await row.getByTestId('class-room-delete-yes').click();
    await rp.getByTestId('class-rooms-none').waitFor();
    expect(await rp.getByTestId('class-rooms-note').innerText()).toBe(`Class ${code} deleted.`);
    const res = await fetch(`${base()}/class/api/rooms/${code}/results`, {
      headers: { Authorization: 'Bearer x' },
    });
    expect(res.status).toBe(404);
    // The browser forgot the room: `/?class=host` offers no resume.
    expect(await rp.evaluate((k) => localStorage.getItem(k), `tal.class.host.${code}`)).toBe(null);

    for (const o of [host, ...phones]) expect(realErrors(o)).toEqual([]);
    for (const o of [host, ...phones]) await o.context.close();
  }, 800_000);
});
