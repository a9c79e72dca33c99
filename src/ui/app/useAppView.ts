// The views' shared state (zoom, selection, inspected drop, …) and the page's theme and presenter
// mode, which both the document and the views follow.
import { useEffect, useMemo } from 'react';
import { ViewState } from '../views/viewState';

function prefersDark(): boolean {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}
function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function useAppView(nav: { theme: 'dark' | 'light' | null; presenter: boolean }) {
  const theme = nav.theme ?? (prefersDark() ? 'dark' : 'light');
  const { presenter } = nav;
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
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    view.set({ dark: theme === 'dark' });
  }, [theme, view]);
  useEffect(() => {
    document.documentElement.classList.toggle('presenter', presenter);
    view.set({ presenter });
  }, [presenter, view]);
  return { view, theme };
}
