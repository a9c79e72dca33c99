// The service worker's two messages to the person (see the VitePWA options in vite.config.ts):
// "Ready to work offline" once, when the first install has precached the whole app, and
// "Reload to update" when a new deployment's service worker is installed and waiting. The new
// version takes over only on that click (it is then told to skip waiting and the page reloads),
// so a page never runs files of two versions. Under `vite` dev no service worker is registered
// (the virtual module is a stub there) and nothing shows.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { createPortal } from 'react-dom';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { NOTICE_SLOT } from './slot';
import './UpdatePrompt.css';

/** How often an open page asks the server for a new service worker (a lab can stay open all day). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
// The notices' words (the catalogs: src/locales; README, "Translating").
const M = {
  available: /*i18n*/ {
    id: 'pwa.available',
    message: 'A new version of the lab is available.',
    comment: 'Notice in the header: a newer version of this app was downloaded.',
  },
  updating: /*i18n*/ {
    id: 'pwa.updating',
    message: 'Updating…',
    comment: 'The update button while the page reloads onto the new version.',
  },
  reload: /*i18n*/ {
    id: 'pwa.reload',
    message: 'Reload to update',
    comment: 'Button: reloads the page onto the new version of the app.',
  },
  later: /*i18n*/ {
    id: 'pwa.later',
    message: 'Later',
    comment: 'Button: hides the update notice; the new version comes when every tab is closed.',
  },
  offline: /*i18n*/ {
    id: 'pwa.offline',
    message: 'Ready to work offline',
    comment: 'Notice in the header after the first visit: the app now works without a network.',
  },
  dismiss: /*i18n*/ {
    id: 'pwa.dismiss',
    message: 'Dismiss',
    comment: 'Name of the × button that hides a notice.',
  },
};

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
  const { _ } = useLingui();
  if (!needRefresh && !offlineReady) return null;
  if (needRefresh) {
    return (
      <div className="pwa-toast" role="alert" data-testid="update-prompt">
        <span className="pwa-toast-text" title={_(M.available)}>
          {_(M.available)}
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
          {reloading ? _(M.updating) : _(M.reload)}
        </button>
        <button type="button" className="pwa-toast-dismiss" onClick={onDismiss}>
          {_(M.later)}
        </button>
      </div>
    );
  }
  return (
    <div className="pwa-toast pwa-toast-quiet" role="status" data-testid="offline-ready">
      <span className="pwa-toast-text" title={_(M.offline)}>
        {_(M.offline)}
      </span>
      <button
        type="button"
        className="pwa-toast-dismiss"
        aria-label={_(M.dismiss)}
        title={_(M.dismiss)}
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

  // "Ready to work offline" stays until its × (WCAG 2.2.1: no notice leaves on a timer before a
  // slow reader has read it); in the header's row it takes no room above the content.
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
