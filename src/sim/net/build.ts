import type { FramePool } from '../atm/frames';
import { FrameGcra, gcraParams } from '../atm/gfr';
import { createPolicy } from '../atm/policies';
import type { BufferPolicy } from '../atm/policies/types';
import type { PortConfig } from '../atm/port';
import { SwitchPort } from '../atm/port';
import { SCHEDULER_FACTORIES } from '../atm/schedulers';
import { FrameMergeScheduler } from '../atm/schedulers/frameMerge';
import type { Random } from '../core/random';
import type { Time } from '../core/time';
import { PS_PER_SECOND, cellRate, millis } from '../core/time';
import type { Derived, PortDerived, PortInput } from '../scenario/derive';
import { derivePort } from '../scenario/derive';
import type { Policy, Scenario } from '../scenario/schema';
import { perVc } from '../scenario/schema';
import type { BackgroundSource } from '../traffic/background';
import { CbrSource } from '../traffic/cbr';
import { VbrSource } from '../traffic/vbr';
import type { FrameSink, PortRecorder } from './network';
import { Network, PortTap } from './network';
import { Routing } from './route';
import type { NetSpec, PortSpec } from './topology';
import { buildTopology } from './topology';

/** Where each connection's frames enter the network, and where its ACKs come back from. */
export interface Wiring {
  /** Frame records of every port. */
  readonly frames: FramePool;
  /** VC of each connection. */
  readonly vcOf: Int32Array;
  /** Per connection: the port its access link leads to and its queue there (the VC's, or at
   * an edge switch its own), and the NIC (access link) it sends on: its VC's, or its own. */
  readonly ingress: SwitchPort[];
  readonly ingressVc: Int32Array;
  readonly nicOf: Int32Array;
  /** Per VC: propagation of the ACK path (ps): the scenario's reverse propagation and the
   * links between the switches of the forward route. */
  readonly propReverse: Float64Array;
}

/** The switch ports of a run, built and wired from its scenario. */
export interface BuiltNetwork extends Wiring {
  readonly topology: NetSpec;
  /** Every switch output port, in route order (net/topology.ts). */
  readonly ports: SwitchPort[];
  /** The bottleneck port (the only one of the single topology). */
  readonly port: SwitchPort;
  readonly net: Network;
  /** Global VC of each of the bottleneck port's VCs. */
  readonly bottleneckVcs: Int32Array;
}

export interface BuildOptions {
  /** The frame records every port shares. */
  frames: FramePool;
  /** Queue probe period (ps), 0 without the probe. */
  sampleInterval: Time;
  /** The one port whose drops the loss probe records, or how to find it in the network;
   * default every port. */
  lossPort?: number | ((topology: NetSpec) => number);
  /** Whether ports may run windows of slots in one step (SimOptions.slotBySlot). */
  windows: boolean;
  /** Random streams: background phases, policies (forked for each port after the first), and
   * the tie order of simultaneous arrivals (arrivalOrder 'random'), or undefined. */
  bgRng: Random;
  policyRng: Random;
  tieRng: Random | undefined;
}

/**
 * What one port of a network is derived from (derivePort): the VCs `vcs` that cross it (each
 * per-VC list picked for them, renumbered 0..n−1), its own output rate, and background only at
 * the bottleneck. Its policy and scheduler are built from this, so that N, ΣW_i, K/N and the
 * like count the VCs that use the port.
 */
export function portInput(s: Scenario, p: PortSpec, bottleneck: boolean): PortInput {
  const vcs = p.vcs;
  const mine = (list: readonly number[]) =>
    vcs.length > 0 ? vcs.map((i) => perVc(list, i)) : list;
  return {
    nVc: Math.max(1, vcs.length),
    linkMbps: p.mbps,
    cbrMbps: bottleneck ? s.cbrMbps : 0,
    vbrMbps: bottleneck ? s.vbrMbps : 0,
    vbrOnMs: s.vbrOnMs,
    vbrOffMs: s.vbrOffMs,
    ubrShare: s.ubrShare,
    bufferCells: s.bufferCells,
    mtu: s.mtu,
    encaps: s.encaps,
    mfs: s.mfs,
    epdThreshold: s.epdThreshold,
    epdB: s.epdB,
    dfbaZ: s.dfbaZ,
    eubrGuardMs: s.eubrGuardMs,
    eubrR: s.eubrR,
    accessMbps: mine(s.accessMbps),
    rttMs: mine(s.rttMs),
    mcr: mine(s.mcr),
    fifoR: s.fifoR && mine(s.fifoR),
    wfqWeights: s.wfqWeights && mine(s.wfqWeights),
  };
}

/** F-GCRA of the VCs `vcs` (global indices) at their first switch, or undefined without GFR. */
function gcraFor(s: Scenario, d: Derived, vcs: readonly number[]): FrameGcra | undefined {
  if (!s.gfr) return undefined;
  const T = new Float64Array(vcs.length);
  const tau = new Float64Array(vcs.length);
  vcs.forEach((v, i) => {
    const g = gcraParams(d.mcrCells[v], d.accessCellRate[v], s.mbs, millis(s.cdvtMs));
    T[i] = g.T;
    tau[i] = g.tau;
  });
  return new FrameGcra(T, tau);
}

/** The buffer policy `policy` of a port (derived as `d`) under scenario `s`, drawing its
 * randomness from `rng`: the registry builds it from the scenario's keys (a policy's own keys
 * are the same at every port) and the port's buffer, VCs and derived quantities. */
function policyFor(policy: Policy, s: Scenario, d: PortDerived, rng: Random): BufferPolicy {
  return createPolicy(policy, s, { K: s.bufferCells, nVc: d.nVc, rng, derived: d });
}

/** The scheduler factory of a port (derived `d`) under scenario `s`. */
function schedulerFor(s: Scenario, d: PortDerived): PortConfig['scheduler'] {
  const nVc = d.nVc;
  const weights = new Float64Array(nVc + 1);
  weights.set(d.wfqWeights);
  // (choice) background that shares the buffer gets the weight of all VCs together under WFQ.
  weights[nVc] = d.wfqWeights.reduce((a, b) => a + b, 0);
  return (nQueues, capacity, buffers) =>
    SCHEDULER_FACTORIES[s.scheduler]({ nQueues, capacity, buffers, weights });
}

/** The background sources (CBR, VBR) served at the bottleneck. */
function backgroundFor(s: Scenario, d: Derived, bgRng: Random): BackgroundSource[] {
  const background: BackgroundSource[] = [];
  if (d.cbrCellRate > 0) {
    background.push(
      new CbrSource(d.cbrCellRate, Math.floor(bgRng.next() * (PS_PER_SECOND / d.cbrCellRate))),
    );
  }
  if (s.vbrMbps > 0) {
    background.push(
      new VbrSource(cellRate(s.vbrMbps), millis(s.vbrOnMs), millis(s.vbrOffMs), bgRng.fork()),
    );
  }
  return background;
}

/**
 * Builds the switch ports of scenario `s` (derived `d`) from its topology (net/topology.ts),
 * wires them along the routes, and says where each connection's frames enter. The single
 * switch is a network of one port. Each port reports frames to `sim` and everything else to
 * `recorder` through its PortTap.
 */
export function buildNetwork(
  s: Scenario,
  d: Derived,
  opts: BuildOptions,
  sim: FrameSink,
  recorder: PortRecorder,
): BuiltNetwork {
  const spec = buildTopology(s);
  const lossPort = typeof opts.lossPort === 'function' ? opts.lossPort(spec) : opts.lossPort;
  const routing = new Routing(spec);
  const frames = opts.frames;
  const background = backgroundFor(s, d, opts.bgRng);
  const ports = spec.ports.map((p, i) => {
    const bottleneck = i === spec.bottleneck;
    const pd = derivePort(portInput(s, p, bottleneck));
    const recordDrops = lossPort === undefined || lossPort === i;
    const tap = new PortTap(sim, recorder, routing.vcGlobal[i], bottleneck, recordDrops);
    const last = p.vcs.map((v) => routing.egressPort[v] === i);
    const port = new SwitchPort(
      {
        K: s.bufferCells,
        nVc: p.vcs.length,
        slot: pd.slotOut,
        propOut: p.vcs.map((v, j) => (last[j] ? d.propOut[v] : p.propNext)),
        keepEom: s.keepEom,
        policy: policyFor(p.policy, s, pd, i === 0 ? opts.policyRng : opts.policyRng.fork()),
        scheduler: p.merges
          ? (nQ, cap, buffers) => new FrameMergeScheduler(nQ, cap, buffers)
          : schedulerFor(s, pd),
        background: bottleneck ? background : [],
        backgroundSharesBuffer: s.cbrSharesBuffer,
        ubrShare: s.ubrShare,
        gcra: gcraFor(s, d, p.vcs),
        gfrDiscard: s.gfrAction === 'discard',
        mfs: s.gfr ? d.mfsCells : Infinity,
        sampleInterval: bottleneck ? opts.sampleInterval : 0,
        tieRng: opts.tieRng,
        windows: opts.windows,
        frames,
      },
      tap,
    );
    tap.port = port;
    return port;
  });
  routing.wire(ports);

  const n = d.nConn;
  const vcOf = new Int32Array(n);
  const ingress: SwitchPort[] = [];
  const ingressVc = new Int32Array(n);
  const nicOf = new Int32Array(n);
  for (let c = 0; c < n; c++) {
    const vc = Math.floor(c / s.tcpsPerVc);
    vcOf[c] = vc;
    const merged = spec.ports[routing.ingressPort[vc]].merges;
    ingress.push(ports[routing.ingressPort[vc]]);
    ingressVc[c] = routing.ingressVc[vc] + (merged ? c - vc * s.tcpsPerVc : 0);
    nicOf[c] = merged ? c : vc;
  }
  return {
    topology: spec,
    ports,
    port: ports[spec.bottleneck],
    net: new Network(ports, routing, d.propOut),
    bottleneckVcs: routing.vcGlobal[spec.bottleneck],
    frames,
    vcOf,
    ingress,
    ingressVc,
    nicOf,
    propReverse: d.propReverse.map((r, v) => r + spec.routeProp[v]),
  };
}

/** The buffer policy of each port of the running network `spec` under scenario `next` (a live
 * change: the same ports, with next's policies: spec is the network with them,
 * net/topology.ts withPolicies), drawing from `rng`. */
export function livePolicies(next: Scenario, spec: NetSpec, rng: Random): BufferPolicy[] {
  return spec.ports.map((p, i) =>
    policyFor(p.policy, next, derivePort(portInput(next, p, i === spec.bottleneck)), rng),
  );
}
