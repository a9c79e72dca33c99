/** Progress on stderr for long CLI runs: a bar, the count, the workers, elapsed time and ETA;
 * rewritten in place on a terminal, else one line at most every second. */
import { etaSeconds, formatDuration } from '../sweep';

const BAR = 24;

export function progressLine(
  name: string,
  done: number,
  total: number,
  unit: string,
  lanes: number,
  elapsedMs: number,
): string {
  const eta = etaSeconds(done, total, elapsedMs);
  const frac = total > 0 ? done / total : 1;
  const filled = Math.round(frac * BAR);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}]`;
  return `${name}: ${bar} ${done}/${total} ${unit} (${Math.floor(100 * frac)}%), ${lanes} worker${lanes === 1 ? '' : 's'}, ${formatDuration(elapsedMs / 1000)} elapsed${eta === null || done >= total ? '' : `, ETA ${formatDuration(eta)}`}`;
}

export function progress(name: string, total: number, unit: string, lanes: number) {
  const t0 = performance.now();
  const tty = process.stderr.isTTY === true;
  let last = -Infinity;
  const line = (done: number) =>
    progressLine(name, done, total, unit, lanes, performance.now() - t0);
  return {
    update(done: number) {
      const now = performance.now();
      if (tty) process.stderr.write(`\r${line(done)}\x1b[K`);
      else if (done === total || now - last >= 1000) {
        process.stderr.write(line(done) + '\n');
        last = now;
      }
    },
    /** Ends the bar and returns the wall time in seconds. */
    end(done: number): number {
      const el = (performance.now() - t0) / 1000;
      if (tty) process.stderr.write(`\r${line(done)}\x1b[K\n`);
      process.stderr.write(`${name}: ${done} ${unit} in ${el.toFixed(1)} s wall\n`);
      return el;
    },
  };
}
