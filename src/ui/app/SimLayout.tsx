// The simulation page's body: the sidebar (a lesson's card, the class panel, the scenario's
// settings) beside the main column (Compare A/B or the metrics, the views, the connections).
import { LinguiContext } from '@lingui/react';
import { say } from '../../i18n/say';
import { useContext, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { Scenario, ScenarioIssue } from '../../sim';
import type { CompareSpec } from '../compare/Compare';
import { CompareEditor } from '../compare/CompareEditor';
import { ScenarioControls } from '../controls/ScenarioControls';
import { usePhone } from '../data/phone';
import type { RunStore } from '../data/runStore';
import { ExportMenu } from '../export/ExportMenu';
import { Inspector } from '../inspect/Inspector';
import { LessonCard } from '../lessons/LessonCard';
import type { LessonDriver } from '../lessons/useLesson';
import { ConnectionTable, MetricsPanel } from '../MetricsPanel';
import { Panel } from '../views/Panel';
import { PLOTS_ID } from './SkipLink';
import { ViewDescription, descriptionId } from '../views/ViewDescription';
import type { ViewState } from '../views/viewState';
import type { ClassParts } from './classWiring';
import type { PanelContext } from './panels';
import { PANELS } from './panels';
import { useFitHeights } from './useFitHeights';

/** The panels in page order. On a phone, where they stack, the switch buffer comes before the
 * network's picture, so that a buffer is on the first screen; elsewhere the registry's order. */
function panelOrder(phone: boolean): typeof PANELS {
  if (!phone) return PANELS;
  const network = PANELS.filter((d) => d.id === 'network');
  const rest = PANELS.filter((d) => d.id !== 'network');
  const queue = rest.findIndex((d) => d.id === 'queue');
  return [...rest.slice(0, queue + 1), ...network, ...rest.slice(queue + 1)];
}

export interface SimLayoutProps {
  store: RunStore;
  view: ViewState;
  embed: boolean;
  presenter: boolean;
  hidden: boolean;
  /** A network of switches (not the single-switch model): the Network panel shows. */
  networked: boolean;
  /** The metrics the preset on show is about (its claims'), first among the metric tiles. */
  about: readonly string[];
  lessons: LessonDriver;
  room: ClassParts;
  settings: {
    open: boolean;
    toggle(): void;
    scenario: Scenario;
    onChange(next: Scenario, key: keyof Scenario): void;
    locked: Set<string>;
    hidden: Set<string>;
  };
  compare: {
    spec: CompareSpec | null;
    bOverrides: string;
    errors: ScenarioIssue[];
    speed: number;
    onApply(bOverrides: string, branchAt: number | null): void;
    onExit(): void;
  };
  focusPort(slug: string): void;
}

// The settings column's own words (the catalogs: src/locales).
const M = {
  scenario: /*i18n*/ {
    id: 'sidebar.name',
    message: 'Scenario',
    comment: 'Screen-reader name of the column with the lesson card and the settings.',
  },
  settingsHead: /*i18n*/ {
    id: 'sidebar.heading',
    message: 'Scenario settings',
    comment: 'Heading of the settings (read by a screen reader only).',
  },
  hide: /*i18n*/ {
    id: 'sidebar.hide',
    message: '◀ Hide settings',
    comment: 'Button: folds the settings column. Keep the ◀ sign.',
  },
  show: /*i18n*/ {
    id: 'sidebar.show',
    message: '▶ Settings',
    comment: 'Button: opens the settings column. Keep the ▶ sign.',
  },
};

export function SimLayout(p: SimLayoutProps) {
  const { store, view, lessons, room, settings, compare } = p;
  // Renders again when the page's language changes.
  useContext(LinguiContext);
  const lesson = lessons.lesson;
  return (
    <div
      className={`layout ${settings.open || lesson || room.host ? 'with-controls' : ''}`}
      hidden={p.hidden}
    >
      {!p.embed && (
        <aside className="sidebar" aria-label={say(M.scenario)}>
          {lesson && <LessonCard driver={lessons} store={store} predictSlot={room.predictSlot} />}
          {room.side}
          <h2 className="sr-only">{say(M.settingsHead)}</h2>
          <button
            type="button"
            className="sidebar-toggle"
            aria-expanded={settings.open}
            onClick={settings.toggle}
          >
            {settings.open ? say(M.hide) : say(M.show)}
          </button>
          {settings.open && (
            <ScenarioControls
              scenario={settings.scenario}
              onChange={settings.onChange}
              locked={settings.locked}
              hidden={settings.hidden}
            />
          )}
        </aside>
      )}
      {/* Under Compare A/B the single run's views are hidden: the skip link goes to the main
          content, the A/B editor and plots (a link to no target is no skip link: axe's region). */}
      <main
        className="main"
        id={compare.spec ? PLOTS_ID : undefined}
        tabIndex={compare.spec ? -1 : undefined}
      >
        {p.embed && lesson && <LessonCard driver={lessons} store={store} />}
        {compare.spec && (
          <CompareEditor
            spec={compare.spec}
            bOverrides={compare.bOverrides}
            errors={compare.errors}
            mainTime={store.t}
            view={view}
            speed={compare.speed}
            onApply={compare.onApply}
            onExit={compare.onExit}
          />
        )}
        <Views {...p} />
      </main>
    </div>
  );
}

/** The metrics, the inspector and the views (hidden under Compare A/B), and the connections. */
function Views({
  store,
  view,
  embed,
  presenter,
  networked,
  about,
  compare,
  focusPort,
}: SimLayoutProps) {
  const vs = useSyncExternalStore(view.subscribe, view.get);
  const phone = usePhone();
  const viewsRef = useRef<HTMLDivElement>(null);
  const heights = useFitHeights(viewsRef, presenter ? 1.35 : 1);
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
    chooseFocusPort: focusPort,
  };
  const comparing = !!compare.spec;
  let panels: ReactNode = null;
  if (!comparing)
    panels = (
      <div
        className="views"
        ref={viewsRef}
        id={PLOTS_ID}
        tabIndex={-1}
        role="region"
        aria-label="Plots"
      >
        <Inspector store={store} view={view} />
        {/* Panels call ctx's handlers only on events, never while rendering. */}
        {panelOrder(phone)
          .filter((d) => !d.networkOnly || networked)
          .map((d) => (
            <Panel
              key={d.id}
              title={d.title(ctx)}
              testId={d.testId}
              storyView={d.id}
              focused={vs.storyView === d.id}
              className={d.className}
              tools={d.tools?.(ctx)}
              help={d.help}
              table={d.table && { key: d.id, render: () => d.table?.(ctx) }}
            >
              {d.body(ctx)}
              <ViewDescription id={d.id} store={store} view={view} />
            </Panel>
          ))}
      </div>
    );
  return (
    <>
      <div
        hidden={comparing}
        data-story-view="metrics"
        className={vs.storyView === 'metrics' ? 'story-focus metrics-wrap' : 'metrics-wrap'}
      >
        <MetricsPanel
          store={store}
          view={view}
          about={about}
          describedBy={descriptionId('metrics')}
        />
        <ViewDescription id="metrics" store={store} view={view} />
        <div className="metrics-tools">
          <ExportMenu store={store} view="metrics" getRoot={() => null} />
        </div>
      </div>
      {panels}
      {!embed && !comparing && (
        <Panel
          title="Connections"
          testId="panel-connections"
          help="Goodput, retransmission timeouts and fast retransmits of each TCP connection. Hover a row to highlight the connection in every view; click it to show it in the time-sequence plot."
        >
          <ConnectionTable store={store} view={view} />
        </Panel>
      )}
    </>
  );
}
