// Runs in real Chromium: where the inspector opens (under the row of the view a drop was picked
// in) and how far opening it scrolls the page (not at all when in view, else to the nearest edge).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  revealNearest,
  rowEnd,
  sourcePanel,
  trackSourcePanel,
} from '../../src/ui/inspect/placement';

let host: HTMLDivElement;
let stop: () => void;

beforeEach(() => {
  host = document.createElement('div');
  // Three columns; a span-2 panel and a panel share the first row, then two rows below.
  host.innerHTML = `
    <div style="height: 40px" class="sticky-top"></div>
    <div class="views" style="display: grid; grid-template-columns: repeat(3, 1fr); gap: 10px; width: 900px">
      <section class="panel" id="queue" style="grid-column: span 2; height: 300px"></section>
      <section class="panel" id="pervc" style="height: 300px"></section>
      <section class="panel" id="timeseq" style="grid-column: span 2; height: 600px"></section>
      <section class="panel" id="cwnd" style="height: 600px"><button id="inside">x</button></section>
      <section class="panel" id="loss" style="height: 400px"></section>
      <section class="panel inspector" id="insp" style="grid-column: 1 / -1; height: 200px"></section>
    </div>
    <div style="height: 3000px"></div>`;
  document.body.appendChild(host);
  stop = trackSourcePanel();
  window.scrollTo(0, 0);
});
afterEach(() => {
  stop();
  host.remove();
  window.scrollTo(0, 0);
});

const $ = (id: string) => document.getElementById(id)!;
const down = (el: Element) =>
  el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));

describe('the inspector opens next to its drop', () => {
  it('the source is the panel last touched; a touch outside the views or in the inspector says so', () => {
    expect(sourcePanel()).toBeNull();
    down($('inside'));
    expect(sourcePanel()).toBe($('cwnd'));
    // A touch inside the inspector keeps the source.
    down($('insp'));
    expect(sourcePanel()).toBe($('cwnd'));
    // A touch outside the views forgets it.
    down(document.body);
    expect(sourcePanel()).toBeNull();
    down($('loss'));
    expect(sourcePanel(performance.now() + 2500)).toBeNull(); // too long ago
    expect(sourcePanel()).toBe($('loss'));
  });

  it('the end of a row is its last panel, so that a full-width inspector keeps the row whole', () => {
    expect(rowEnd($('queue'))).toBe($('pervc'));
    expect(rowEnd($('pervc'))).toBe($('pervc'));
    expect(rowEnd($('timeseq'))).toBe($('cwnd'));
    expect(rowEnd($('loss'))).toBe($('loss'));
  });

  it('no scroll when the inspector is in view; else the least that shows it', () => {
    const insp = $('insp');
    // Put it right under the first row: fully in view (viewport at least 600 px tall).
    $('pervc').after(insp);
    expect(window.innerHeight).toBeGreaterThanOrEqual(600);
    revealNearest(insp);
    expect(window.scrollY).toBe(0);
    // At the foot of the views: scrolled until its bottom meets the viewport's bottom.
    $('loss').after(insp);
    revealNearest(insp);
    const r = insp.getBoundingClientRect();
    expect(window.scrollY).toBeGreaterThan(0);
    expect(Math.abs(r.bottom - window.innerHeight)).toBeLessThanOrEqual(1);
  });
});
