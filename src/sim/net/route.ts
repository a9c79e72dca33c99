import type { SwitchPort } from '../atm/port';
import type { NetSpec } from './topology';

/**
 * Where each VC is at each port of its route (net/topology.ts). A port numbers the VCs that
 * cross it 0..n−1 in increasing global order ("local" indices): its policy and scheduler see
 * only those (X_i and N_a over the VCs that use the port).
 */
export class Routing {
  /** Per port: global VC of each local index. */
  readonly vcGlobal: Int32Array[];
  /** Per port: local index of each global VC (at a merging port, that of the VC's first
   * connection), or -1 when the VC does not cross it. */
  readonly vcLocal: Int32Array[];
  /** Per VC: its first port, and its local index there (where its access link leads). */
  readonly ingressPort: Int32Array;
  readonly ingressVc: Int32Array;
  /** Per VC: its last port (toward its receivers). */
  readonly egressPort: Int32Array;

  constructor(readonly spec: NetSpec) {
    const nVc = spec.routes.length;
    this.vcGlobal = spec.ports.map((p) => Int32Array.from(p.vcs));
    this.vcLocal = spec.ports.map((p) => {
      const m = new Int32Array(nVc).fill(-1);
      p.vcs.forEach((v, i) => {
        if (m[v] < 0) m[v] = i;
      });
      return m;
    });
    this.ingressPort = Int32Array.from(spec.routes, (r) => r[0]);
    this.egressPort = Int32Array.from(spec.routes, (r) => r[r.length - 1]);
    this.ingressVc = Int32Array.from(spec.routes, (r, v) => this.vcLocal[r[0]][v]);
  }

  /** Links the ports along every route: each hop hands the VC's cells to the next (from
   * every queue of the VC: a merging port's connections all go on as the one VC). */
  wire(ports: readonly SwitchPort[]): void {
    this.spec.routes.forEach((route, v) => {
      for (let i = 0; i + 1 < route.length; i++) {
        const a = route[i];
        const b = route[i + 1];
        this.vcGlobal[a].forEach((g, local) => {
          if (g === v) ports[a].connect(local, ports[b], this.vcLocal[b][v]);
        });
      }
    });
  }
}
