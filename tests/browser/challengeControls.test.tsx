// Runs in real Chromium (Vitest browser mode): the settings panel under a challenge (its locked
// keys disabled with their note, its hidden keys absent, the free ones still committing) and the
// challenge card's check of a finished run of the model.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { parseScenario, runScenario, toQuery } from '../../src/sim';
import { ScenarioControls } from '../../src/ui/controls';
import { ChallengeCard } from '../../src/ui/challenges/ChallengeCard';
import { encodeChallenge } from '../../src/ui/challenges/challenge';
import { READY_CHALLENGES, readyScenario } from '../../src/ui/challenges/library';
import { waitFor } from '../helpers/waitFor';

let root: Root | null = null;
let container: HTMLDivElement;

function mount(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(<StrictMode>{node}</StrictMode>);
}

afterEach(() => {
  root?.unmount();
  root = null;
  container.remove();
  localStorage.clear();
});

describe('settings under a challenge', () => {
  it('disables the locked keys with their note, hides the hidden ones, commits the free ones', async () => {
    const s = parseScenario('sources=8').scenario;
    const onChange = vi.fn();
    mount(
      <ScenarioControls
        scenario={s}
        onChange={onChange}
        locked={new Set(['sources', 'policy'])}
        hidden={new Set(['seed', 'duration'])}
      />,
    );
    await waitFor(() => expect(container.querySelector('[data-key]')).not.toBeNull());
    for (const k of ['sources', 'policy']) {
      const wrap = container.querySelector(`[data-locked-key=${k}]`);
      expect(wrap, k).not.toBeNull();
      expect(wrap!.textContent).toContain('locked by the challenge');
      const controls = wrap!.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
        'input, select',
      );
      expect(controls.length).toBeGreaterThan(0);
      for (const c of controls) expect(c.disabled, `${k} ${c.tagName}`).toBe(true);
    }
    // Hidden keys have no field, even with their group open.
    for (const b of container.querySelectorAll<HTMLButtonElement>('h3 button'))
      if (b.getAttribute('aria-expanded') !== 'true') await userEvent.click(b);
    expect(container.querySelector('[data-key=seed]')).toBeNull();
    expect(container.querySelector('[data-key=duration]')).toBeNull();
    // A free key still commits.
    const box = container.querySelector<HTMLInputElement>('[data-key=bufferCells] input.sc-num')!;
    expect(box.disabled).toBe(false);
    await userEvent.clear(box);
    await userEvent.type(box, '553{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0].bufferCells).toBe(553);
    expect(onChange.mock.calls[0][1]).toBe('bufferCells');
  });
});

describe('the challenge card', () => {
  it('checks a finished run with the model’s figures and keeps the best in localStorage', async () => {
    const r = READY_CHALLENGES[0];
    const encoded = encodeChallenge(r.challenge);
    const s = { ...readyScenario(r), bufferCells: 553 };
    const m = runScenario(s).metrics;
    mount(
      <ChallengeCard
        challenge={r.challenge}
        encoded={encoded}
        scenario={s}
        query={toQuery(s)}
        finished={m}
        onRestore={() => {}}
      />,
    );
    const result = await waitFor(() => {
      const el = container.querySelector('[data-pass]');
      if (!el) throw new Error('no result yet');
      return el;
    });
    expect(result.getAttribute('data-pass')).toBe('1');
    expect(result.textContent).toContain(
      `Efficiency ${(100 * m.efficiency).toFixed(2)} % ≥ 90.00 %`,
    );
    expect(result.textContent).toContain('= 553 cells');
    expect(container.querySelector('[role=alert]')).toBeNull();
    await waitFor(() =>
      expect(Object.keys(localStorage).some((k) => k.startsWith('tal:challenge:'))).toBe(true),
    );
    const stored = JSON.parse(
      localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('tal:'))!)!,
    );
    expect(stored).toMatchObject({ pass: true, value: m.efficiency, keyValue: 553 });
  });
});
