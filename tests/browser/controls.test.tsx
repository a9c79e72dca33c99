// Runs in real Chromium (Vitest browser mode): the schema-generated scenario controls.
import {
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type Mock,
  type MockInstance,
} from 'vitest';
import { userEvent } from 'vitest/browser';
import { StrictMode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Scenario } from '../../src/sim';
import {
  KEYS,
  SCHEMA,
  applies,
  citation,
  defaultScenario,
  derive,
  papersCited,
  parseScenario,
} from '../../src/sim';
import type { ScenarioControlsProps } from '../../src/ui/controls';
import { ScenarioControls } from '../../src/ui/controls';
import { Field } from '../../src/ui/controls/fields';
import { waitFor } from '../helpers/waitFor';

const DEFAULT = defaultScenario();

type OnChange = Mock<ScenarioControlsProps['onChange']>;

/** Holds the scenario like the app does: a committed change becomes the new scenario. */
function Harness(props: { initial: Scenario; onChange: OnChange; disabled?: boolean }) {
  const [scenario, setScenario] = useState(props.initial);
  return (
    <ScenarioControls
      scenario={scenario}
      disabled={props.disabled}
      onChange={(next, key) => {
        props.onChange(next, key);
        setScenario(next);
      }}
    />
  );
}

let container: HTMLDivElement;
let root: Root;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  root.unmount();
  container.remove();
  document.documentElement.style.fontSize = '';
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error must not be called').toEqual([]);
});

async function render(initial = defaultScenario(), disabled = false): Promise<OnChange> {
  const onChange: OnChange = vi.fn();
  root = createRoot(container);
  root.render(
    <StrictMode>
      <Harness initial={initial} onChange={onChange} disabled={disabled} />
    </StrictMode>,
  );
  await waitFor(() => expect(container.querySelector('[data-key]')).not.toBeNull());
  return onChange;
}

const field = (key: keyof Scenario) => container.querySelector<HTMLElement>(`[data-key="${key}"]`);
const byId = (id: string) => document.getElementById(id);

function must<T>(el: T | null | undefined, what: string): T {
  if (!el) throw new Error(`missing: ${what}`);
  return el;
}

/** Sets an input's value the way a user agent does, so React's value tracking sees it. */
function setNativeValue(el: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(el, value);
}

/** Expands a collapsed section (its controls cannot take focus or input while hidden). */
async function openGroup(group: string) {
  const toggle = must(
    container.querySelector<HTMLButtonElement>(`[data-group=${group}] h3 button`),
    group,
  );
  if (toggle.getAttribute('aria-expanded') !== 'true') await userEvent.click(toggle);
}

const visibleFor = (s: Scenario) => KEYS.filter((k) => applies(k, s));

describe('scenario controls', () => {
  it('renders a labelled control with help for every visible schema key', async () => {
    const s = defaultScenario();
    await render(s);
    const visible = visibleFor(s);
    for (const k of KEYS) {
      const el = field(k);
      if (!visible.includes(k)) {
        expect(el, `${k} does not apply to this scenario`).toBeNull();
        continue;
      }
      expect(el, k).not.toBeNull();
      const d = SCHEMA[k];
      const f = must(el, k);
      if (d.kind === 'enum') {
        const select = must(f.querySelector('select'), `${k} select`);
        expect(select.labels[0]?.textContent).toBe(d.label);
        expect(Array.from(select.options, (o) => o.value)).toEqual(d.options);
        for (const o of Array.from(select.options)) {
          expect(o.title).toBe(d.optionHelp[o.value as keyof typeof d.optionHelp]);
          expect(o.textContent).toBe(d.optionLabels[o.value as keyof typeof d.optionLabels]);
        }
        // The chosen option's key beside the picker.
        expect(f.querySelector('.sc-option-key')?.textContent).toBe(select.value);
      } else if (d.kind === 'bool') {
        const box = must(f.querySelector<HTMLInputElement>('input[type=checkbox]'), k);
        expect(box.labels?.[0]?.textContent).toBe(d.label);
      } else {
        const slider = must(f.querySelector<HTMLInputElement>('input[type=range]'), k);
        expect(slider.getAttribute('aria-label')).toBe(d.label);
        if (slider.dataset.scale === 'linear') {
          expect(Number(slider.max)).toBe(d.max);
          expect(Number(slider.step)).toBe(d.step);
          expect(Number(slider.min)).toBeLessThanOrEqual(d.min);
        } else {
          // A log slider's positions are round values (more than ten over two decades).
          expect(slider.dataset.scale, k).toBe('log');
          expect([Number(slider.min), Number(slider.step)]).toEqual([0, 1]);
          expect(Number(slider.max)).toBeGreaterThan(20);
        }
        if (d.unit) expect(slider.getAttribute('aria-valuetext')).toContain(d.unit);
        expect(f.querySelector('input.sc-num')?.getAttribute('aria-label')).toContain(d.label);
      }
      // Help: a focusable "?" button described by the help text, which also describes the control.
      const help = must(f.querySelector<HTMLButtonElement>('button.sc-tip-btn'), `${k} help`);
      const tip = must(byId(must(help.getAttribute('aria-describedby'), 'describedby')), k);
      // The help text, then the papers it cites by tag, named in full.
      expect(tip.textContent?.startsWith(d.help), k).toBe(true);
      const optionHelp =
        d.kind === 'enum'
          ? d.optionHelp[(f.querySelector('select')?.value ?? '') as keyof typeof d.optionHelp]
          : '';
      for (const t of papersCited(`${d.help} ${optionHelp ?? ''}`))
        expect(tip.textContent).toContain(citation(t));
      // The key beside the name, for the expert.
      expect(f.querySelector('.sc-head .sc-key')?.textContent).toBe(k);
      expect(tip.getAttribute('role')).toBe('tooltip');
      const main = must(f.querySelector('input[type=range], select, input[type=checkbox]'), k);
      expect(main.getAttribute('aria-describedby')?.split(' ')).toContain(tip.id);
      if (d.perVc) expect(f.querySelector('input[aria-label$="per VC"]'), k).not.toBeNull();
    }
  });

  it('groups the parameters into sections; the main ones are open', async () => {
    await render();
    const groups = Array.from(container.querySelectorAll<HTMLElement>('section.sc-group'));
    expect(groups.map((g) => g.dataset.group)).toEqual([
      'switch',
      'tcp',
      'links',
      'traffic',
      'topology',
      'run',
    ]);
    expect(groups.map((g) => g.querySelector('.sc-group-title')?.textContent)).toEqual([
      'Switch',
      'TCP',
      'Links',
      'Traffic',
      'Topology',
      'Run',
    ]);
    const toggle = (g: string) =>
      must(container.querySelector<HTMLButtonElement>(`[data-group=${g}] h3 button`), g);
    const body = (g: string) => must(byId(must(toggle(g).getAttribute('aria-controls'), g)), g);
    expect(toggle('switch').getAttribute('aria-expanded')).toBe('true');
    expect(body('switch').hidden).toBe(false);
    expect(toggle('tcp').getAttribute('aria-expanded')).toBe('false');
    expect(body('tcp').hidden).toBe(true);
    await userEvent.click(toggle('tcp'));
    expect(toggle('tcp').getAttribute('aria-expanded')).toBe('true');
    expect(body('tcp').hidden).toBe(false);
    expect(body('tcp').contains(field('mtu'))).toBe(true);
  });

  it("shows the chosen policy's own parameters", async () => {
    const onChange = await render();
    expect(field('epdThreshold')).not.toBeNull();
    expect(field('epdB')).not.toBeNull();
    expect(field('sdZ')).toBeNull();
    const select = must(field('policy')?.querySelector('select'), 'policy select');
    await userEvent.selectOptions(select, 'sd');
    await waitFor(() => expect(field('sdZ')).not.toBeNull());
    expect(field('sdR')).not.toBeNull();
    expect(field('epdThreshold')).toBeNull();
    expect(field('epdB')).toBeNull();
    expect(field('keepEom')).not.toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][1]).toBe('policy');
    expect(onChange.mock.calls[0][0].policy).toBe('sd');
    // The selected option's help is shown under the picker and describes it.
    const help = must(field('policy')?.querySelector('.sc-option-help'), 'option help');
    const sdHelp = SCHEMA.policy.kind === 'enum' ? SCHEMA.policy.optionHelp.sd : '';
    expect(help.textContent).toBe(sdHelp);
    expect(select.getAttribute('aria-describedby')?.split(' ')).toContain(help.id);
  });

  it('names the policies for people, the key beside: "Early Packet Discard (EPD)" epd', async () => {
    const onChange = await render();
    const f = must(field('policy'), 'policy');
    const select = must(f.querySelector('select'), 'policy select');
    const chosen = select.selectedOptions[0];
    expect(chosen.textContent).toBe('Early Packet Discard (EPD)');
    expect(chosen.value).toBe('epd');
    const key = must(f.querySelector<HTMLElement>('.sc-option-key'), 'option key');
    expect(key.textContent).toBe('epd');
    expect(getComputedStyle(key).fontFamily).toMatch(/mono|Menlo|Consolas/i);
    // Beside the picker, on its row, to its right.
    const sb = select.getBoundingClientRect();
    const kb = key.getBoundingClientRect();
    expect(kb.left).toBeGreaterThanOrEqual(sb.right - 1);
    expect(Math.abs(kb.top + kb.height / 2 - (sb.top + sb.height / 2))).toBeLessThan(sb.height);
    const names = Array.from(select.options, (o) => o.textContent);
    expect(names).toEqual(
      expect.arrayContaining([
        'Selective Drop (SD)',
        'Fair Buffer Allocation (FBA)',
        'Partial Packet Discard (PPD)',
      ]),
    );
    expect(field('scheduler')?.querySelector('select')?.selectedOptions[0].textContent).toBe(
      'Round robin per VC',
    );
    await userEvent.selectOptions(select, 'fba');
    await waitFor(() => expect(key.textContent).toBe('fba'));
    expect(onChange.mock.calls[0][0].policy).toBe('fba');
  });

  it('puts Buffer policy first, in the first section', async () => {
    await render();
    const first = must(container.querySelector<HTMLElement>('section.sc-group'), 'section');
    expect(first.dataset.group).toBe('switch');
    expect(first.querySelector('[data-key]')?.getAttribute('data-key')).toBe('policy');
    expect(first.querySelector('.sc-label')?.textContent).toBe('Buffer policy');
    const all = Array.from(container.querySelectorAll<HTMLElement>('[data-key]'));
    expect(all[0].dataset.key).toBe('policy');
  });

  it('hides the network keys for a single switch and shows them for a chain', async () => {
    const onChange = await render();
    const chainKeys = ['hops', 'bottleneckHop', 'hopMbps', 'hopDelayMs', 'portPolicy'] as const;
    for (const k of [...chainKeys, 'entryHop' as const]) expect(field(k), k).toBeNull();
    await openGroup('topology');
    const topo = must(field('topology')?.querySelector('select'), 'topology');
    expect(topo.selectedOptions[0].textContent).toBe('Single switch');
    await userEvent.selectOptions(topo, 'chain');
    await waitFor(() => expect(field('hops')).not.toBeNull());
    for (const k of chainKeys) expect(field(k), k).not.toBeNull();
    expect(field('entryHop')).toBeNull();
    expect(onChange.mock.calls[0][0].topology).toBe('chain');
    await userEvent.selectOptions(topo, 'parking-lot');
    await waitFor(() => expect(field('entryHop')).not.toBeNull());
    await userEvent.selectOptions(topo, 'single');
    await waitFor(() => expect(field('hops')).toBeNull());
  });

  it('hides the VBR periods until there is VBR, and the delayed-ACK tick under stretch ACKs', async () => {
    await render(parseScenario('ack=stretch').scenario);
    expect(field('vbrOnMs')).toBeNull();
    expect(field('delAckMs')).toBeNull();
    expect(field('stretchAckMs')).not.toBeNull();
    await openGroup('traffic');
    const vbr = must(field('vbrMbps')?.querySelector<HTMLInputElement>('input.sc-num'), 'vbr');
    await userEvent.fill(vbr, '5');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(field('vbrOnMs')).not.toBeNull());
    expect(field('vbrOffMs')).not.toBeNull();
  });

  it('shows no internal file name in any text, every section open', async () => {
    await render();
    for (const g of ['switch', 'tcp', 'links', 'traffic', 'topology', 'run']) await openGroup(g);
    const text = container.textContent ?? '';
    expect(text.length).toBeGreaterThan(2000);
    expect(text).not.toMatch(/domain\.md|\.\.\/shared|shared\/seeds/);
  });

  it('commits a slider on keyboard change, not on every input event of a drag', async () => {
    const onChange = await render();
    const f = must(field('sources'), 'sources');
    const slider = must(f.querySelector<HTMLInputElement>('input[type=range]'), 'slider');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][1]).toBe('sources');
    expect(onChange.mock.calls[0][0].sources).toBe(5);
    expect(slider.getAttribute('aria-valuetext')).toBe('5 VCs');
    expect(f.querySelector<HTMLInputElement>('input.sc-num')?.value).toBe('5');

    // A drag: input events show the value live; only the final change commits.
    for (const v of ['6', '8', '10']) {
      setNativeValue(slider, v);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await waitFor(() => expect(f.querySelector('.sc-value')?.textContent).toBe('10 VCs'));
    expect(f.querySelector<HTMLInputElement>('input.sc-num')?.value).toBe('10');
    expect(onChange).toHaveBeenCalledTimes(1);
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange.mock.calls[1][0].sources).toBe(10);
    expect(onChange.mock.calls[1][1]).toBe('sources');
  });

  it('gives every key whose range spans more than two decades a log slider (read from the schema)', async () => {
    const numberKeys = KEYS.filter((k) => SCHEMA[k].kind === 'int' || SCHEMA[k].kind === 'number');
    root = createRoot(container);
    root.render(
      <>
        {numberKeys.map((k) => (
          <Field
            key={k}
            k={k}
            def={SCHEMA[k]}
            value={DEFAULT[k]}
            auto={undefined}
            commit={() => null}
            disabled={false}
          />
        ))}
      </>,
    );
    await waitFor(() =>
      expect(container.querySelectorAll('[data-key]')).toHaveLength(numberKeys.length),
    );
    const log: string[] = [];
    for (const k of numberKeys) {
      const d = SCHEMA[k];
      if (d.kind !== 'int' && d.kind !== 'number') continue;
      // Decades from the least positive value (the min, or the step from 0) to the max.
      const decades = d.min < 0 ? 0 : Math.log10(d.max / (d.min > 0 ? d.min : d.step));
      const slider = must(field(k)?.querySelector<HTMLInputElement>('input[type=range]'), k);
      expect(slider.dataset.scale, k).toBe(decades > 2 + 1e-9 ? 'log' : 'linear');
      if (decades > 2 + 1e-9) log.push(k);
    }
    expect(log).toEqual(
      expect.arrayContaining(['bufferCells', 'mtu', 'window', 'linkMbps', 'rttMs']),
    );
    expect(log).not.toContain('sources');
    expect(log).not.toContain('lbo');
  });

  it('steps a log slider with the arrows over round values, from the value as typed', async () => {
    const onChange = await render();
    const f = must(field('bufferCells'), 'bufferCells');
    const slider = must(f.querySelector<HTMLInputElement>('input[type=range]'), 'slider');
    const box = must(f.querySelector<HTMLInputElement>('input.sc-num'), 'box');
    const last = () => onChange.mock.calls[onChange.mock.calls.length - 1][0].bufferCells;
    // Typed values stay exactly as typed, between two round values.
    await userEvent.fill(box, '1090');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(last()).toBe(1090);
    expect(box.value).toBe('1090');
    expect(slider.getAttribute('aria-valuetext')).toBe('1,090 cells');
    slider.focus();
    const steps: number[] = [];
    for (const key of ['{ArrowRight}', '{ArrowUp}', '{ArrowLeft}', '{ArrowDown}', '{ArrowDown}']) {
      const n = onChange.mock.calls.length;
      await userEvent.keyboard(key);
      await waitFor(() => expect(onChange).toHaveBeenCalledTimes(n + 1));
      steps.push(last());
    }
    expect(steps).toEqual([1200, 1500, 1200, 1000, 800]);
    expect(box.value).toBe('800');
    expect(slider.getAttribute('aria-valuetext')).toBe('800 cells');
    // Down from a typed value goes to the round value below it, not two positions down.
    await userEvent.fill(box, '1088');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(last()).toBe(1088));
    slider.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(last()).toBe(1000));
    // The ends: Home and End reach the schema's range.
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(last()).toBe(600_000));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(last()).toBe(1));
    await userEvent.keyboard('{ArrowLeft}');
    expect(last()).toBe(1);
  });

  it('moves a log slider by one round value per position (a drag of a few positions is a small factor)', async () => {
    const onChange = await render();
    const f = must(field('bufferCells'), 'bufferCells');
    const slider = must(f.querySelector<HTMLInputElement>('input[type=range]'), 'slider');
    const pos = Number(slider.value);
    // The default 1088 sits at the position of 1000, the nearest round value.
    expect(Number(slider.max)).toBeGreaterThan(40);
    // Three positions to the right, as a short drag gives: the live value, then the commit.
    for (const p of [pos + 1, pos + 2, pos + 3]) {
      setNativeValue(slider, String(p));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await waitFor(() => expect(f.querySelector('.sc-value')?.textContent).toBe('2,000 cells'));
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0].bufferCells).toBe(2000);
  });

  it('commits the number box on Enter and rejects out-of-range values, naming the key', async () => {
    const onChange = await render();
    const f = must(field('sources'), 'sources');
    const box = must(f.querySelector<HTMLInputElement>('input.sc-num'), 'box');
    await userEvent.fill(box, '100');
    await userEvent.keyboard('{Enter}');
    const err = await waitFor(() => must(f.querySelector('.sc-error'), 'error'));
    expect(err.textContent).toContain('sources');
    expect(err.textContent).toContain('from 1 to 64');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(err.id);
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.fill(box, '12');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0].sources).toBe(12);
    expect(f.querySelector('.sc-error')).toBeNull();
  });

  it('refuses a change that breaks a cross-parameter rule', async () => {
    const onChange = await render();
    await openGroup('traffic');
    const f = must(field('cbrMbps'), 'cbrMbps');
    await userEvent.fill(must(f.querySelector<HTMLInputElement>('input.sc-num'), 'box'), '40');
    await userEvent.keyboard('{Enter}');
    const err = await waitFor(() => must(f.querySelector('.sc-error'), 'error'));
    expect(err.textContent).toContain('cbrMbps');
    expect(err.textContent).toContain('linkMbps');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('edits per-VC lists in the URL form and reports an invalid list inline', async () => {
    const onChange = await render();
    const f = must(field('accessMbps'), 'accessMbps');
    const list = must(f.querySelector<HTMLInputElement>('input[aria-label$="per VC"]'), 'list');
    expect(list.value).toBe('149.76');
    await userEvent.fill(list, '305*3,abc');
    await userEvent.keyboard('{Enter}');
    const err = await waitFor(() => must(f.querySelector('.sc-error'), 'error'));
    expect(err.textContent).toContain('accessMbps');
    expect(err.getAttribute('role')).toBe('alert');
    expect(list.getAttribute('aria-invalid')).toBe('true');
    expect(list.getAttribute('aria-describedby')?.split(' ')).toContain(err.id);
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.fill(list, '100*3,200');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0].accessMbps).toEqual([100, 100, 100, 200]);
    expect(onChange.mock.calls[0][1]).toBe('accessMbps');
    // VCs now differ: the single slider gives way to a summary with a way back.
    await waitFor(() => expect(f.querySelector('input[type=range]')).toBeNull());
    expect(f.querySelector('.sc-varies')?.textContent).toContain('100 ×3, 200');
    expect(list.value).toBe('100*3,200');
    await userEvent.click(must(f.querySelector<HTMLButtonElement>('.sc-varies button'), 'btn'));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange.mock.calls[1][0].accessMbps).toEqual([100]);
    await waitFor(() => expect(f.querySelector('input[type=range]')).not.toBeNull());
  });

  it('reads a bool list such as tagged=0,1', async () => {
    const onChange = await render(parseScenario('tagged=0,1').scenario);
    const f = must(field('tagged'), 'tagged');
    expect(f.querySelector('input[type=checkbox]')).toBeNull();
    expect(f.querySelector<HTMLInputElement>('input[aria-label$="per VC"]')?.value).toBe('0,1');
    await userEvent.fill(must(f.querySelector('input[aria-label$="per VC"]'), 'list'), '1');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0].tagged).toEqual([true]);
  });

  it('sets and unsets an optional parameter, starting from the value the model uses', async () => {
    const onChange = await render();
    const f = must(field('epdThreshold'), 'epdThreshold');
    const set = must(f.querySelector<HTMLInputElement>('input[aria-label^="Set "]'), 'set');
    const slider = must(f.querySelector<HTMLInputElement>('input[type=range]'), 'slider');
    expect(set.checked).toBe(false);
    expect(slider.disabled).toBe(true);
    const auto = derive(defaultScenario()).epdThreshold;
    expect(slider.getAttribute('aria-valuetext')).toBe(`auto, ${auto} cells`);
    await userEvent.click(set);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0].epdThreshold).toBe(auto);
    await waitFor(() => expect(slider.disabled).toBe(false));
    await userEvent.click(set);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange.mock.calls[1][0].epdThreshold).toBeUndefined();
  });

  it('commits enums and bools at once', async () => {
    const onChange = await render();
    const box = must(field('keepEom')?.querySelector<HTMLInputElement>('input'), 'keepEom');
    await userEvent.click(box);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0][0].keepEom).toBe(false);
    expect(onChange.mock.calls[0][1]).toBe('keepEom');
    const sched = must(field('scheduler')?.querySelector('select'), 'scheduler');
    await userEvent.selectOptions(sched, 'wfq');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange.mock.calls[1][0].scheduler).toBe('wfq');
  });

  it('shows help on focus and hover; Escape hides it', async () => {
    await render();
    const f = must(field('linkMbps'), 'linkMbps');
    const btn = must(f.querySelector<HTMLButtonElement>('button.sc-tip-btn'), 'help');
    const tip = must(byId(must(btn.getAttribute('aria-describedby'), 'id')), 'tip');
    expect(tip.hidden).toBe(true);
    btn.focus();
    await waitFor(() => expect(tip.hidden).toBe(false));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tip.hidden).toBe(true));
    btn.blur();
    await userEvent.hover(btn);
    await waitFor(() => expect(tip.hidden).toBe(false));
    // The pointer leaves for another part of the controls.
    await userEvent.hover(must(container.querySelector('.sc-group-title'), 'title'));
    await waitFor(() => expect(tip.hidden).toBe(true));
  });

  it('disables every input while disabled, but keeps help and sections usable', async () => {
    await render(defaultScenario(), true);
    for (const el of container.querySelectorAll<HTMLInputElement>('input, select'))
      expect(el.disabled, el.outerHTML).toBe(true);
    for (const el of container.querySelectorAll<HTMLButtonElement>('.sc-tip-btn, h3 button'))
      expect(el.disabled).toBe(false);
  });

  it('never injects HTML', () => {
    const sources = import.meta.glob('../../src/ui/controls/*.{ts,tsx}', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(2);
    for (const [path, text] of Object.entries(sources))
      expect(String(text), path).not.toMatch(/dangerouslySetInnerHTML|innerHTML|outerHTML/);
  });

  it('follows the theme variables and the root font size', async () => {
    container.style.setProperty('--fg', 'rgb(1, 2, 3)');
    await render();
    const rootEl = must(container.querySelector<HTMLElement>('.sc-root'), 'root');
    expect(getComputedStyle(rootEl).color).toBe('rgb(1, 2, 3)');
    document.documentElement.style.fontSize = '16px';
    const before = parseFloat(getComputedStyle(rootEl).fontSize);
    document.documentElement.style.fontSize = '24px';
    expect(parseFloat(getComputedStyle(rootEl).fontSize)).toBeCloseTo(before * 1.5);
  });
});
