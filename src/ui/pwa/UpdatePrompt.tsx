// The service worker's two messages to the person (see the VitePWA options in vite.config.ts):
// "Ready to work offline" once, when the first install has precached the whole app, and
// "Reload to update" when a new deployment's service worker is installed and waiting. The new
// version takes over only on that click (it is then told to skip waiting and the page reloads),
// so a page never runs files of two versions. Under `vite` dev no service worker is registered
// (the virtual module is a stub there) and nothing shows.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { NOTICE_SLOT } from './slot';
import './UpdatePrompt.css';

/** How often an open page asks the server for a new service worker (a lab can stay open all day). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** How long "Ready to work offline" stays before it goes by itself. */
export const OFFLINE_NOTICE_MS = 8000;

export interface UpdateNoticeProps {
  /** A new version is installed and waiting. */
  needRefresh: boolean;
  /** The first install finished: the app now works offline. */
  offlineReady: boolean;
  /** Activates the waiting version; the page reloads when it takes control. */
  onReload: () => void;
  /** Hides the notice (the waiting version then takes over when every tab of the lab is closed). */
  onDismiss: () => void;
}

let reloading = false;
/** Reloads the page once, however many events ask for it. */
function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** The notice itself, without the service worker (tested on its own). */
export function UpdateNotice({
  needRefresh,
  offlineReady,
  onReload,
  onDismiss,
}: UpdateNoticeProps) {
  const [reloading, setReloading] = useState(false);
  if (!needRefresh && !offlineReady) return null;
  if (needRefresh) {
    return (
      <div className="pwa-toast" role="alert" data-testid="update-prompt">
        <span className="pwa-toast-text" title="A new version of the lab is available.">
          A new version of the lab is available.
        </span>
        <button
          type="button"
          className="pwa-toast-primary"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            onReload();
          }}
        >
          {reloading ? 'Updating…' : 'Reload to update'}
        </button>
        <button type="button" className="pwa-toast-dismiss" onClick={onDismiss}>
          Later
        </button>
      </div>
    );
  }
  return (
    <div className="pwa-toast pwa-toast-quiet" role="status" data-testid="offline-ready">
      <span className="pwa-toast-text" title="Ready to work offline">
        Ready to work offline
      </span>
      <button
        type="button"
        className="pwa-toast-dismiss"
        aria-label="Dismiss"
        title="Dismiss"
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}

/** Registers the service worker and shows its notices. Mounted once, next to the app. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    // Register after the page's load event, so the precache download does not compete with
    // the app's start.
    immediate: false,
    onNeedRefresh() {
      // When the waiting version takes control (after this tab's click or another tab's), this
      // tab reloads onto it rather than run on with the old files. Workbox only reports that as
      // an update in a tab that was already controlled when it loaded, not in the tab whose
      // visit installed the first version, hence the listener of our own.
      navigator.serviceWorker.addEventListener('controllerchange', reloadOnce);
    },
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        // A failed check (the network went away) is retried at the next interval.
        if (navigator.onLine && !registration.installing) registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
  });

  // The notices take their place in the page's flow (the app's slot in its header's row of
  // tools), so that they take no room above a lesson's card or the views and never cover them;
  // without the slot, a toast in the corner. (They come after the page's load, when the app has
  // long rendered its slot.)
  const slot = needRefresh || offlineReady ? document.getElementById(NOTICE_SLOT) : null;

  useEffect(() => {
    if (!offlineReady || needRefresh) return;
    const t = setTimeout(() => setOfflineReady(false), OFFLINE_NOTICE_MS);
    return () => clearTimeout(t);
  }, [offlineReady, needRefresh, setOfflineReady]);

  const notice = (
    <UpdateNotice
      needRefresh={needRefresh}
      offlineReady={offlineReady}
      onReload={() => void updateServiceWorker(true)}
      onDismiss={() => {
        setNeedRefresh(false);
        setOfflineReady(false);
      }}
    />
  );
  return slot ? createPortal(notice, slot) : notice;
}
