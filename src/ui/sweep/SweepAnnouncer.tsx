// What a screen reader hears of a sweep (WCAG 4.1.3): its start, then at most one polite word
// every 5 s of wall time while points come in ("3 of 8 points"), and its end, cancel or failure
// at once. The visible progress line changes with every point and its time left every second;
// read as a live region it spoke 7 times in 0.54 s for 8 points. The announcement queue is the
// run's own (src/ui/announce/queue.ts).
import { useEffect, useRef, useState } from 'react';
import { AnnounceQueue } from '../announce/queue';

export function SweepAnnouncer(p: {
  status: string;
  done: number;
  total: number;
  /** The progress line as shown (said whole when the sweep stands still). */
  text: string;
}) {
  const [said, setSaid] = useState('');
  // The queue lives with the panel; what it says is read when it speaks (the latest figures).
  const latest = useRef(p);
  const queue = useRef<AnnounceQueue | null>(null);
  useEffect(() => {
    latest.current = p;
  });
  useEffect(() => {
    const q = new AnnounceQueue(
      {
        now: () => performance.now(),
        later(f, ms) {
          const id = window.setTimeout(f, ms);
          return () => window.clearTimeout(id);
        },
        news: () => `${latest.current.done} of ${latest.current.total} points`,
        speak: setSaid,
      },
      { settleMs: 0 },
    );
    queue.current = q;
    return () => q.clear();
  }, []);
  useEffect(() => {
    const q = queue.current;
    if (!q) return;
    if (p.status === 'idle') q.clear();
    else if (p.status === 'running') q.poke();
    else q.standStill(() => latest.current.text);
  }, [p.status, p.done]);
  return (
    <p className="sr-only" role="status" aria-live="polite" data-testid="sweep-announce">
      {said}
    </p>
  );
}
