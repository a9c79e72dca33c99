/**
 * A number's slider: a native range input (keyboard operable, live value on `input`, commit on
 * the native `change`: pointer release or a keyboard step, never on every pixel of a drag).
 * Its positions come from the parameter's scale (sliderScale.ts): the value itself on a
 * linear slider, a round value on a logarithmic one, where the arrow keys go to the next round
 * value above or below the current value (kept as typed, 1088 cells → 1200 or 1000).
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import type { NumberParam } from '../../sim';
import { scaleOf } from './sliderScale';

export interface SliderProps {
  id: string;
  label: string;
  valueText: string;
  def: NumberParam;
  value: number;
  disabled: boolean;
  describedBy: string | undefined;
  /** A live value while dragging (the number as text). */
  onInput(raw: string): void;
  /** The value to commit (the number as text). */
  onCommit(raw: string): void;
}

const UP = new Set(['ArrowUp', 'ArrowRight']);
const DOWN = new Set(['ArrowDown', 'ArrowLeft']);

export function Slider(p: SliderProps) {
  const ref = useRef<HTMLInputElement>(null);
  const scale = scaleOf(p.def);
  const valueOf = (pos: string) => String(scale.fromPos(Number(pos)));
  const commitEvent = useEffectEvent((pos: string) => p.onCommit(valueOf(pos)));
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onChange = () => commitEvent(el.value);
    el.addEventListener('change', onChange);
    return () => el.removeEventListener('change', onChange);
  }, []);
  return (
    <input
      ref={ref}
      id={p.id}
      type="range"
      className="sc-range"
      data-scale={scale.kind}
      aria-label={p.label}
      aria-valuetext={p.valueText}
      aria-describedby={p.describedBy}
      min={scale.min}
      max={scale.max}
      step={scale.step}
      value={scale.toPos(p.value)}
      disabled={p.disabled}
      onKeyDown={(e) => {
        // A log slider's arrows step from the value itself, which may lie between positions.
        if (scale.kind !== 'log' || e.altKey || e.ctrlKey || e.metaKey) return;
        const dir = UP.has(e.key) ? 1 : DOWN.has(e.key) ? -1 : 0;
        if (dir === 0) return;
        e.preventDefault();
        const next = scale.next(p.value, dir);
        if (next !== p.value) p.onCommit(String(next));
      }}
      onChange={(e) => {
        // React's onChange also sees the native `change`; only `input` is a live update.
        if (e.nativeEvent.type === 'input') p.onInput(valueOf(e.currentTarget.value));
      }}
    />
  );
}
