import { useCallback, useEffect, useRef, useState } from 'react';
import type { Metrics, ScenarioIssue } from '../sim';
import { PRESETS, parseScenario, toQuery } from '../sim';
import type { Batch, RunInfo } from '../worker/protocol';
import { SimClient } from '../worker/client';
import { METRIC_INFO } from './metricInfo';

const SPEEDS: { label: string; value: number }[] = [
  { label: '0.01×', value: 0.01 },
  { label: '0.1×', value: 0.1 },
  { label: '1×', value: 1 },
  { label: '10×', value: 10 },
  { label: 'Max', value: Infinity },
];

interface Live {
  t: number;
  done: boolean;
  playing: boolean;
  metrics: Metrics;
  drops: number;
  delivered: number;
}

/** Reads the scenario from the page URL; rejected keys become banner messages. */
function initialQuery(): { query: string; issues: ScenarioIssue[] } {
  const { scenario, errors } = parseScenario(window.location.search);
  return { query: toQuery(scenario), issues: errors };
}

export function App() {
  const [{ query, issues }, setScenario] = useState(initialQuery);
  const [info, setInfo] = useState<RunInfo | null>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [speed, setSpeed] = useState<number>(Infinity);
  const client = useRef<SimClient | null>(null);
  const pending = useRef<Batch | null>(null);
  const frame = useRef(0);

  // One state update per animation frame, whatever the batch rate.
  const onBatch = useCallback((b: Batch) => {
    pending.current = b;
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const last = pending.current;
      if (!last) return;
      setLive({
        t: last.t,
        done: last.done,
        playing: last.playing,
        metrics: last.metrics,
        drops: last.cells.dropped,
        delivered: last.cells.delivered,
      });
    });
  }, []);

  useEffect(() => {
    const c = new SimClient({
      started: (i) => {
        setInfo(i);
        setLive(null);
        setFailure(null);
      },
      batch: onBatch,
      failed: (m) => setFailure(m),
    });
    client.current = c;
    return () => c.dispose();
  }, [onBatch]);

  useEffect(() => {
    window.history.replaceState(null, '', `?${query}`);
    client.current?.start(query, { play: true, speed });
    // Restart only when the scenario changes; speed changes are sent as 'play'.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const restartWorker = () => {
    setFailure(null);
    client.current?.restart();
    client.current?.start(query, { play: true, speed });
  };

  const choosePreset = (name: string) => {
    const { scenario } = parseScenario(`preset=${name}`);
    setScenario({ query: toQuery(scenario), issues: [] });
  };

  const playing = live?.playing ?? false;
  const duration = info?.durationSeconds ?? 1;
  const progress = live ? Math.min(1, live.t / duration) : 0;
  const m = live?.metrics;

  return (
    <div className="app">
      <header className="app-header">
        <h1>TCP-over-ATM Lab</h1>
        <p className="tagline">
          TCP connections competing for a congested ATM switch, cell by cell.
        </p>
      </header>

      {issues.length > 0 && (
        <div className="banner banner-warn" role="alert" data-testid="url-issues">
          <strong>
            Some settings in the link were not understood; defaults are used for them:
          </strong>
          <ul>
            {issues.map((i) => (
              <li key={i.key + i.message}>{i.message}</li>
            ))}
          </ul>
        </div>
      )}
      {failure && (
        <div className="banner banner-error" role="alert" data-testid="worker-failure">
          <strong>The simulation stopped:</strong> {failure}. Your scenario is kept in the address
          bar.{' '}
          <button type="button" onClick={restartWorker}>
            Restart simulation
          </button>
        </div>
      )}

      <section className="controls" aria-label="Playback">
        <label>
          Preset{' '}
          <select
            aria-label="Preset"
            defaultValue=""
            onChange={(e) => e.target.value && choosePreset(e.target.value)}
          >
            <option value="">(current scenario)</option>
            {PRESETS.map((p) => (
              <option key={p.name} value={p.name} title={p.description}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={() => (playing ? client.current?.pause() : client.current?.play(speed))}
          disabled={live?.done}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" onClick={() => client.current?.step(1)} disabled={live?.done}>
          Step 1 ms
        </button>
        <button type="button" onClick={() => client.current?.start(query, { play: true, speed })}>
          Restart
        </button>
        <label>
          Speed{' '}
          <select
            aria-label="Speed"
            value={String(speed)}
            onChange={(e) => {
              const v = Number(e.target.value);
              setSpeed(v);
              if (playing) client.current?.play(v);
            }}
          >
            {SPEEDS.map((s) => (
              <option key={s.label} value={String(s.value)}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <div className="clock" aria-live="off">
          <span data-testid="sim-time">{(live?.t ?? 0).toFixed(3)}</span> s of {duration} s
        </div>
        <progress max={1} value={progress} aria-label="Run progress" />
      </section>

      <section className="scenario" aria-label="Scenario">
        <code data-testid="scenario-query">?{query}</code>
        {info && (
          <p>
            {info.scenario.sources} VCs × {info.scenario.tcpsPerVc} TCP{' '}
            {info.scenario.tcp.join('/')} · {info.scenario.linkMbps} Mbit/s bottleneck · K ={' '}
            {info.scenario.bufferCells} cells · {info.scenario.policy}
            {info.scenario.policy === 'epd' ? ` (R = ${info.epdThreshold} cells)` : ''} ·{' '}
            {info.scenario.scheduler} · MTU {info.scenario.mtu}
            {info.scenario.cbrMbps > 0 ? ` · CBR ${info.scenario.cbrMbps} Mbit/s` : ''}
          </p>
        )}
      </section>

      <section className="metrics" aria-label="Live metrics" data-testid="metrics">
        {METRIC_INFO.map((d) => (
          <div className="metric" key={d.key} title={d.help} data-metric={d.key}>
            <div className="metric-label">{d.label}</div>
            <div className="metric-value">{m ? d.format(m[d.key]) : '–'}</div>
          </div>
        ))}
      </section>

      {m && (
        <table className="connections" aria-label="Per-connection results">
          <thead>
            <tr>
              <th>Connection</th>
              <th>Goodput</th>
              <th>Timeouts</th>
              <th>Fast retransmits</th>
              <th>Segments</th>
              <th>Retransmitted</th>
            </tr>
          </thead>
          <tbody>
            {m.perConnection.map((c, i) => (
              <tr key={i}>
                <td>TCP {i + 1}</td>
                <td>{c.goodputMbps.toFixed(2)} Mbit/s</td>
                <td>{c.timeouts}</td>
                <td>{c.fastRetransmits}</td>
                <td>{c.segmentsSent}</td>
                <td>{c.segmentsRetransmitted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <footer className="foot">
        Cells delivered {live?.delivered ?? 0} · dropped {live?.drops ?? 0}. Copy the address to
        share this exact run;
        <code> npm run sim -- --url '…'</code> replays it from the command line.
      </footer>
    </div>
  );
}
