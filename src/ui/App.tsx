// The app shell: the navigation state (in the URL, with history), the run, and the page's
// parts in order: header, banners, the sticky playback bar (and a tour's card), one-line
// context, the settings column and the views. Each part lives in a module of its own.
import { Suspense, lazy, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Scenario } from '../sim';
import { LIVE_KEYS, applyOverrides, parseScenario, toQuery } from '../sim';
import type { StepUnit } from '../worker/protocol';
import type { CompareSpec } from './compare/Compare';
import { CompareEditor } from './compare/CompareEditor';
import { ScenarioControls } from './controls/ScenarioControls';
import { ConnectionTable, MetricsPanel } from './MetricsPanel';
import { Panel } from './views/Panel';
import { Inspector } from './inspect/Inspector';
import { ExportMenu } from './export/ExportMenu';
import { LessonCard } from './lessons/LessonCard';
import { LessonGallery } from './lessons/LessonGallery';
import { stepQuery, useLesson } from './lessons/useLesson';
import { LESSONS, lessonById } from './lessons/lessons';
import { readSweepUrl } from './sweep/urlState';
import { ViewState } from './views/viewState';
import type { RunStore } from './data/runStore';
import { PaperPanel } from './reproduce/PaperPanel';
import { Header } from './Header';
import { presetScenario, presetState } from './presets';
import { useNav } from './useNav';
import { useSimRun } from './data/useSimRun';
import { Playback } from './app/Playback';
import { PANELS } from './app/panels';
import type { PanelContext } from './app/panels';
import { ContextBar } from './app/ContextBar';
import { KeyHelp, useKeys } from './app/keys';
import { Banners } from './app/Banners';
import { useFitHeights } from './app/useFitHeights';
import { applyFixed, decodeChallenge } from './challenges/challenge';
import { ChallengeCard } from './challenges/ChallengeCard';
import { Timeline } from './timeline/Timeline';
import { NOTICE_SLOT } from './pwa/slot';
import { useTimelineLink } from './timeline/useTimelineLink';
import { useClass } from './class/useClass';
import { ClassLayer, ClassTools, classPredictSlot } from './class/ClassLayer';
import { copyLinkTo } from './share/links';

// Pages and panels opened on demand load on demand: the first screen is the simulation's.
const SweepPanel = lazy(() => import('./sweep').then((m) => ({ default: m.SweepPanel })));
const ReproducePage = lazy(() =>
  import('./reproduce/ReproducePage').then((m) => ({ default: m.ReproducePage })),
);
const ChallengeBuilder = lazy(() =>
  import('./challenges/ChallengeBuilder').then((m) => ({ default: m.ChallengeBuilder })),
);
const TeacherPage = lazy(() =>
  import('./challenges/TeacherPage').then((m) => ({ default: m.TeacherPage })),
);

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
  // Challenges (src/ui/challenges): the shared challenge, its builder, the teacher notes page.
  const teacher = nav.page === 'teacher';
  const offPage = reproduce || teacher;
  const challenge = useMemo(() => {
    const d = nav.challenge === null ? null : decodeChallenge(nav.challenge);
    return d && 'challenge' in d ? d.challenge : null;
  }, [nav.challenge]);
  const locks = useMemo(
    () => ({
      locked: new Set(Object.keys(challenge?.locked ?? {})),
      hidden: new Set(Object.keys(challenge?.hidden ?? {})),
    }),
    [challenge],
  );
  const [builder, setBuilder] = useState(false);

  const [stepUnit, setStepUnit] = useState<StepUnit>('frame');
  const [liveMode, setLiveMode] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [lastStep, setLastStep] = useState<string | null>(null);
  const [gallery, setGallery] = useState(false);
  const [keyHelp, setKeyHelp] = useState(false);
  // The sweep panel's settings as the link gave them (it reports its changes to the URL).
  const [sweepUrl] = useState(() => readSweepUrl(window.location.search));
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
  const compareRef = useRef(nav.compare);
  useEffect(() => {
    speedRef.current = speed;
    queryRef.current = query;
    compareRef.current = nav.compare;
  }, [speed, query, nav.compare]);
  const startOpts = () => ({
    // Under Compare A/B the two sides run on their own workers; the main run waits (a third
    // run at full speed would take the cores and the frames the two sides need).
    play: !compareRef.current,
    speed: speedRef.current,
    port: portRef.current ?? undefined,
  });

  const { store, client, failure, clearFailure } = useSimRun({
    started: (i, replay) => {
      if (replay === 'seek') return; // the same run, back at an earlier time: keep the view
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
      timelineRef.current?.started(replay); // (timeline) the link's t, zoom and drop
    },
    batch: (b) => {
      timelineRef.current?.batch(b); // (timeline)
      if (b.stepped !== undefined) setLastStep(b.stepped ?? 'end of run');
    },
    firstFrame: () => performance.mark('tal:first-frame'),
    liveRejected: () => client.current?.start(queryRef.current, startOpts()),
  });
  // (timeline) The link's t, zoom and drop applied to each new run; the view's written back.
  const timeline = useTimelineLink({ nav, navigate, view, store, client });
  const timelineRef = useRef(timeline);
  useEffect(() => {
    timelineRef.current = timeline;
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
    if (offPage) client.current?.pause();
  }, [offPage, client]);

  // A new scenario restarts the run from t = 0 with the same seed.
  const pendingLive = useRef(false);
  useEffect(() => {
    if (pendingLive.current) {
      pendingLive.current = false;
      return;
    }
    client.current?.start(query, timelineRef.current.startOpts(startOpts()));
  }, [query, client]);

  // A lesson: its step's scenario, speed, pause, outline and split screen (after the restart
  // above, so that its play-until reaches the new run).
  // A live class (src/ui/class): the room's step, question and reveal.
  const cls = useClass({ nav, navigate });
  const lessons = useLesson({
    nav,
    navigate,
    store,
    client,
    view,
    focusPort: chooseFocusPort,
    played: cls.played,
  });
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
    let long = false;
    await copyLinkTo(window.location.search, (m) => {
      long = m !== 'Link copied';
      setCopied(m);
    });
    setTimeout(() => setCopied(null), long ? 6000 : 2500);
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
    !offPage && !compareSpec,
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
          sweep={nav.sweep}
          onSweep={() => navigate({ sweep: !nav.sweep, sweepSettings: null })}
          reproduce={reproduce}
          onReproduce={() => navigate({ page: reproduce ? 'sim' : 'reproduce' })}
          compare={nav.compare}
          onCompare={() => {
            if (!nav.compare) client.current?.pause();
            navigate({ compare: !nav.compare });
          }}
          onCopyLink={copyLink}
          presenter={presenter}
          onPresenter={() => {
            // As `presenter=1` does: the projector's plots get the width, settings folded.
            setShowControls(presenter && window.innerWidth >= 1100);
            navigate({ presenter: !presenter }, 'replace');
          }}
          theme={theme}
          onTheme={() => navigate({ theme: theme === 'dark' ? 'light' : 'dark' }, 'replace')}
          onKeys={() => setKeyHelp((k) => !k)}
          onChallenge={() => setBuilder(true)}
          classTools={<ClassTools cls={cls} />}
        />
      )}

      {/* The service worker's notices (pwa/UpdatePrompt) land here, in the flow. */}
      <div id={NOTICE_SLOT} className="app-notices" />
      <Banners
        issues={issues}
        onDismiss={() => setIssues([])}
        failure={failure}
        onRestart={restartWorker}
      />
      {keyHelp && <KeyHelp onClose={() => setKeyHelp(false)} />}
      <ClassLayer
        at="top"
        cls={cls}
        lessons={lessons}
        store={store}
        query={query}
        challenge={challenge}
        encoded={nav.challenge}
        scenario={scenario}
      />

      <div className="sticky-top" hidden={offPage} ref={stickyRef}>
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
        {!nav.compare && <Timeline store={store} view={view} onSeek={timeline.seek} />}
      </div>
      {gallery && (
        <LessonGallery
          progress={lessons.progress}
          onPick={(l) => startLesson(l.id)}
          onClose={() => setGallery(false)}
        />
      )}
      {nav.sweep && (
        <section className="panel sweep-host" aria-label="Parameter sweep">
          <header className="panel-head">
            <h2>Parameter sweep of this scenario</h2>
            <div className="panel-tools">
              <button type="button" onClick={() => navigate({ sweep: false })}>
                ✕ Close
              </button>
            </div>
          </header>
          <Suspense fallback={<p className="muted">Loading the sweep panel…</p>}>
            <SweepPanel
              query={query}
              initial={sweepUrl}
              onChange={(sweepSettings) => navigate({ sweepSettings }, 'replace')}
            />
          </Suspense>
        </section>
      )}
      <Suspense fallback={<p className="muted">Loading…</p>}>
        {reproduce && <ReproducePage onClose={() => navigate({ page: 'sim' })} />}
        {teacher && <TeacherPage lessons={LESSONS} onClose={() => navigate({ page: 'sim' })} />}
        {builder && (
          <ChallengeBuilder
            scenario={scenario}
            metrics={store.done ? store.metrics : null}
            onClose={() => setBuilder(false)}
          />
        )}
      </Suspense>
      {!embed && !offPage && (
        <ContextBar
          preset={preset}
          modified={modified}
          scenario={scenario}
          onReset={() => preset && choosePreset(preset.name)}
          onLessons={() => setGallery(true)}
          welcome={!lesson && !presenter && !challenge}
        />
      )}

      {challenge && nav.challenge && !embed && !offPage && (
        <ChallengeCard
          challenge={challenge}
          encoded={nav.challenge}
          scenario={scenario}
          query={query}
          finished={
            // Only a completed run of this very scenario is checked (not the previous run's
            // metrics in the instant between a change and the restart it causes).
            store.done && store.info && toQuery(store.info.scenario) === query
              ? store.metrics
              : null
          }
          onRestore={() => navigate({ query: toQuery(applyFixed(scenario, challenge)) })}
          onClose={() => navigate({ challenge: null })}
        />
      )}
      {preset && !embed && !offPage && (
        <PaperPanel
          preset={preset.name}
          modified={modified}
          scenario={scenario}
          store={store}
          onOpenReproduce={() => navigate({ page: 'reproduce' })}
        />
      )}

      <div
        className={`layout ${showControls || lesson || cls.role === 'host' ? 'with-controls' : ''}`}
        hidden={offPage}
      >
        {!embed && (
          <aside className="sidebar" aria-label="Scenario">
            {lesson && (
              <LessonCard
                driver={lessons}
                store={store}
                predictSlot={classPredictSlot(cls, lessons, store)}
              />
            )}
            <ClassLayer
              at="side"
              cls={cls}
              lessons={lessons}
              store={store}
              query={query}
              challenge={challenge}
              encoded={nav.challenge}
              scenario={scenario}
            />
            <h2 className="sr-only">Scenario settings</h2>
            <button
              type="button"
              className="sidebar-toggle"
              aria-expanded={showControls}
              onClick={() => setShowControls((s) => !s)}
            >
              {showControls ? '◀ Hide settings' : '▶ Settings'}
            </button>
            {showControls && (
              <ScenarioControls
                scenario={scenario}
                onChange={changeScenario}
                locked={locks.locked}
                hidden={locks.hidden}
              />
            )}
          </aside>
        )}
        <main className="main">
          {embed && lesson && <LessonCard driver={lessons} store={store} />}
          {compareSpec && (
            <CompareEditor
              spec={compareSpec}
              bOverrides={nav.bOverrides}
              errors={compareB.errors}
              mainTime={store.t}
              view={view}
              speed={speed}
              onApply={(bOverrides, branchAt) => navigate({ bOverrides, branchAt })}
              onExit={() => navigate({ compare: false })}
            />
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
