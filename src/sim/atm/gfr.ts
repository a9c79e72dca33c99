import type { Time } from '../core/time';

/**
 * Frame-based GCRA (ITU-T I.371.1; S3 §3.2) per VC: T = 1/MCR, τ = BT + CDVT,
 * BT = (MBS − 1)(1/MCR − 1/PCR). The first cell decides the eligibility of the whole frame;
 * only eligible frames advance the theoretical arrival time TAT.
 */
export class FrameGcra {
  readonly tat: Float64Array;
  readonly eligible: Uint8Array;

  constructor(
    /** Increment T per VC (ps); Infinity for a VC without an MCR. */
    readonly T: Float64Array,
    /** Limit τ per VC (ps). */
    readonly tau: Float64Array,
  ) {
    this.tat = new Float64Array(T.length);
    this.eligible = new Uint8Array(T.length);
  }

  /** First cell of a frame at t with CLP `clp`: is the frame eligible for the guarantee? */
  firstCell(vc: number, t: Time, clp: number): boolean {
    const T = this.T[vc];
    if (clp === 1 || T === Infinity || this.tat[vc] - t > this.tau[vc]) {
      this.eligible[vc] = 0;
      return false;
    }
    this.eligible[vc] = 1;
    this.tat[vc] = Math.max(this.tat[vc], t) + T;
    return true;
  }

  /** A later cell of the frame: it inherits the first cell's eligibility. */
  laterCell(vc: number, t: Time): void {
    if (this.eligible[vc]) this.tat[vc] = Math.max(this.tat[vc], t) + this.T[vc];
  }
}

/** F-GCRA parameters from rates in cells/s: T = 1/MCR, τ = (MBS − 1)(1/MCR − 1/PCR) + CDVT. */
export function gcraParams(
  mcr: number,
  pcr: number,
  mbs: number,
  cdvt: Time,
): { T: number; tau: number } {
  if (mcr <= 0) return { T: Infinity, tau: 0 };
  const T = 1e12 / mcr;
  const bt = (mbs - 1) * Math.max(0, T - 1e12 / pcr);
  return { T, tau: bt + cdvt };
}
