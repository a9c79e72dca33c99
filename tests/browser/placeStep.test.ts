// Runs in real Chromium: where a lesson step puts the page (lessons/placeStep.ts). A view that
// is whole stays put, even flush with the screen's foot; one cut at the foot is scrolled into
// view; and a page scrolled for a view that then shrank goes back up as far as the view stays
// whole, so the step ends where its layout says, whatever came before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeStep } from '../../src/ui/lessons/placeStep';

let host: HTMLDivElement;
const H = () => window.innerHeight;

beforeEach(() => {
  host = document.createElement('div');
  host.innerHTML = `
    <div class="sticky-top" style="position: sticky; top: 0; height: 40px; background: #ccc"></div>
    <div id="above"></div>
    <section id="target" style="height: 200px"></section>
    <div style="height: 3000px"></div>`;
  document.body.style.margin = '0';
  document.body.appendChild(host);
  window.scrollTo(0, 0);
});
afterEach(() => {
  host.remove();
  window.scrollTo(0, 0);
});

const $ = (id: string) => document.getElementById(id)!;
/** Puts the target's foot `gap` px above the screen's foot (page at its top). */
const footAt = (gap: number) => {
  $('above').style.height = `${H() - 40 - 200 - gap}px`;
};

describe('a lesson step’s placement', () => {
  it('a view whole on the screen stays put, even 2 px from its foot', () => {
    footAt(2);
    placeStep($('target'));
    expect(window.scrollY).toBe(0);
    expect($('target').getBoundingClientRect().bottom).toBe(H() - 2);
  });

  it('a view cut at the foot is scrolled just into view, with a margin', () => {
    footAt(-30);
    placeStep($('target'));
    expect(window.scrollY).toBe(38);
    expect($('target').getBoundingClientRect().bottom).toBe(H() - 8);
  });

  it('scrolled for a view that then shrank: back up as far as it stays whole', () => {
    footAt(-30);
    placeStep($('target'));
    expect(window.scrollY).toBe(38);
    // The view loses 24 px (it was taller while it loaded): its foot is 32 px above the screen's.
    $('target').style.height = '176px';
    placeStep($('target'));
    expect(window.scrollY).toBe(6);
    expect($('target').getBoundingClientRect().bottom).toBe(H());
    // It loses 40 more: the page is back at its top.
    $('target').style.height = '136px';
    placeStep($('target'));
    expect(window.scrollY).toBe(0);
    // Placed again, nothing moves.
    placeStep($('target'));
    expect(window.scrollY).toBe(0);
  });
});
