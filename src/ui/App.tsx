// The app shell: the navigation state (in the URL, with history), the run, and the page's
// parts in order: header, banners, the sticky playback bar, one-line context, the settings
// column and the views. Each part lives in a module of its own (src/ui/app).
import { useEffect, useMemo, useState } from 'react';
import type { Scenario } from '../sim';
import { toQuery } from '../sim';
import type { StepUnit } from '../worker/protocol';
import { useClass } from './class/useClass';
import { LessonGallery } from './lessons/LessonGallery';
import { LessonWriter } from './lessons/writer/LessonWriter';
import { VIEW_IDS } from './views/registry';
import { useLesson } from './lessons/useLesson';
import { NOTICE_SLOT } from './pwa/slot';
import { metricsForPreset } from './reproduce/claimIndex';
import { Header } from './Header';
import { presetScenario, presetState } from './presets';
import { useNav } from './useNav';
import { Banners } from './app/Banners';
import { classParts, useClassHides } from './app/classWiring';
import { Footer } from './app/Footer';
import { KeyHelp } from './app/keys';
import { Pages } from './app/Pages';
import { SimContext } from './app/SimContext';
import { SimLayout } from './app/SimLayout';
import { SkipLink } from './app/SkipLink';
import { StickyBar } from './app/StickyBar';
import { useAppKeys } from './app/useAppKeys';
import { useAppView } from './app/useAppView';
import { useLanguage } from './app/language';
import { useMainTitle } from './announce/pageTitle';
import { useChallenge } from './app/useChallenge';
import { useCopyLink } from './app/useCopyLink';
import { useGallery } from './app/useGallery';
import { useCompareB } from './app/useCompareB';
import { useRunController } from './app/useRunController';
import { LiveRegion, ScreenSummary } from './announce/Announcer';
import { RunSound } from './sound/RunSound';
import { localLesson } from './lessons/lessonWords';

export function App() {
  // The place and its scenario, parsed once from the URL (useNav): read here, not re-parsed.
  const { nav, scenario, navigate, setNetworked, issues, setIssues } = useNav();
  const { query, base, embed, presenter, speed } = nav;
  const page = nav.page === 'reproduce' || nav.page === 'teacher' ? nav.page : null;
  const offPage = page !== null;
  const { challenge, locks, builder, setBuilder } = useChallenge(nav.challenge);
  const { view, theme } = useAppView(nav);
  const lang = useLanguage(nav.lang);
  const run = useRunController({ nav, navigate, view, offPage });
  const { store } = run;

  const [stepUnit, setStepUnit] = useState<StepUnit>('frame');
  const { copied, copyLink } = useCopyLink();
  const gallery = useGallery(navigate, () => setIssues([]));
  const [writer, setWriter] = useState(false);
  // A projector's plots need the width: presenter mode starts with the settings folded.
  const [showControls, setShowControls] = useState(
    !embed && !nav.presenter && window.innerWidth >= 1100,
  );

  // The preset on show: the one the scenario is, or the one it was changed from.
  const { preset, modified } = useMemo(() => presetState(query, base), [query, base]);
  const networked = scenario.topology !== 'single';
  const about = useMemo(() => (preset ? metricsForPreset(preset.name) : []), [preset]);
  useEffect(() => setNetworked(networked), [networked, setNetworked]);

  // A lesson: its step's scenario, speed, pause, outline and split screen (its plays and
  // pauses name the step's query: the run's machine sends them to that query's run). A live
  // class: the room's step, question and reveal.
  const cls = useClass({ nav, navigate });
  const lessons = useLesson({
    nav,
    navigate,
    store,
    run: run.machine,
    view,
    focusPort: run.focusPort,
    played: cls.played,
  });
  const lesson = lessons.lesson;
  useClassHides(cls, view);
  const room = classParts(cls, lessons, {
    store,
    query,
    challenge,
    encoded: nav.challenge,
    scenario,
  });

  const compare = useCompareB(nav, scenario);
  const keys = useAppKeys(run, lessons, stepUnit, !offPage, !!compare.spec);

  const changeScenario = (next: Scenario, key: keyof Scenario) => {
    const q = run.changeScenario(next, key);
    if (q === null) return;
    setIssues([]);
    navigate({ query: q }, 'coalesce');
  };
  const choosePreset = (name: string) => {
    setIssues([]);
    navigate({ base: name, query: toQuery(presetScenario(name)) });
  };
  const onSim = !embed && !offPage;
  useMainTitle({
    page,
    writer: writer && !offPage,
    classroom:
      cls.role === 'host' || cls.role === 'student' ? { role: cls.role, room: cls.room } : null,
    lesson: lesson && {
      title: localLesson(lesson).title,
      step: lessons.step + 1,
      steps: lesson.steps.length,
    },
    compare: nav.compare,
    sweep: nav.sweep,
    scenario: preset && !modified ? preset.title : null,
  });

  return (
    <div className={`app ${embed ? 'embed' : ''} ${lesson ? 'with-lesson' : ''}`}>
      {!embed && <SkipLink />}
      {!embed && (
        <Header
          preset={preset}
          modified={modified}
          onPickPreset={choosePreset}
          copied={copied}
          gallery={gallery.open}
          onGallery={() => gallery.setOpen((g) => !g)}
          sweep={nav.sweep}
          onSweep={() => navigate({ sweep: !nav.sweep, sweepSettings: null })}
          reproduce={page === 'reproduce'}
          onReproduce={() => navigate({ page: page === 'reproduce' ? 'sim' : 'reproduce' })}
          compare={nav.compare}
          onCompare={() => {
            if (!nav.compare) run.machine.pause();
            navigate({ compare: !nav.compare });
          }}
          onCopyLink={copyLink}
          lang={lang}
          onLang={(code) => navigate({ lang: code }, 'replace')}
          presenter={presenter}
          onPresenter={() => {
            // As `presenter=1` does: the projector's plots get the width, settings folded.
            setShowControls(presenter && window.innerWidth >= 1100);
            navigate({ presenter: !presenter }, 'replace');
          }}
          theme={theme}
          onTheme={() => navigate({ theme: theme === 'dark' ? 'light' : 'dark' }, 'replace')}
          onKeys={keys.toggleKeyHelp}
          onChallenge={() => setBuilder(true)}
          classTools={room.tools}
        />
      )}

      <Banners
        issues={issues}
        onDismiss={() => setIssues([])}
        failure={run.failure}
        onRestart={run.restartWorker}
      />
      {keys.keyHelp && <KeyHelp onClose={keys.closeKeyHelp} />}
      {onSim && <ScreenSummary store={store} preset={preset} modified={modified} />}
      {room.top}
      <StickyBar
        hidden={offPage}
        run={run}
        view={view}
        speed={speed}
        stepUnit={stepUnit}
        onStepUnit={setStepUnit}
        live={!embed}
        timeline={!nav.compare}
      />
      {gallery.open && (
        <LessonGallery
          progress={lessons.progress}
          onPick={(l) => gallery.start(l.id)}
          onOpenFile={gallery.startFile}
          onWrite={() => {
            gallery.setOpen(false);
            setWriter(true);
          }}
          onClose={() => gallery.setOpen(false)}
        />
      )}
      {writer && !offPage && (
        <LessonWriter
          moment={() => ({
            scenario: query,
            t: store.t,
            view: view.get().storyView ?? VIEW_IDS[0],
          })}
          onPreview={(l, f) => {
            setWriter(false);
            gallery.startFile(l, f);
          }}
          onClose={() => setWriter(false)}
        />
      )}
      <Pages
        query={query}
        scenario={scenario}
        sweep={nav.sweep}
        onSweepClose={() => navigate({ sweep: false })}
        onSweepChange={(sweepSettings) => navigate({ sweepSettings }, 'replace')}
        page={page}
        onPageClose={() => navigate({ page: 'sim' })}
        builder={builder}
        onBuilderClose={() => setBuilder(false)}
        metrics={store.done ? store.metrics : null}
      />
      {onSim && (
        <SimContext
          preset={preset}
          modified={modified}
          scenario={scenario}
          query={query}
          store={store}
          challenge={challenge}
          encoded={nav.challenge}
          welcome={!lesson && !presenter && !challenge}
          onReset={() => preset && choosePreset(preset.name)}
          onLessons={() => gallery.setOpen(true)}
          navigate={navigate}
        />
      )}
      <SimLayout
        store={store}
        view={view}
        embed={embed}
        presenter={presenter}
        hidden={offPage}
        networked={networked}
        about={about}
        lessons={lessons}
        room={room}
        settings={{
          open: showControls,
          toggle: () => setShowControls((s) => !s),
          scenario,
          onChange: changeScenario,
          ...locks,
        }}
        compare={{
          ...compare,
          bOverrides: nav.bOverrides,
          speed,
          onApply: (bOverrides, branchAt) => navigate({ bOverrides, branchAt }),
          onExit: () => navigate({ compare: false }),
        }}
        focusPort={run.focusPort}
      />
      {!offPage && <LiveRegion store={store} run={run.machine} />}
      {!offPage && <RunSound store={store} />}
      {!embed && <Footer query={query} store={store} />}
      {/* Embedded, the page has no header: the service worker's notices go at its foot. */}
      {embed && <div id={NOTICE_SLOT} className="app-notices app-notices-foot" />}
    </div>
  );
}
