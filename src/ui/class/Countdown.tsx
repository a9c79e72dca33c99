/**
 * An open round's countdown, as the projector and the phones show it: "0:42 left", from the time
 * left that the server's state carried (its clock, not this device's: the deadline is this
 * device's receipt of the state plus `closesIn`). The server closes the round itself when it
 * runs out; this only tells the room.
 */
import { useEffect, useState } from 'react';

const T = {
  left: (t: string) => `${t} left`,
  label: 'Time left to vote',
};

/** 75 000 ms → "1:15"; 9 000 → "0:09". */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** `stamp` changes with each state received (the round), so a new countdown starts. */
export function Countdown({ closesIn, stamp }: { closesIn: number; stamp: string }) {
  const [left, setLeft] = useState(closesIn);
  useEffect(() => {
    // The deadline on this device's clock: the state's receipt (about now) plus the time left.
    const deadline = performance.now() + closesIn;
    const tick = () => setLeft(Math.max(0, deadline - performance.now()));
    tick();
    const id = window.setInterval(tick, 250);
    return () => window.clearInterval(id);
  }, [closesIn, stamp]);
  const text = clock(left);
  return (
    <span
      className={`class-countdown ${left <= 10_000 ? 'ending' : ''}`}
      data-testid="class-countdown"
      // A screen reader reads it when asked (a timer that speaks every second is noise).
      role="timer"
      aria-label={T.label}
    >
      {T.left(text)}
    </span>
  );
}
