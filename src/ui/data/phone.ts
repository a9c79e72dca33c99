// Whether the page is on a phone's width (as the stylesheets' `max-width: 700px`), as React state
// that follows the window's width.
import { useSyncExternalStore } from 'react';

/** A phone's width: the views stack, the header's tools fold into a menu. */
export const PHONE_QUERY = '(max-width: 700px)';

function subscribe(onChange: () => void): () => void {
  const q = window.matchMedia?.(PHONE_QUERY);
  q?.addEventListener('change', onChange);
  return () => q?.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia?.(PHONE_QUERY).matches ?? false;

/** True on a phone's width; follows the window as it changes. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone);
}
