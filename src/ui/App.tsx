// The app shell: the navigation state (in the URL, with history), the run, and the page's
// parts in order: header, banners, the sticky playback bar (and a tour's card), one-line
// context, the settings column and the views. Each part lives in a module of its own.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Scenario } from '../sim';
import { LIVE_KEYS, applyOverrides, parseScenario, toQuery } from '../sim';
import type { StepUnit } from '../worker/protocol';
import type { CompareSpec } from './compare/Compare';
import { Compare } from './compare/Compare';
import { ScenarioControls } from './controls/ScenarioControls';
import { ConnectionTable, MetricsPanel } from './MetricsPanel';
import { Panel } from './views/Panel';
import { Inspector } from './inspect/Inspector';
import { ExportMenu } from './export/ExportMenu';
import { SweepPanel } from './sweep';
import { LessonCard } from './lessons/LessonCard';
import { LessonGallery } from './lessons/LessonGallery';
import { stepQuery, useLesson } from './lessons/useLesson';
import { lessonById } from './lessons/lessons';
import { ViewState } from './views/viewState';
import type { RunStore } from './data/runStore';
import { PaperPanel } from './reproduce/PaperPanel';
import { ReproducePage } from './reproduce/ReproducePage';
import { Header } from './Header';
import { presetScenario, presetState } from './presets';
import { useNav } from './app/useNav';
import { useSimRun } from './app/useSimRun';
import { Playback } from './app/Playback';
import { PANELS } from './app/panels';
import type { PanelContext } from './app/panels';
import { ContextBar } from './app/ContextBar';
import { KeyHelp, useKeys } from './app/keys';
import { useFitHeights } from './app/useFitHeights';

function prefersDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}
function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function App() {
  const { nav, navigate, setNetworked, issues, setIssues } = useNav();
  const { query, base, embed, presenter, speed } = nav;
  const theme = nav.theme ?? (prefersDark() ? 'dark' : 'light');
  const reproduce = nav.page === 'reproduce';

  const [stepUnit, setStepUnit] = useState<StepUnit>('frame');
  const [liveMode, setLiveMode] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [lastStep, setLastStep] = useState<string | null>(null);
  const [gallery, setGallery] = useState(false);
  const [sweep, setSweep] = useState(false);
  const [keyHelp, setKeyHelp] = useState(false);
  // A projector's plots need the width: presenter mode starts with the settings folded.
  const [showControls, setShowControls] = useState(
    !embed && !nav.presenter && window.innerWidth >= 1100,
  );
  // The focused port (its URL slug); null: the bottleneck. A ref too, for (re)starts.
  const portRef = useRef<string | null>(nav.port);
  useEffect(() => {
    portRef.current = nav.port;
  }, [nav.port]);

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

  const speedRef = useRef(speed);
  const queryRef = useRef(query);
  useEffect(() => {
    speedRef.current = speed;
    queryRef.current = query;
  }, [speed, query]);
  const startOpts = () => ({
    play: true,
    speed: speedRef.current,
    port: portRef.current ?? undefined,
  });

  const { store, client, failure, clearFailure } = useSimRun({
    started: (i) => {
      // A port named for another network (the URL, an earlier preset) falls back to the
      // bottleneck: forget it, so the URL does not name a port the views do not show.
      const slug = portRef.current;
      if (
        slug !== null &&
        i.topology.name !== 'single' &&
        !i.topology.ports.some((p) => p.slug === slug)
      ) {
        portRef.current = null;
        navigate({ port: null }, 'replace');
      }
      // A new run starts unzoomed, unless a story step holds a time range.
      if (!view.get().storyView) view.set({ timeDomain: null });
      view.set({ inspected: null });
    },
    batch: (b) => {
      if (b.stepped !== undefined) setLastStep(b.stepped ?? 'end of run');
    },
    firstFrame: () => performance.mark('tal:first-frame'),
    liveRejected: () => client.current?.start(queryRef.current, startOpts()),
  });
  // The chrome re-renders when play state or the run changes, not per batch.
  useSyncExternalStore(store.subscribe, store.getStatus);

  // The sticky bar (playback and the tour's card) changes height; views scrolled into sight
  // keep clear of it (CSS scroll-margin-top reads --sticky-h).
  const stickyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = stickyRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
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

  // The preset on show: the one the scenario is, or the one it was changed from.
  const { preset, modified } = useMemo(() => presetState(query, base), [query, base]);
  const scenario: Scenario = useMemo(() => parseScenario(query).scenario, [query]);
  /** A network of switches (not the single-switch model): the Network panel shows. */
  const networked = scenario.topology !== 'single';
  useEffect(() => setNetworked(networked), [networked, setNetworked]);

  /** Focus the buffer, per-VC and loss views on another port (the worker replays the run). */
  const chooseFocusPort = (slug: string) => {
    portRef.current = slug;
    navigate({ port: slug }, 'replace');
    // A run of another network (a tour switching presets) gets the port at its start.
    if (store.info?.topology.ports.some((p) => p.slug === slug)) client.current?.focusPort(slug);
  };
  const focusRef = useRef(chooseFocusPort);
  useEffect(() => {
    focusRef.current = chooseFocusPort;
  });

  // The Reproduce page runs claims on its own workers: the simulation behind it waits.
  useEffect(() => {
    if (reproduce) client.current?.pause();
  }, [reproduce, client]);

  // A new scenario restarts the run from t = 0 with the same seed.
  const pendingLive = useRef(false);
  useEffect(() => {
    if (pendingLive.current) {
      pendingLive.current = false;
      return;
    }
    client.current?.start(query, startOpts());
  }, [query, client]);

  // A lesson: its step's scenario, speed, pause, outline and split screen (after the restart
  // above, so that its play-until reaches the new run).
  const lessons = useLesson({ nav, navigate, store, client, view, focusPort: chooseFocusPort });
  const lesson = lessons.lesson;
  const step = lessons.step;
  const startLesson = (id: string) => {
    setGallery(false);
    setIssues([]);
    const l = lessonById(id);
    if (!l) return;
    const base = new URLSearchParams(l.steps[0].scenario ?? l.scenario).get('preset');
    navigate({ lesson: id, step: 0, page: 'sim', query: stepQuery(l, 0), base });
  };

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
    const pairs = nav.bOverrides
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
  }, [scenario, nav.bOverrides]);
  const compareSpec: CompareSpec | null = nav.compare
    ? { a: query, b: compareB.query, branchAt: nav.branchAt }
    : null;

  const changeScenario = (next: Scenario, key: keyof Scenario) => {
    const q = toQuery(next);
    if (q === query) return;
    if (liveMode && LIVE_KEYS.has(key) && store.info && !store.done) {
      pendingLive.current = true;
      client.current?.live(q);
    }
    setIssues([]);
    navigate({ query: q }, 'coalesce');
  };

  const restartWorker = () => {
    clearFailure();
    client.current?.restart();
    client.current?.start(query, startOpts());
  };

  const choosePreset = (name: string) => {
    setIssues([]);
    navigate({ base: name, query: toQuery(presetScenario(name)) });
  };

  const copyLink = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied');
    } catch {
      setCopied('Copy failed: select the address bar instead');
    }
    setTimeout(() => setCopied(null), 2500);
  };

  const changeSpeed = (s: number) => {
    speedRef.current = s;
    navigate({ speed: s }, 'replace');
    if (store.playing) client.current?.play(s);
  };

  useKeys(
    [
      {
        keys: [' '],
        label: 'Play or pause',
        run: () => {
          if (store.done) return;
          if (store.playing) client.current?.pause();
          else client.current?.play(speedRef.current);
        },
      },
      {
        keys: ['ArrowRight'],
        label: 'Step',
        run: () => {
          if (lesson) {
            if (step < lesson.steps.length - 1) lessons.goTo(step + 1);
          } else if (!store.done) client.current?.step(stepUnit, 1);
        },
      },
      {
        keys: ['ArrowLeft'],
        label: 'Previous lesson step',
        run: () => {
          if (lesson && step > 0) lessons.goTo(step - 1);
        },
      },
      {
        keys: ['Home'],
        label: 'Restart',
        run: () => client.current?.start(query, startOpts()),
      },
      { keys: ['?'], label: 'Keys', run: () => setKeyHelp((k) => !k) },
    ],
    !reproduce && !compareSpec,
  );

  const big = presenter ? 1.35 : 1;
  const viewsRef = useRef<HTMLDivElement>(null);
  const heights = useFitHeights(viewsRef, big);
  const info = store.info;
  // On a network, the port the buffer views show, named in their titles.
  const topo = info?.topology;
  const focusedId = topo && topo.name !== 'single' ? topo.ports[info.focusPort]?.id : undefined;
  const ctx: PanelContext = {
    store,
    view,
    selectedConn: vs.selectedConn,
    nConn: info?.nConn ?? 0,
    heights,
    onPort: (title) => (focusedId ? `${title} · ${focusedId}` : title),
    chooseFocusPort,
  };

  const views = (
    <div className="views" ref={viewsRef}>
      <Inspector store={store} view={view} />
      {/* Panels call ctx's handlers only on events, never while rendering. */}
      {/* eslint-disable-next-line react-hooks/refs */}
      {PANELS.filter((p) => !p.networkOnly || networked).map((p) => (
        <Panel
          key={p.id}
          title={p.title(ctx)}
          testId={p.testId}
          storyView={p.id}
          focused={vs.storyView === p.id}
          className={p.className}
          tools={p.tools?.(ctx)}
          help={p.help}
        >
          {p.body(ctx)}
        </Panel>
      ))}
    </div>
  );

  return (
    <div className={`app ${embed ? 'embed' : ''} ${lesson ? 'with-lesson' : ''}`}>
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
          onReproduce={() => navigate({ page: reproduce ? 'sim' : 'reproduce' })}
          compare={nav.compare}
          onCompare={() => {
            if (!nav.compare) client.current?.pause();
            navigate({ compare: !nav.compare });
          }}
          onCopyLink={copyLink}
          presenter={presenter}
          onPresenter={() => navigate({ presenter: !presenter }, 'replace')}
          theme={theme}
          onTheme={() => navigate({ theme: theme === 'dark' ? 'light' : 'dark' }, 'replace')}
          onKeys={() => setKeyHelp((k) => !k)}
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
      {keyHelp && <KeyHelp onClose={() => setKeyHelp(false)} />}

      <div className="sticky-top" hidden={reproduce} ref={stickyRef}>
        <Playback
          store={store}
          client={client}
          view={view}
          speed={speed}
          onSpeed={changeSpeed}
          onRestart={() => client.current?.start(query, startOpts())}
          stepUnit={stepUnit}
          onStepUnit={setStepUnit}
          lastStep={lastStep}
          live={embed ? undefined : { on: liveMode, set: setLiveMode }}
        />
      </div>
      {gallery && (
        <LessonGallery
          progress={lessons.progress}
          onPick={(l) => startLesson(l.id)}
          onClose={() => setGallery(false)}
        />
      )}
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
          <SweepPanel query={query} />
        </section>
      )}
      {reproduce && <ReproducePage onClose={() => navigate({ page: 'sim' })} />}
      {!embed && !reproduce && (
        <ContextBar
          preset={preset}
          modified={modified}
          scenario={scenario}
          onReset={() => preset && choosePreset(preset.name)}
          onLessons={() => setGallery(true)}
          welcome={!lesson && !presenter}
        />
      )}

      {preset && !embed && !reproduce && (
        <PaperPanel
          preset={preset.name}
          modified={modified}
          store={store}
          onOpenReproduce={() => navigate({ page: 'reproduce' })}
        />
      )}

      <div className={`layout ${showControls || lesson ? 'with-controls' : ''}`} hidden={reproduce}>
        {!embed && (
          <aside className="sidebar" aria-label="Scenario">
            {lesson && <LessonCard driver={lessons} store={store} />}
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
          {embed && lesson && <LessonCard driver={lessons} store={store} />}
          {compareSpec && (
            <section className="panel compare-editor" aria-label="A/B comparison settings">
              <header className="panel-head">
                <h2>A/B comparison</h2>
                <div className="panel-tools">
                  <button type="button" onClick={() => navigate({ compare: false })}>
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
                key={`${nav.bOverrides}|${nav.branchAt}`}
                className="compare-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  const f = new FormData(e.currentTarget);
                  const at = String(f.get('at') ?? '').trim();
                  navigate({
                    bOverrides: String(f.get('b') ?? '').trim(),
                    branchAt: at === '' ? null : Math.max(0, Number(at)) || 0,
                  });
                }}
              >
                <label className="inline">
                  B changes
                  <input name="b" defaultValue={nav.bOverrides} size={36} aria-label="B changes" />
                </label>
                <label className="inline">
                  Branch at (s)
                  <input
                    name="at"
                    type="number"
                    min={0}
                    step="any"
                    defaultValue={nav.branchAt ?? ''}
                    placeholder="from 0"
                    aria-label="Branch at (s)"
                  />
                </label>
                <button type="submit">Apply</button>
                <button
                  type="button"
                  onClick={() => navigate({ branchAt: Number(store.t.toFixed(3)) })}
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
            <code>npm run sim -- --url '…'</code> replays it on the command line. Press <kbd>?</kbd>{' '}
            for keys.
          </span>
        </footer>
      )}
    </div>
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
