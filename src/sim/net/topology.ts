/**
 * Networks of switches, in ns-3's shape: nodes (hosts and switches), links with a
 * rate and a propagation delay, and switch output ports, each with its own buffer K, policy,
 * scheduler, thresholds and per-VC accounting (X_i, N_a over the VCs that cross it). Each VC
 * has a route: the ports it crosses, in order.
 *
 * The split of the model:
 * - topology.ts (this file): the templates. From a scenario it builds a NetSpec: pure data,
 *   the nodes, the ports (node, rate, link delay onward, VCs crossing) and each VC's route.
 * - route.ts: per port the local index of each VC crossing it, and the wiring of the SwitchPort
 *   objects along each route (port.connect).
 * - build.ts: the SwitchPort objects built from the scenario (policy, scheduler, GCRA per
 *   port), wired, and where each connection's frames enter.
 * - network.ts: the ports of a run, advanced together in route order, and their totals.
 * - ../atm/port.ts: one switch output port. Its VCs are fed either by an access link (cells
 *   at times known in advance from the frame, as in the single-switch model) or by a previous
 *   switch (cells on a CellTrain, ../atm/cellTrain.ts). A port that is not a VC's last hop hands the VC's departing
 *   cells to the next port, dead cells included: cells of damaged frames take capacity
 *   downstream. Only the last hop reassembles frames (corruption, orphans, dead cells).
 * - ../hosts/: TCP senders and receivers, access links, the reverse path.
 * - ../simulation.ts: the event heap, its dispatch, live changes.
 *
 * Templates:
 * - single (default): N sources on access links into one switch whose output
 *   port is the bottleneck. Exactly the single-switch model (tests/golden/engine.json).
 * - chain (S4 §4 Fig. 2: three ATM switches, 2 Mbit/s links except the congested 1.5 Mbit/s
 *   one; S1 "Simulation Experiment": source switch → bottleneck → destination switch): every
 *   VC crosses `hops` switch ports in a row. Port `bottleneckHop` runs at linkMbps, the others
 *   at hopMbps; hopDelayMs separates consecutive switches.
 * - parking-lot (the ATM Forum's parking-lot configuration: one group of VCs crosses every
 *   hop; at each hop a local group joins and leaves after one hop): `hops` switches in a row.
 *   A VC with entryHop_i = 0 is long: it crosses every port, 0 … hops−1, and its receivers
 *   sit behind the last. A VC with entryHop_i = h ≥ 1 is local to hop h: it crosses port h
 *   only, and its receivers sit behind that port's link. So port 0 carries the long group
 *   alone and each later port the long group plus its local group: the long VCs meet
 *   competition at every congested hop, each local group at one. entryHop = -1 spreads the VCs
 *   in turn (VC i → i mod hops: i mod hops = 0 is the long group).
 * - edge (S1's DFBA configuration: "Local switches merge TCP sources", 5 VCs of 10 or 20 TCPs
 *   through the backbone link): one edge switch per VC, as S1's figure draws TCP 1 … 20 into a
 *   switch, and then the backbone. Each TCP of the VC has its own access link into the edge
 *   switch, whose output port (ports 0 … N−1, hop 0: hopMbps, portPolicy's hop 0, hopDelayMs
 *   to the core) queues per connection and merges them onto the VC frame by frame
 *   (atm/schedulers/frameMerge.ts: a frame leaves whole once it has ended there, so no two
 *   frames interleave on the VC). The core switch's port (port N, hop 1) is the bottleneck,
 *   at linkMbps, with the receivers behind it, as in single. One switch per VC rather than one
 *   shared edge switch with an output per VC: in the model they are the same (each output port
 *   has its own buffer), and per-switch naming matches the figure.
 *
 * Every port runs the scenario's buffer policy unless portPolicy names another for its hop.
 * (choice) Under edge, GFR conformance (F-GCRA with the VC's contract, MFS) is checked per
 * connection at the edge switch, the first switch as in the other templates.
 *
 * (choice) Background traffic (CBR/VBR) is served at the bottleneck port only; GFR conformance
 * (F-GCRA, MFS) is checked at each VC's first switch. The reverse (ACK) path stays
 * uncongested; it gets the inter-switch delays of the forward route in addition to the
 * scenario's reverse propagation.
 */
import type { Time } from '../core/time';
import { millis } from '../core/time';
import type { Policy, Scenario } from '../scenario/schema';
import { TOPOLOGIES, perVc } from '../scenario/schema';

export type TopologyName = (typeof TOPOLOGIES)[number];

export interface NodeSpec {
  id: string;
  kind: 'host' | 'switch';
}

export interface PortSpec {
  /** e.g. "sw1→sw2" or "sw3→receivers". */
  id: string;
  /** The switch that owns the port. */
  node: string;
  hop: number;
  /** Output link rate (Mbit/s of cells). */
  mbps: number;
  /** Propagation delay of the link from this port to the next switch (ps); 0 on the last. */
  propNext: Time;
  /** Global VC of each of the port's queues, increasing. A merging port (an edge switch's)
   * has one queue per connection of its VC, in connection order: the VC repeated. */
  vcs: number[];
  /** An edge switch's port: its queues are connections merged frame by frame onto one VC. */
  merges: boolean;
  /** Its buffer policy: the scenario's, or the port's entry of portPolicy. */
  policy: Policy;
}

export interface NetSpec {
  topology: TopologyName;
  nodes: NodeSpec[];
  ports: PortSpec[];
  /** Per VC: indices of the ports it crosses, in order (increasing: ports are numbered in
   * route order, so advancing them by index moves every cell downstream). */
  routes: number[][];
  /** Index of the bottleneck port (the one the metrics' ceiling and probes refer to). */
  bottleneck: number;
  /** Per VC: the sum of the propagation delays of the links between the switches of its
   * route (ps). */
  routeProp: Float64Array;
}

/** The hop that is the bottleneck: bottleneckHop, with -1 (or anything past the end) the last. */
export function bottleneckHopOf(s: Scenario): number {
  const last = s.hops - 1;
  return s.bottleneckHop < 0 || s.bottleneckHop > last ? last : s.bottleneckHop;
}

/** The buffer policy of the port of hop `h`: portPolicy_h, 'same' meaning the scenario's. */
export function portPolicyOf(s: Scenario, h: number): Policy {
  const p = perVc(s.portPolicy, h);
  return p === 'same' ? s.policy : p;
}

/** The switch at which VC `vc` enters a parking lot: entryHop, -1 spreading VCs cyclically.
 * 0 = a long VC (every hop); h ≥ 1 = a local VC of hop h (that port only). */
export function entryHopOf(s: Scenario, vc: number): number {
  const e = perVc(s.entryHop, vc);
  return e < 0 ? vc % s.hops : Math.min(e, s.hops - 1);
}

/** The buffer policy of the port of hop `h` under `s`: the single switch's is the scenario's,
 * a network's port's its entry of portPolicy (portPolicyOf). */
function policyAt(s: Scenario, h: number): Policy {
  return s.topology === 'single' ? s.policy : portPolicyOf(s, h);
}

/**
 * The network `spec` under the buffer policies of `next`, a live change of the running
 * scenario (Simulation.applyLive): the same nodes, routes and ports, each port with next's
 * policy for its hop. `spec` itself is left as it was.
 */
export function withPolicies(spec: NetSpec, next: Scenario): NetSpec {
  return { ...spec, ports: spec.ports.map((p) => ({ ...p, policy: policyAt(next, p.hop) })) };
}

/** The network of scenario `s`. A run builds it once (Simulation.topology, which live changes
 * of the buffer policies update through withPolicies); read it from there. */
export function buildTopology(s: Scenario): NetSpec {
  const nVc = s.sources;
  const all = Array.from({ length: nVc }, (_, i) => i);
  const hosts: NodeSpec[] = [
    ...all.map((i) => ({ id: `src${i}`, kind: 'host' as const })),
    { id: 'receivers', kind: 'host' },
  ];
  if (s.topology === 'single') {
    return {
      topology: 'single',
      nodes: [...hosts, { id: 'sw1', kind: 'switch' }],
      ports: [
        {
          id: 'sw1→receivers',
          node: 'sw1',
          hop: 0,
          mbps: s.linkMbps,
          propNext: 0,
          vcs: all,
          policy: policyAt(s, 0),
          merges: false,
        },
      ],
      routes: all.map(() => [0]),
      bottleneck: 0,
      routeProp: new Float64Array(nVc),
    };
  }
  if (s.topology === 'edge') return edgeTopology(s, hosts);
  const H = s.hops;
  const b = bottleneckHopOf(s);
  const entry = all.map((v) => (s.topology === 'chain' ? 0 : entryHopOf(s, v)));
  // Long VCs (entry 0) cross every port; a local VC only the port of its entry switch.
  const crosses = (v: number, h: number) => (entry[v] === 0 ? true : entry[v] === h);
  const ports: PortSpec[] = [];
  for (let h = 0; h < H; h++) {
    const node = `sw${h + 1}`;
    ports.push({
      id: `${node}→${h === H - 1 ? 'receivers' : `sw${h + 2}`}`,
      node,
      hop: h,
      mbps: h === b ? s.linkMbps : perVc(s.hopMbps, h),
      propNext: h === H - 1 ? 0 : millis(perVc(s.hopDelayMs, h)),
      vcs: all.filter((v) => crosses(v, h)),
      policy: policyAt(s, h),
      merges: false,
    });
  }
  const routes = all.map((v) => ports.filter((p) => crosses(v, p.hop)).map((p) => p.hop));
  // The links between the switches of a route (its last port's link leads to its receivers).
  const routeProp = Float64Array.from(routes, (r) =>
    r.slice(0, -1).reduce((a, h) => a + ports[h].propNext, 0),
  );
  return {
    topology: s.topology,
    nodes: [...hosts, ...ports.map((p) => ({ id: p.node, kind: 'switch' as const }))],
    ports,
    routes,
    bottleneck: b,
    routeProp,
  };
}

/** The edge template: per VC an edge switch merging its connections, then the core switch. */
function edgeTopology(s: Scenario, hosts: NodeSpec[]): NetSpec {
  const nVc = s.sources;
  const all = Array.from({ length: nVc }, (_, i) => i);
  const edges: PortSpec[] = all.map((v) => ({
    id: `edge${v + 1}→core`,
    node: `edge${v + 1}`,
    hop: 0,
    mbps: perVc(s.hopMbps, 0),
    propNext: millis(perVc(s.hopDelayMs, 0)),
    vcs: Array.from({ length: s.tcpsPerVc }, () => v),
    policy: policyAt(s, 0),
    merges: true,
  }));
  const core: PortSpec = {
    id: 'core→receivers',
    node: 'core',
    hop: 1,
    mbps: s.linkMbps,
    propNext: 0,
    vcs: all,
    policy: policyAt(s, 1),
    merges: false,
  };
  const ports = [...edges, core];
  return {
    topology: 'edge',
    // src<v>: the hosts of VC v's connections.
    nodes: [...hosts, ...ports.map((p) => ({ id: p.node, kind: 'switch' as const }))],
    ports,
    routes: all.map((v) => [v, nVc]),
    bottleneck: nVc,
    routeProp: Float64Array.from(all, (v) => edges[v].propNext),
  };
}
