// Random valid scenarios over the whole schema (no vitest import: scripts use it too).
import type { Policy, Scenario } from '../../src/sim';
import { POLICIES, SCHEDULERS, TCP_VARIANTS, defaultScenario } from '../../src/sim';
import type { Random } from '../../src/sim/core/random';

/** A random valid scenario whose duration is drawn from [minSeconds, maxSeconds), its buffer
 * policy one of `policies` (default every registered one). */
export function randomScenario(
  r: Random,
  minSeconds = 0.2,
  maxSeconds = 1,
  policies: readonly Policy[] = POLICIES,
): Scenario {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r.next() * xs.length)];
  const s = defaultScenario();
  s.sources = 1 + Math.floor(r.next() * 8);
  s.linkMbps = pick([1.5, 10, 37.44, 149.76]);
  s.accessMbps = [pick([s.linkMbps, 149.76, 155])];
  s.rttMs = r.next() < 0.7 ? [pick([0.03, 0.5, 5, 30])] : [pick([0.03, 0.5]), pick([5, 30])];
  s.bufferCells = 50 + Math.floor(r.next() * 3000);
  s.scheduler = pick(SCHEDULERS);
  s.policy = pick(policies);
  if (r.next() < 0.5) s.epdB = pick([0, 0.5, 1, 2, 4]);
  else s.epdThreshold = Math.floor(r.next() * s.bufferCells);
  s.keepEom = r.next() < 0.7;
  s.mtu = pick([552, 1500, 4352, 9180]);
  s.encaps = pick(['llc', 'vcmux'] as const);
  s.window = pick([8192, 16384, 52224, 65536, 131072]);
  s.dupAck = pick([1, 2, 3, 10]);
  s.granularityMs = pick([0, 20, 100, 200, 500]);
  s.rtoMinMs = pick([0, 200, 1000]);
  s.ssthreshRule = pick(['rfc5681', 'bsd'] as const);
  s.initialCwnd = pick([1, 2, 4]);
  s.nagle = r.next() < 0.8;
  s.ack = pick(['delayed', 'every'] as const);
  s.appReadMbps = pick([0, 0, 5, 50]);
  s.cbrMbps = r.next() < 0.3 ? s.linkMbps * pick([0.2, 0.4, 0.6]) : 0;
  s.cbrSharesBuffer = r.next() < 0.5;
  s.tcp = r.next() < 0.6 ? [pick(TCP_VARIANTS)] : [pick(TCP_VARIANTS), pick(TCP_VARIANTS)];
  s.tcpsPerVc = pick([1, 1, 1, 3]);
  s.mcr = r.next() < 0.5 ? [0] : [pick([5, 10, 20]), pick([10, 40])];
  s.tagged = r.next() < 0.7 ? [false] : [false, true];
  s.start = r.next() < 0.7 ? [0] : [0, 0.05, 0.1];
  s.gfr = r.next() < 0.2;
  s.gfrAction = pick(['tag', 'discard'] as const);
  s.vbrMbps = r.next() < 0.2 ? s.linkMbps * 0.5 : 0;
  s.vbrOnMs = pick([1, 10]);
  s.vbrOffMs = pick([1, 10]);
  s.ubrShare = pick([0, 0, 0.1]);
  s.eubrPurge = r.next() < 0.5;
  s.eubrTest = pick(['sd', 'fba'] as const);
  s.dfbaZ = pick(['unit', 'complement', 'complement-squared'] as const);
  s.idling = r.next() < 0.2;
  s.cwndInteger = r.next() < 0.2;
  s.cwndEveryN = pick([0, 0, 8]);
  s.sackDelayRtx = r.next() < 0.2;
  s.hostJitterMs = pick([0, 0, 0.3]);
  if (r.next() < 0.2) s.ack = 'stretch';
  s.sndBuf = pick([0, 0, 0, 700, 6000, 16384, 40000]);
  s.timerClock = pick(['host', 'host', 'shared', 'armed', 'oldest'] as const);
  s.timeoutResend = pick(['go-back-n', 'go-back-n', 'overdue'] as const);
  s.rtoExtraMs = pick([0, 0, 200]);
  s.arrivalOrder = pick(['time', 'time', 'random'] as const);
  s.duration = minSeconds + r.next() * (maxSeconds - minSeconds);
  s.seed = r.nextU32();
  s.hostProcMs = pick([0, 0, 0.3]);
  s.hostQueuePkts = pick([1, 2, 8]);
  return s;
}
