import { DROP_REASONS, Simulation, toQuery } from '../sim';
import { metricRows } from './metricText';
import { appCommit, appVersion, parseCli, runCli, scenarioHelp } from './args';
import { APP_NAME } from '../version';
import { stringifyJson } from '../io/json';
import { formatTable } from './table';

const USAGE = `Usage: npm run sim -- (--preset NAME | --url 'URL or ?query') [--set key=value ...]
                      [--KEY value ...] [--duration S] [--seed N] [--json]

Runs one scenario of the TCP-over-ATM model to its end and prints its metrics.
With --json it prints one JSON object: app (name, version, commit), run (complete, the
simulated seconds it covers), scenario, metrics, cells, ports (one entry per switch output
port), wallSeconds, cellsPerSecond.
`;

runCli(() => {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n${scenarioHelp()}\n`);
    return;
  }
  const { scenario, json } = parseCli(argv);
  const t0 = performance.now();
  const sim = new Simulation(scenario).run();
  const wallSeconds = (performance.now() - t0) / 1000;
  const metrics = sim.metrics();
  const cells = sim.cellCounts();
  const bottleneckCells = cells.delivered + cells.background.departed;
  const cellsPerSecond = wallSeconds > 0 ? bottleneckCells / wallSeconds : 0;
  const query = toQuery(scenario);
  if (json) {
    process.stdout.write(
      stringifyJson({
        app: { name: APP_NAME, version: appVersion(), commit: appCommit() },
        run: { complete: true, simulatedSeconds: scenario.duration },
        scenario: { ...scenario, query },
        metrics,
        cells,
        ports: sim.portMetrics(),
        wallSeconds,
        cellsPerSecond,
      }) + '\n',
    );
    return;
  }
  const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
  const out: string[] = [];
  out.push(`scenario  ?${query}`);
  out.push(
    `          ${scenario.sources} × TCP ${scenario.tcp}, ${scenario.linkMbps} Mbit/s, K = ${scenario.bufferCells} cells, ${scenario.policy}${scenario.policy === 'epd' ? ` (R = ${sim.d.epdThreshold} cells)` : ''}, ${scenario.scheduler}, MTU ${scenario.mtu}, ${scenario.duration} s, seed ${scenario.seed}`,
  );
  out.push('');
  out.push(formatTable(['metric', 'value'], metricRows(metrics)));
  out.push('');
  out.push(
    formatTable(
      ['conn', 'goodput Mbit/s', 'timeouts', 'fast rtx', 'segments', 'retransmitted'],
      metrics.perConnection.map((c, i) => [
        String(i),
        c.goodputMbps.toFixed(3),
        String(c.timeouts),
        String(c.fastRetransmits),
        String(c.segmentsSent),
        String(c.segmentsRetransmitted),
      ]),
    ),
  );
  out.push('');
  const reasons = DROP_REASONS.filter((r) => cells.droppedByReason[r]).map(
    (r) => `${r} ${cells.droppedByReason[r]}`,
  );
  out.push(
    `cells     offered ${cells.offered}, accepted ${cells.accepted}, dropped ${cells.dropped}, delivered ${cells.delivered}, in flight ${cells.inFlight}`,
  );
  out.push(`drops     ${reasons.length ? reasons.join(', ') : 'none'}`);
  if (sim.ports.length > 1) {
    out.push('');
    out.push(
      formatTable(
        ['port', 'in', 'out', 'dropped', 'max X', 'efficiency', 'fairness'],
        sim
          .portMetrics()
          .map((p) => [
            p.id,
            String(p.cellsIn),
            String(p.cellsOut),
            String(p.cellsDropped),
            String(p.maxOccupancy),
            pct(p.efficiency),
            p.fairness.toFixed(4),
          ]),
      ),
    );
  }
  if (cells.background.arrived > 0)
    out.push(
      `CBR       arrived ${cells.background.arrived}, departed ${cells.background.departed}, dropped ${cells.background.dropped}`,
    );
  out.push(
    `wall      ${wallSeconds.toFixed(3)} s, ${(cellsPerSecond / 1e6).toFixed(2)} M bottleneck cells/s`,
  );
  process.stdout.write(out.join('\n') + '\n');
});
