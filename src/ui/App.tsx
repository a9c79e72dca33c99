import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Scenario, ScenarioIssue } from '../sim';
import {
  B_PREFIX,
  LIVE_KEYS,
  PRESENTATION_KEYS,
  PRESETS,
  applyOverrides,
  parseScenario,
  quoteValue,
  toQuery,
} from '../sim';
import type { CompareSpec } from './compare/Compare';
import { Compare } from './compare/Compare';
import type { Batch, RunInfo, StepUnit } from '../worker/protocol';
import { SimClient } from '../worker/client';
import { ScenarioControls } from './controls/ScenarioControls';
import { RunStore } from './data/runStore';
import { ConnectionTable, MetricsPanel } from './MetricsPanel';
import { PerVcView, QueueView } from './views/bufferViews';
import { TopologyView } from './views/TopologyView';
import { Panel } from './views/Panel';
import { reasonStyle } from './views/palette';
import {
  CwndView,
  LossRasterView,
  OccupancyView,
  TimeSeqView,
  dropRecord,
} from './views/timeViews';
import { Inspector } from './inspect/Inspector';
import { ExportMenu } from './export/ExportMenu';
import { SweepPanel } from './sweep';
import type { SweepSettings } from './sweep/urlState';
import { readSweepUrl, stripSweepParams, sweepParams } from './sweep/urlState';
import type { Story } from './stories/stories';
import { storyFor } from './stories/stories';
import { Gallery, StoryPlayer } from './stories/StoryPlayer';
import { ViewState } from './views/viewState';
import { PaperPanel } from './reproduce/PaperPanel';
import { ReproducePage } from './reproduce/ReproducePage';
import { Header } from './Header';
import { PresetDescription } from './PresetDescription';
import { Welcome } from './Welcome';
import { FIRST_PRESET, findPreset, presetScenario, presetState } from './presets';

const SPEEDS: { label: string; value: number }[] = [
  { label: '1/10000× (cells)', value: 1e-4 },
  { label: '1/1000×', value: 1e-3 },
  { label: '1/100×', value: 0.01 },
  { label: '1/10×', value: 0.1 },
  { label: '1× real time', value: 1 },
  { label: '10×', value: 10 },
  { label: 'Max', value: Infinity },
];

interface UrlState {
  query: string;
  issues: ScenarioIssue[];
  embed: boolean;
  presenter: boolean;
  theme: 'light' | 'dark' | null;
  speed: number;
  /** Guided tour of the preset in the URL, and its step (0-based). */
  story: boolean;
  step: number;
  /** A/B comparison: B's overrides of A (`b.key=value`) and the branch time. */
  compare: boolean;
  bOverrides: string;
  branchAt: number | null;
  /** The Reproduce page (`page=reproduce`) instead of the simulation. */
  reproduce: boolean;
  /** The preset the scenario started from (`preset=` or `from=`), if any. */
  base: string | null;
  /** The switch output port the buffer views show (`port=sw2-sw3`), networks only. */
  port: string | null;
}

function readUrl(search: string): UrlState {
  const params = new URLSearchParams(search);
  const bPairs: string[] = [];
  for (const [k, v] of [...params]) {
    if (k.startsWith(B_PREFIX)) {
      bPairs.push(`${encodeURIComponent(k.slice(B_PREFIX.length))}=${encodeURIComponent(v)}`);
      params.delete(k);
    }
  }
  stripSweepParams(params); // the sweep panel's keys (sweep=1&sweep.param=…): urlState.ts
  const view: Record<string, string | null> = {};
  for (const k of PRESENTATION_KEYS) {
    view[k] = params.get(k);
    params.delete(k);
  }
  // A bare URL (no scenario keys) opens the first-visit preset, S0's testbed.
  const bare = [...params.keys()].length === 0;
  if (bare) params.set('preset', FIRST_PRESET);
  const { scenario, errors } = parseScenario(params.toString());
  const issues = [...errors];
  let base = findPreset(params.get('preset'))?.name ?? null;
  if (base === null && view.from !== null) {
    base = findPreset(view.from)?.name ?? null;
    if (base === null)
      issues.push({
        key: 'from',
        message: `from: unknown preset ${quoteValue(view.from)}; ignored`,
      });
  }
  const flag = (k: string) => {
    const v = view[k];
    if (v === null) return false;
    if (v === '1' || v === 'true' || v === '') return true;
    if (v !== '0' && v !== 'false')
      issues.push({ key: k, message: `${k}: ${quoteValue(v)} is not 1 or 0; ignored` });
    return false;
  };
  let theme: UrlState['theme'] = null;
  if (view.theme === 'light' || view.theme === 'dark') theme = view.theme;
  else if (view.theme !== null)
    issues.push({
      key: 'theme',
      message: `theme: ${quoteValue(view.theme)} is not light or dark; ignored`,
    });
  if (view.page !== null && view.page !== 'reproduce')
    issues.push({
      key: 'page',
      message: `page: ${quoteValue(view.page)} is not reproduce; ignored`,
    });
  let port: string | null = null;
  if (view.port !== null) {
    if (/^[A-Za-z0-9_-]+$/.test(view.port)) port = view.port;
    else
      issues.push({
        key: 'port',
        message: `port: ${quoteValue(view.port)} is not a port name such as sw2-sw3; ignored`,
      });
  }
  let speed = 1;
  if (view.speed !== null) {
    const s = view.speed === 'max' ? Infinity : Number(view.speed);
    if (s > 0) speed = s;
    else
      issues.push({
        key: 'speed',
        message: `speed: ${quoteValue(view.speed)} is not a positive number or max`,
      });
  }
  return {
    query: toQuery(scenario),
    issues,
    embed: flag('embed'),
    presenter: flag('presenter'),
    story: flag('story'),
    compare: flag('compare'),
    reproduce: view.page === 'reproduce',
    base,
    bOverrides: bPairs.join('&'),
    branchAt: view.branchAt !== null && Number(view.branchAt) >= 0 ? Number(view.branchAt) : null,
    step: Math.max(0, Math.floor(Number(view.step ?? '1')) - 1) || 0,
    theme,
    speed,
    port,
  };
}

function prefersDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}
function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function App() {
  const initial = useMemo(() => readUrl(window.location.search), []);
  const [query, setQuery] = useState(initial.query);
  const [issues, setIssues] = useState<ScenarioIssue[]>(initial.issues);
  const [failure, setFailure] = useState<string | null>(null);
  const [speed, setSpeed] = useState<number>(initial.speed);
  const [stepUnit, setStepUnit] = useState<StepUnit>('frame');
  const [liveMode, setLiveMode] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [lastStep, setLastStep] = useState<string | null>(null);
  const [embed] = useState(initial.embed);
  const [presenter, setPresenter] = useState(initial.presenter);
  const [theme, setTheme] = useState<'light' | 'dark'>(
    initial.theme ?? (prefersDark() ? 'dark' : 'light'),
  );
  const [story, setStory] = useState<Story | null>(() => {
    if (!initial.story) return null;
    const preset = PRESETS.find(
      (p) => toQuery(parseScenario(`preset=${p.name}`).scenario) === initial.query,
    );
    return storyFor(preset?.name) ?? null;
  });
  const [step, setStep] = useState(initial.step);
  const [gallery, setGallery] = useState(false);
  const sweepUrl = useMemo(() => readSweepUrl(window.location.search), []);
  const [sweep, setSweep] = useState(sweepUrl.open);
  const [sweepSettings, setSweepSettings] = useState<SweepSettings | null>(null);
  const [reproduce, setReproduce] = useState(initial.reproduce && !initial.embed);
  const [compare, setCompare] = useState(initial.compare);
  const [bOverrides, setBOverrides] = useState(initial.bOverrides);
  const [branchAt, setBranchAt] = useState<number | null>(initial.branchAt);
  const [base, setBase] = useState<string | null>(initial.base);
  // The focused port (its URL slug); null: the bottleneck. A ref too, for (re)starts.
  const [focusPort, setFocusPort] = useState<string | null>(initial.port);
  const portRef = useRef<string | null>(initial.port);
  const [showControls, setShowControls] = useState(!initial.embed && window.innerWidth >= 1100);
  const store = useMemo(() => new RunStore(), []);
  const view = useMemo(
    () =>
      new ViewState({
        dark: theme === 'dark',
        presenter,
        reducedMotion: prefersReducedMotion(),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const vs = useSyncExternalStore(view.subscribe, view.get);
  // The chrome re-renders when play state or the run changes, not per batch.
  useSyncExternalStore(store.subscribe, store.getStatus);
  const client = useRef<SimClient | null>(null);
  const frame = useRef(0);
  const speedRef = useRef(speed);
  const queryRef = useRef(query);
  const firstFrame = useRef(false);
  // The sticky bar (playback and the tour's card) changes height; views scrolled into sight
  // keep clear of it (CSS scroll-margin-top reads --sticky-h).
  const stickyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = stickyRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Only a change of height is written: a custom property on the root restyles the page.
    let last = -1;
    const ro = new ResizeObserver(() => {
      const h = el.offsetHeight;
      if (h === last) return;
      last = h;
      document.documentElement.style.setProperty('--sticky-h', `${h}px`);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    speedRef.current = speed;
    queryRef.current = query;
  }, [speed, query]);

  // Batches go into the store as they come; views redraw once per animation frame.
  const onBatch = useCallback(
    (b: Batch) => {
      store.add(b);
      if (b.stepped !== undefined) setLastStep(b.stepped ?? 'end of run');
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        store.bump();
        if (!firstFrame.current && store.metrics) {
          firstFrame.current = true;
          performance.mark('tal:first-frame');
        }
      });
    },
    [store],
  );

  const onStarted = useCallback(
    (i: RunInfo) => {
      store.reset(i);
      // A port named for another network (the URL, an earlier preset) falls back to the
      // bottleneck: forget it, so the URL does not name a port the views do not show.
      const slug = portRef.current;
      if (
        slug !== null &&
        i.topology.name !== 'single' &&
        !i.topology.ports.some((p) => p.slug === slug)
      ) {
        portRef.current = null;
        setFocusPort(null);
      }
      // A new run starts unzoomed, unless a story step holds a time range.
      if (!view.get().storyView) view.set({ timeDomain: null });
      view.set({ inspected: null });
      setFailure(null);
    },
    [store, view],
  );

  useEffect(() => {
    const c = new SimClient({
      started: onStarted,
      batch: onBatch,
      failed: (m) => setFailure(m),
      live: (applied, info) => {
        if (applied && info) store.setInfo(info);
        else
          c.start(queryRef.current, {
            play: true,
            speed: speedRef.current,
            port: portRef.current ?? undefined,
          });
      },
    });
    client.current = c;
    return () => c.dispose();
  }, [onBatch, onStarted, store]);

  // The preset on show: the one the scenario is, or the one it was changed from.
  const { preset, modified } = useMemo(() => presetState(query, base), [query, base]);

  const scenario: Scenario = useMemo(() => parseScenario(query).scenario, [query]);
  /** A network of switches (not the single-switch model): the Network panel shows. */
  const networked = scenario.topology !== 'single';

  /** Focus the buffer, per-VC and loss views on another port (the worker replays the run). */
  const chooseFocusPort = useCallback(
    (slug: string) => {
      portRef.current = slug;
      setFocusPort(slug);
      // A run of another network (a tour switching presets) gets the port at its start.
      if (store.info?.topology.ports.some((p) => p.slug === slug)) client.current?.focusPort(slug);
    },
    [store],
  );

  const themeInUrl = useRef(initial.theme !== null);
  const viewParams = useCallback(() => {
    const p: string[] = [];
    if (embed) p.push('embed=1');
    if (presenter) p.push('presenter=1');
    if (themeInUrl.current) p.push(`theme=${theme}`);
    if (speed !== 1) p.push(`speed=${speed === Infinity ? 'max' : speed}`);
    if (story) p.push(`story=1&step=${step + 1}`);
    if (reproduce) p.push('page=reproduce');
    if (preset && modified) p.push(`from=${preset.name}`);
    if (focusPort && networked) p.push(`port=${focusPort}`);
    if (compare) {
      p.push('compare=1');
      for (const pair of bOverrides.split('&').filter(Boolean)) p.push(`${B_PREFIX}${pair}`);
      if (branchAt !== null) p.push(`branchAt=${branchAt}`);
    }
    return (p.length ? `&${p.join('&')}` : '') + sweepParams(sweep, sweepSettings);
  }, [
    sweep,
    sweepSettings,
    embed,
    presenter,
    theme,
    speed,
    story,
    step,
    compare,
    bOverrides,
    branchAt,
    reproduce,
    preset,
    modified,
    focusPort,
    networked,
  ]);

  // A story step highlights what it names: a view, a time range, a connection, a threshold.
  useEffect(() => {
    if (!story) {
      view.set({ storyView: null, highlightThreshold: null });
      return;
    }
    const s = story.steps[Math.min(step, story.steps.length - 1)];
    view.set({
      storyView: s.view ?? null,
      highlightThreshold: s.threshold ?? null,
      timeDomain: s.time ?? null,
      ...(s.conn !== undefined ? { selectedConn: s.conn, hoverConn: s.conn } : { hoverConn: null }),
    });
    if (s.port !== undefined && s.port !== portRef.current) chooseFocusPort(s.port);
    if (s.view) {
      document.querySelector(`[data-story-view="${s.view}"]`)?.scrollIntoView({
        block: 'nearest',
        behavior: view.get().reducedMotion ? 'auto' : 'smooth',
      });
    }
  }, [story, step, view, chooseFocusPort]);

  const startStory = (s: Story) => {
    setGallery(false);
    const { scenario: sc } = parseScenario(`preset=${s.preset}`);
    setIssues([]);
    setSpeed(Infinity);
    speedRef.current = Infinity;
    setQuery(toQuery(sc));
    setBase(s.preset);
    setStory(s);
    setStep(0);
  };

  // The Reproduce page runs claims on its own workers: the simulation behind it waits.
  useEffect(() => {
    if (reproduce) client.current?.pause();
  }, [reproduce]);

  // The URL always holds the current scenario (debounced replaceState).
  useEffect(() => {
    const id = setTimeout(
      () => window.history.replaceState(null, '', `?${query}${viewParams()}`),
      200,
    );
    return () => clearTimeout(id);
  }, [query, viewParams]);

  // A new scenario restarts the run from t = 0 with the same seed.
  const pendingLive = useRef(false);
  useEffect(() => {
    if (pendingLive.current) {
      pendingLive.current = false;
      return;
    }
    client.current?.start(query, {
      play: true,
      speed: speedRef.current,
      port: portRef.current ?? undefined,
    });
  }, [query]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    view.set({ dark: theme === 'dark' });
  }, [theme, view]);
  useEffect(() => {
    document.documentElement.classList.toggle('presenter', presenter);
    view.set({ presenter });
  }, [presenter, view]);

  // B = A with B's overrides; a bad override is reported by name and B falls back to A.
  const compareB = useMemo(() => {
    const pairs = bOverrides
      .split('&')
      .filter(Boolean)
      .map((p) => {
        const i = p.indexOf('=');
        return [
          decodeURIComponent(i < 0 ? p : p.slice(0, i)),
          decodeURIComponent(i < 0 ? '' : p.slice(i + 1)),
        ] as [string, string];
      });
    const r = applyOverrides(scenario, pairs);
    return { query: toQuery(r.scenario), errors: r.errors };
  }, [scenario, bOverrides]);
  const compareSpec: CompareSpec | null = compare
    ? { a: query, b: compareB.query, branchAt }
    : null;

  const changeScenario = (next: Scenario, key: keyof Scenario) => {
    const q = toQuery(next);
    if (q === query) return;
    if (liveMode && LIVE_KEYS.has(key) && store.info && !store.done) {
      pendingLive.current = true;
      client.current?.live(q);
    }
    setIssues([]);
    setQuery(q);
  };

  const restartWorker = () => {
    setFailure(null);
    client.current?.restart();
    client.current?.start(query, { play: true, speed, port: focusPort ?? undefined });
  };

  const choosePreset = (name: string) => {
    setIssues([]);
    setBase(name);
    setQuery(toQuery(presetScenario(name)));
  };

  const copyLink = async () => {
    const url = `${window.location.origin}${window.location.pathname}?${query}${viewParams()}`;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied');
    } catch {
      setCopied('Copy failed: select the address bar instead');
    }
    setTimeout(() => setCopied(null), 2500);
  };

  const info = store.info;
  const playing = store.playing;
  const big = presenter ? 1.35 : 1;

  const playback = (
    <section className="playback" aria-label="Playback">
      <button
        type="button"
        className="primary"
        onClick={() => (playing ? client.current?.pause() : client.current?.play(speed))}
        disabled={store.done}
        aria-label={playing ? 'Pause' : 'Play'}
      >
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <div className="step-group" role="group" aria-label="Single step">
        <button
          type="button"
          onClick={() => client.current?.step(stepUnit, 1)}
          disabled={store.done}
        >
          Step
        </button>
        <select
          aria-label="Step size"
          value={stepUnit}
          onChange={(e) => setStepUnit(e.target.value as StepUnit)}
        >
          <option value="event">one event</option>
          <option value="frame">one frame</option>
          <option value="ms">1 ms</option>
        </select>
      </div>
      <button type="button" onClick={() => client.current?.start(query, { play: true, speed })}>
        ↺ Restart
      </button>
      <label className="inline">
        Speed
        <select
          aria-label="Speed"
          value={String(speed)}
          onChange={(e) => {
            const s = Number(e.target.value);
            setSpeed(s);
            if (playing) client.current?.play(s);
          }}
        >
          {SPEEDS.map((s) => (
            <option key={s.label} value={String(s.value)}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <Clock store={store} />
      <label className="inline" title="Time span of the time plots while no zoom is set">
        Window
        <select
          aria-label="Time window"
          value={vs.follow === null ? 'all' : String(vs.follow)}
          onChange={(e) =>
            view.set({
              follow: e.target.value === 'all' ? null : Number(e.target.value),
              timeDomain: null,
            })
          }
        >
          <option value="0.1">last 0.1 s</option>
          <option value="1">last 1 s</option>
          <option value="10">last 10 s</option>
          <option value="60">last 60 s</option>
          <option value="all">whole run</option>
        </select>
      </label>
      {vs.timeDomain && (
        <button
          type="button"
          onClick={() => view.set({ timeDomain: null })}
          data-testid="reset-zoom"
        >
          Reset zoom ({vs.timeDomain[0].toFixed(3)}–{vs.timeDomain[1].toFixed(3)} s)
        </button>
      )}
      {lastStep && !playing && (
        <span className="muted step-info" data-testid="last-step">
          stepped: {lastStep}
        </span>
      )}
      {!embed && (
        <>
          <label
            className="inline toggle"
            title="Apply policy and threshold changes to the running model instead of restarting"
          >
            <input
              type="checkbox"
              checked={liveMode}
              onChange={(e) => setLiveMode(e.target.checked)}
            />
            Live
          </label>
        </>
      )}
    </section>
  );

  const inspectLastDrop = () => {
    const rows = store.tables.loss.rows;
    if (rows > 0) view.set({ inspected: dropRecord(store, rows - 1) });
  };

  // On a network, the port the buffer views show, named in their titles.
  const topo = info?.topology;
  const focusedId = topo && topo.name !== 'single' ? topo.ports[info.focusPort]?.id : undefined;
  const onPort = (title: string) => (focusedId ? `${title} · ${focusedId}` : title);

  const views = (
    <div className="views">
      <Inspector store={store} view={view} />
      {networked && (
        <Panel
          title="Network"
          testId="panel-network"
          storyView="network"
          focused={vs.storyView === 'network'}
          className="span-all"
          help="The switches of the run, left to right: each source's VC enters at a switch and leaves toward the receivers. Every switch output port has its own buffer of K cells (fill and caption: occupancy X/K); the link after it is coloured by its utilisation over the last moments of the run, and a red ring flashes where cells are dropped. Click a port (or focus it and press Enter) to show that port in the switch buffer, per-VC and loss views: the run is replayed from t = 0 with the same seed, watching that port."
        >
          <TopologyView store={store} view={view} onFocusPort={chooseFocusPort} />
        </Panel>
      )}
      <Panel
        title={onPort('Switch buffer')}
        testId="panel-queue"
        storyView="queue"
        focused={vs.storyView === 'queue'}
        className="span-2"
        tools={
          <>
            <button type="button" className="small" onClick={inspectLastDrop}>
              Why was the last cell dropped?
            </button>
            <ExportMenu store={store} view="queue" getRoot={() => null} />
          </>
        }
        help="The output port's buffer of K cells. Each square is a cell, coloured by its VC, in arrival order; the oldest cell, next to leave on the link, is at the right. Dashed lines are the thresholds of the buffer policy. A drop flashes at the tail with the rule that fired. Slow the speed to 1/10000× to follow single cells. With more cells than the view can send one by one, they are drawn grouped by VC."
      >
        <QueueView store={store} view={view} height={Math.round(150 * big)} />
      </Panel>
      <Panel
        title={onPort('Per-VC buffer use')}
        testId="panel-pervc"
        storyView="pervc"
        focused={vs.storyView === 'pervc'}
        tools={<ExportMenu store={store} view="pervc" getRoot={() => null} />}
        help="X_i, the cells each VC holds, against the fair share X/N_a (dashed) and, for SD, FBA, DFBA and per-VC thresholds, the per-VC limit the policy enforces (red). Policies that look at X_i keep the bars near the fair share."
      >
        <PerVcView store={store} view={view} height={Math.round(150 * big)} />
      </Panel>
      <Panel
        title="TCP time-sequence"
        testId="panel-timeseq"
        storyView="timeseq"
        focused={vs.storyView === 'timeseq'}
        className="span-2"
        help="tcptrace style: ticks are segments sent (by the sequence number they end at), red crosses are retransmissions, the coloured line is the cumulative ACK and the grey line the ACK plus the advertised window. Dotted red lines are retransmission timeouts, orange triangles fast retransmits. A flat stretch that ends in an RTO is a stall; shaded bands are flagged deadlocks (red: only a timeout recovers; purple: stop-and-go, only the delayed-ACK timer recovers). Drag to zoom, double-click to zoom out."
        tools={
          <>
            <label className="inline small">
              Show
              <select
                aria-label="Connection shown in the time-sequence plot"
                value={vs.selectedConn}
                onChange={(e) => view.set({ selectedConn: Number(e.target.value) })}
              >
                <option value={-1}>all connections</option>
                {Array.from({ length: info?.nConn ?? 0 }, (_, i) => (
                  <option key={i} value={i}>
                    TCP {i + 1}
                  </option>
                ))}
              </select>
            </label>
            <ExportMenu
              store={store}
              view="timeseq"
              getRoot={() => null}
              selectedConn={vs.selectedConn}
            />
          </>
        }
      >
        <TimeSeqView store={store} view={view} height={Math.round(250 * big)} />
      </Panel>
      <Panel
        title="Congestion windows"
        testId="panel-cwnd"
        storyView="cwnd"
        focused={vs.storyView === 'cwnd'}
        tools={<ExportMenu store={store} view="cwnd" getRoot={() => null} />}
        help="cwnd of each connection (solid) and ssthresh (dashed). A fast retransmit halves cwnd; a timeout drops it to one segment. Hover a connection in the table to pick it out."
      >
        <CwndView store={store} view={view} height={Math.round(250 * big)} />
      </Panel>
      <Panel
        title={onPort('Buffer occupancy')}
        testId="panel-occupancy"
        storyView="occupancy"
        focused={vs.storyView === 'occupancy'}
        tools={<ExportMenu store={store} view="occupancy" getRoot={() => null} />}
        className="span-2"
        help="Total occupancy X (line) and each VC's X_i stacked, sampled every millisecond, with K and the policy's thresholds dashed."
      >
        <OccupancyView store={store} view={view} height={Math.round(190 * big)} />
      </Panel>
      <Panel
        title={onPort('Cell losses')}
        testId="panel-loss"
        storyView="loss"
        focused={vs.storyView === 'loss'}
        tools={<ExportMenu store={store} view="loss" getRoot={() => null} />}
        help="Every drop by time and VC, coloured by the rule that fired. Hollow marks below are dead cells: cells of frames already damaged that still crossed the link. Click a drop to see why it was dropped and what followed."
      >
        <LossRasterView store={store} view={view} height={Math.round(170 * big)} />
        <ReasonLegend store={store} />
      </Panel>
    </div>
  );

  return (
    <div className={`app ${embed ? 'embed' : ''}`}>
      {!embed && (
        <Header
          preset={preset}
          modified={modified}
          onPickPreset={choosePreset}
          copied={copied}
          gallery={gallery}
          onGallery={() => setGallery((g) => !g)}
          sweep={sweep}
          onSweep={() => setSweep((v) => !v)}
          reproduce={reproduce}
          onReproduce={() => setReproduce((v) => !v)}
          compare={compare}
          onCompare={() => {
            if (!compare) client.current?.pause();
            setCompare((c) => !c);
          }}
          onCopyLink={copyLink}
          presenter={presenter}
          onPresenter={() => setPresenter((p) => !p)}
          theme={theme}
          onTheme={() => {
            themeInUrl.current = true;
            setTheme((t) => (t === 'dark' ? 'light' : 'dark'));
          }}
        />
      )}

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
          <button type="button" className="link" onClick={() => setIssues([])}>
            Dismiss
          </button>
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

      <div className="sticky-top" hidden={reproduce} ref={stickyRef}>
        {playback}
        {story && (
          <StoryPlayer
            story={story}
            step={Math.min(step, story.steps.length - 1)}
            onStep={setStep}
            onClose={() => setStory(null)}
          />
        )}
      </div>
      {gallery && <Gallery onPick={startStory} onClose={() => setGallery(false)} />}
      {sweep && (
        <section className="panel sweep-host" aria-label="Parameter sweep">
          <header className="panel-head">
            <h2>Parameter sweep of this scenario</h2>
            <div className="panel-tools">
              <button type="button" onClick={() => setSweep(false)}>
                ✕ Close
              </button>
            </div>
          </header>
          <SweepPanel query={query} initial={sweepUrl} onChange={setSweepSettings} />
        </section>
      )}
      {reproduce && <ReproducePage onClose={() => setReproduce(false)} />}
      {!embed && !reproduce && !story && (
        <Welcome onTours={() => setGallery(true)} title={preset?.title} />
      )}
      {preset && !embed && !reproduce && (
        <PresetDescription
          preset={preset}
          modified={modified}
          scenario={scenario}
          onReset={() => choosePreset(preset.name)}
        />
      )}
      {preset && !embed && !reproduce && (
        <PaperPanel
          preset={preset.name}
          modified={modified}
          store={store}
          onOpenReproduce={() => setReproduce(true)}
        />
      )}

      <div className={`layout ${showControls ? 'with-controls' : ''}`} hidden={reproduce}>
        {!embed && (
          <aside className="sidebar" aria-label="Scenario">
            <h2 className="sr-only">Scenario settings</h2>
            <button
              type="button"
              className="sidebar-toggle"
              aria-expanded={showControls}
              onClick={() => setShowControls((s) => !s)}
            >
              {showControls ? '◀ Hide settings' : '▶ Settings'}
            </button>
            {showControls && <ScenarioControls scenario={scenario} onChange={changeScenario} />}
          </aside>
        )}
        <main className="main">
          {compareSpec && (
            <section className="panel compare-editor" aria-label="A/B comparison settings">
              <header className="panel-head">
                <h2>A/B comparison</h2>
                <div className="panel-tools">
                  <button type="button" onClick={() => setCompare(false)}>
                    Exit comparison
                  </button>
                </div>
              </header>
              <p className="muted small">
                A is the scenario of the settings panel. B is A with the changes below (URL form,
                e.g. <code>policy=sd&amp;sdZ=0.5</code>); both run on the same seed. &quot;Branch
                at&quot; replays A up to that time, then continues the same state under B’s policy
                (policy and threshold changes only).
              </p>
              <form
                className="compare-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  const f = new FormData(e.currentTarget);
                  setBOverrides(String(f.get('b') ?? '').trim());
                  const at = String(f.get('at') ?? '').trim();
                  setBranchAt(at === '' ? null : Math.max(0, Number(at)) || 0);
                }}
              >
                <label className="inline">
                  B changes
                  <input name="b" defaultValue={bOverrides} size={36} aria-label="B changes" />
                </label>
                <label className="inline">
                  Branch at (s)
                  <input
                    name="at"
                    type="number"
                    min={0}
                    step="any"
                    defaultValue={branchAt ?? ''}
                    placeholder="from 0"
                    aria-label="Branch at (s)"
                  />
                </label>
                <button type="submit">Apply</button>
                <button
                  type="button"
                  onClick={() => {
                    const t = store.t;
                    setBranchAt(Number(t.toFixed(3)));
                  }}
                  title="Branch B from the current time of the main run"
                >
                  Branch here ({store.t.toFixed(3)} s)
                </button>
              </form>
              {compareB.errors.length > 0 && (
                <div className="banner banner-warn" role="alert" data-testid="compare-issues">
                  {compareB.errors.map((e) => (
                    <div key={e.key + e.message}>B: {e.message}</div>
                  ))}
                </div>
              )}
              <Compare spec={compareSpec} view={view} speed={speed} />
            </section>
          )}
          <div
            hidden={!!compareSpec}
            data-story-view="metrics"
            className={vs.storyView === 'metrics' ? 'story-focus metrics-wrap' : 'metrics-wrap'}
          >
            <MetricsPanel store={store} />
            <div className="metrics-tools">
              <ExportMenu store={store} view="metrics" getRoot={() => null} />
            </div>
          </div>
          {!compareSpec && views}
          {!embed && !compareSpec && (
            <Panel
              title="Connections"
              testId="panel-connections"
              help="Goodput, retransmission timeouts and fast retransmits of each TCP connection. Hover a row to highlight the connection in every view; click it to show it in the time-sequence plot."
            >
              <ConnectionTable store={store} view={view} />
            </Panel>
          )}
        </main>
      </div>
      {!embed && (
        <footer className="foot">
          <code data-testid="scenario-query">?{query}</code>
          <span>
            <Counts store={store} /> The link reproduces this run;{' '}
            <code>npm run sim -- --url '…'</code> replays it on the command line.
          </span>
        </footer>
      )}
    </div>
  );
}

/** The simulated clock and the run's progress (redrawn per batch, alone). */
function Clock({ store }: { store: RunStore }) {
  useSyncExternalStore(store.subscribe, store.getVersion);
  const duration = store.info?.durationSeconds ?? 1;
  return (
    <>
      <div className="clock" aria-label="Simulated time">
        <span data-testid="sim-time">{store.t.toFixed(3)}</span>
        <span className="muted"> / {duration} s</span>
      </div>
      <progress max={1} value={Math.min(1, store.t / duration)} aria-label="Run progress" />
    </>
  );
}

function Counts({ store }: { store: RunStore }) {
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  return (
    <span>
      Cells delivered {store.delivered} · dropped {store.dropped}.
    </span>
  );
}

/** The drop reasons seen so far in this run, with their colours. */
function ReasonLegend({ store }: { store: RunStore }) {
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  const loss = store.tables.loss;
  const seen = new Set<number>();
  const r = loss.col<Uint8Array>('reason');
  // Scan the most recent rows only (the legend is a hint, not a count).
  for (let i = Math.max(0, loss.rows - 5000); i < loss.rows; i++) seen.add(r[i]);
  return (
    <span className="legend" aria-label="Drop reasons">
      {[...seen].sort().map((code) => (
        <span key={code} className="legend-item">
          <span className="swatch" style={{ background: reasonStyle(code).color }} />
          {reasonStyle(code).label}
        </span>
      ))}
      <span className="legend-item">
        <span className="swatch hollow" />
        dead cells
      </span>
    </span>
  );
}
