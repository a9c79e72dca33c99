import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { lingui } from '@lingui/vite-plugin';
import { i18nDescriptors } from './scripts/i18nDescriptors.ts';
import { execFileSync } from 'node:child_process';

/**
 * The URL path the app is served under: `/` by default, `/lab/` for a build run as
 * `BASE_PATH=/lab/ npm run build` (a sub-directory of a static host, GitHub Pages' `/<repo>/`).
 * Leading and trailing slashes are added if missing.
 */
export function basePath(raw = process.env.BASE_PATH): string {
  const trimmed = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** The short hash of the commit the app is built from (`git rev-parse --short HEAD`), or
 * "unknown" where git or the repository is absent (a tarball of the sources). */
export function gitCommit(): string {
  try {
    const out = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{4,40}$/.test(out) ? out : 'unknown';
  } catch {
    return 'unknown';
  }
}

// Note: the Content-Security-Policy lives in index.html as a <meta> tag. It also works under
// `vite` dev: Vite prepends its inline React Refresh preamble and HMR client *before* the CSP
// <meta>, and a meta-delivered CSP only governs content that follows it.
export default defineConfig({
  base: basePath(),
  // The commit every export and sweep result names (src/version.ts).
  define: { __APP_COMMIT__: JSON.stringify(gitCommit()) },
  plugins: [
    react(),
    // Each language's PO catalog (src/locales) compiled when the page imports it; a build fails
    // on a message a language lacks or one that does not parse (CI builds the app).
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // The translators' comments stay in the sources, out of the page (scripts/i18nDescriptors.ts).
    i18nDescriptors(),
    // Installable and offline: a web app manifest and a Workbox service worker that precaches
    // every file of the build (the app shell, the simulator and sweep worker bundles, the icons).
    // 'prompt': a new deployment's service worker waits until the person clicks "Reload to
    // update" (src/ui/UpdatePrompt.tsx), so a page never runs files of two versions.
    VitePWA({
      registerType: 'prompt',
      // Registered from src/ui/UpdatePrompt.tsx (virtual:pwa-register/react), not by an
      // injected <script> (the CSP allows no inline script).
      injectRegister: false,
      // Never in `vite` dev (the e2e tests' server): only `vite build` emits a service worker.
      devOptions: { enabled: false },
      // The precache is the glob below (every file the build emits); no second list of icons.
      includeManifestIcons: false,
      manifest: {
        name: 'TCP-over-ATM Lab',
        short_name: 'ATM Lab',
        description:
          'Interactive lab for simulating TCP over ATM: cell loss, buffering, and congestion control.',
        theme_color: '#1e3a5f',
        background_color: '#f4f5f7',
        display: 'standalone',
        // start_url and scope default to the base path, so they follow BASE_PATH.
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Everything in dist/ but the service worker itself: index.html, the app bundle and its
        // CSS, the sim.worker and sweep.worker bundles (the committed reproduction scorecard is
        // inlined into the app bundle) and the icons; the plugin adds manifest.webmanifest itself.
        globPatterns: ['**/*.{js,css,html,svg,png,json}'],
        // Old versions' precaches are deleted once the new service worker activates.
        cleanupOutdatedCaches: true,
        // Only on the person's click (UpdatePrompt sends SKIP_WAITING); on first install the
        // page that installed the worker is claimed at once, so it works offline without a
        // reload (that page and the precache are the same version).
        skipWaiting: false,
        clientsClaim: true,
        // Scenario URLs are query strings on the app's one page (`/lab/?preset=...`): every
        // navigation inside the scope is answered with the precached index.html.
        navigateFallback: 'index.html',
        // Except the class server's short links (/j/CODE, /j/CODE/c/N: redirects it answers)
        // and its API, which must reach the server even on a phone that has the app offline.
        navigateFallbackDenylist: [/\/j\/[^/]+(\/c\/\d+)?\/?$/, /\/class\/api\//],
      },
    }),
  ],
  worker: {
    format: 'es',
  },
  // Pre-bundled up front so the first browser test run does not reload mid-way.
  optimizeDeps: {
    include: ['d3-shape', 'd3-array', 'd3-axis', 'd3-brush', 'd3-scale', 'd3-selection'],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
  build: {
    target: 'es2022',
  },
});
