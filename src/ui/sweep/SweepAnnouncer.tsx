// What a screen reader hears of a sweep (WCAG 4.1.3): its start, then at most one polite word
// every 5 s of wall time while points come in ("3 of 8 points"), and its end, cancel or failure
// at once. The visible progress line changes with every point and its time left every second;
// read as a live region it spoke 7 times in 0.54 s for 8 points. The announcement queue is the
// run's own (src/ui/announce/queue.ts).
import { useEffect, useMemo, useRef, useState } from 'react';
import { AnnounceQueue } from '../announce/queue';

export function SweepAnnouncer(p: {
  status: string;
  done: number;
  total: number;
  /** The progress line as shown (said whole when the sweep stands still). */
  text: string;
}) {
  const [said, setSaid] = useState('');
  const latest = useRef(p);
  latest.current = p;
  const queue = useMemo(
    () =>
      new AnnounceQueue(
        {
          now: () => performance.now(),
          later: (f, ms) => {
            const id = setTimeout(f, ms);
            return () => clearTimeout(id);
          },
          news: () => `${latest.current.done} of ${latest.current.total} points`,
          speak: setSaid,
        },
        { settleMs: 0 },
      ),
    [],
  );
  useEffect(() => () => queue.clear(), [queue]);
  useEffect(() => {
    if (p.status === 'idle') queue.clear();
    else if (p.status === 'running') queue.poke();
    else queue.standStill(() => latest.current.text);
  }, [queue, p.status, p.done]);
  return (
    <p className="sr-only" role="status" aria-live="polite" data-testid="sweep-announce">
      {said}
    </p>
  );
}
