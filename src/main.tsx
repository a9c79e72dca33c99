import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from './i18n/activate';
import { startLanguage } from './ui/app/language';
import { App } from './ui/App';
import { UpdatePrompt } from './ui/pwa/UpdatePrompt';
// The style sheets, in cascade order.
import './ui/styles/shell.css';
import './ui/styles/views.css';
import './ui/styles/inspect-lessons.css';
import './ui/styles/compare-header.css';
import './ui/styles/context-layouts.css';

// A live class's results page (`?class=results&room=CODE`) is a page of its own.
const ResultsPage = lazy(() =>
  import('./ui/class/ResultsPage').then((m) => ({ default: m.ResultsPage })),
);
// This browser's classes (`?class=rooms`): a page of its own too.
const RoomsPage = lazy(() =>
  import('./ui/class/RoomsPage').then((m) => ({ default: m.RoomsPage })),
);
const params = new URLSearchParams(window.location.search);
const results = params.get('class') === 'results';
const rooms = params.get('class') === 'rooms';

const rootElement = document.getElementById('root');
// The page's language is loaded before its first frame (its catalog is one small file).
if (rootElement)
  void startLanguage(window.location.search).then(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          {results ? (
            <Suspense fallback={null}>
              <ResultsPage room={params.get('room')?.trim().toUpperCase() || null} />
            </Suspense>
          ) : rooms ? (
            <Suspense fallback={null}>
              <RoomsPage />
            </Suspense>
          ) : (
            <App />
          )}
          <UpdatePrompt />
        </I18nProvider>
      </StrictMode>,
    ),
  );
