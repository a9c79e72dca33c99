// The first Tab stop of the page: "Skip to the plots", hidden until it has the focus. It moves
// the focus to the views (the `#plots` element), or to the page's main content where a page
// has no plots.

/** The id of the element that holds the simulation page's views. */
export const PLOTS_ID = 'plots';

export function SkipLink() {
  const skip = (e: React.MouseEvent) => {
    e.preventDefault();
    const el = document.getElementById(PLOTS_ID) ?? document.querySelector<HTMLElement>('main');
    if (!el) return;
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus();
  };
  return (
    <a className="skip-link" href={`#${PLOTS_ID}`} onClick={skip} data-testid="skip-link">
      Skip to the plots
    </a>
  );
}
