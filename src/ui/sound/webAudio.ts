/**
 * The run's sounds through Web Audio (sonify.ts decides what to play): one soft sine tone whose
 * pitch glides to the buffer's, short clicks for drops, a low double tone for a timeout. The
 * context starts on the click that turns sound on (browsers start audio only on a gesture) and
 * closes when it is turned off.
 */
import type { SoundOut } from './sonify';

/** Loudness of the tone, of a click and of the timeout (0–1 gain): quiet under a voice. */
const TONE_GAIN = 0.05;
const CLICK_GAIN = 0.25;
const TIMEOUT_GAIN = 0.2;

export class WebAudioOut implements SoundOut {
  private readonly ctx: AudioContext;
  private osc: OscillatorNode | null = null;
  private gain: GainNode | null = null;

  constructor() {
    this.ctx = new AudioContext();
  }

  tone(hz: number | null): void {
    const now = this.ctx.currentTime;
    if (hz === null) {
      if (this.gain) this.gain.gain.setTargetAtTime(0, now, 0.05);
      return;
    }
    if (!this.osc) {
      this.osc = this.ctx.createOscillator();
      this.gain = this.ctx.createGain();
      this.osc.type = 'sine';
      this.gain.gain.value = 0;
      this.osc.connect(this.gain).connect(this.ctx.destination);
      this.osc.start();
    }
    this.osc.frequency.setTargetAtTime(hz, now, 0.05);
    this.gain!.gain.setTargetAtTime(TONE_GAIN, now, 0.05);
  }

  clicks(n: number): void {
    for (let i = 0; i < n; i++)
      this.blip(this.ctx.currentTime + i * 0.03, 2000, 0.008, CLICK_GAIN, 'square');
  }

  timeout(): void {
    const t = this.ctx.currentTime;
    this.blip(t, 160, 0.12, TIMEOUT_GAIN, 'triangle');
    this.blip(t + 0.16, 120, 0.16, TIMEOUT_GAIN, 'triangle');
  }

  close(): void {
    void this.ctx.close();
  }

  private blip(at: number, hz: number, len: number, level: number, type: OscillatorType): void {
    const o = this.ctx.createOscillator();
    const g = this.ctx.createGain();
    o.type = type;
    o.frequency.value = hz;
    g.gain.setValueAtTime(level, at);
    g.gain.exponentialRampToValueAtTime(0.0001, at + len);
    o.connect(g).connect(this.ctx.destination);
    o.start(at);
    o.stop(at + len + 0.02);
  }
}
