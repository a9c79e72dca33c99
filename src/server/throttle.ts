/**
 * A call made at most once per interval: the first request runs at once if the last run is
 * old enough, later ones within the interval are gathered into one run at its end.
 */
export class Throttle {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastAt = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly run: () => void,
  ) {}

  /** Runs now, or once at the end of the interval (a run already waiting covers this one). */
  request(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastAt + this.intervalMs - Date.now());
    const fire = () => {
      this.timer = null;
      this.lastAt = Date.now();
      this.run();
    };
    if (wait === 0) fire();
    else this.timer = setTimeout(fire, wait);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
