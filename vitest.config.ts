import { defineConfig, mergeConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { createServer } from 'node:net';
import viteConfig from './vite.config.ts';
import LongestFirst from './tests/e2e/sequencer.ts';

/** A TCP port on loopback that no one holds at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // The e2e files start longest first (tests/e2e/sequencer.ts).
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          // `extends: true` inherits the root config (React plugin, worker format, ...).
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: [
              'tests/unit/**/*.test.ts',
              'tests/reference/**/*.test.ts',
              'tests/server/**/*.test.ts',
            ],
            testTimeout: 120_000,
            // Both cores, whatever the machine: vitest's default (cores − 1) gives a 2-core CI
            // machine one worker, and these tests are the model's own computation, CPU-bound.
            maxWorkers: 2,
          },
        },
        {
          // Node-side driver of real Chromium against a Vite server (the page as users see it).
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            // One production build of the app and one static server for every file.
            globalSetup: ['tests/e2e/globalSetup.ts'],
            // A worker keeps its imports (playwright, the lessons, the harness) from one file to
            // the next instead of importing them again for each of 30 files (213 s of imports
            // in a fresh-clone CI). Each file still has its own module and its own browser; the
            // helpers hold no state of their own.
            isolate: false,
            // Three files at a time: each file's pages keep Chromium busy while their runs play,
            // but many of its tests wait on the wall clock (a lesson at its readable speed, a
            // class's countdown): on the idle 2-core CI machine three at a time took 1,544 s
            // and two 1,731 s (with fewer tests).
            maxWorkers: 3,
            // After the in-browser component tests (a project with its own worker count runs
            // in its own group).
            sequence: { groupOrder: 1 },
            // A ceiling for a test on a loaded machine (three files' pages at once): a test
            // that takes 27 s alone took over 60 s so (challenges' "locks its keys").
            testTimeout: 120_000,
            hookTimeout: 60_000,
            // A poll that waits on a run (a link's t=, a lesson's pause) must outlast a loaded
            // CI machine, where three files drive their pages at once. A ceiling, not a wait: a
            // poll returns as soon as the state holds.
            expect: { poll: { timeout: 60_000 } },
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['tests/browser/**/*.test.ts', 'tests/browser/**/*.test.tsx'],
            // Waits on a state (a worker's batch, a sweep's end) outlast a loaded CI machine:
            // vitest's defaults (1 s a poll, 15 s a test) failed there on a worker that took
            // 1.9 s to start (tests/helpers/waitFor.ts does the same for vi.waitFor).
            testTimeout: 60_000,
            expect: { poll: { timeout: 30_000 } },
            browser: {
              enabled: true,
              // A port free now, not vitest's fixed 63315: a second run on the machine (another
              // checkout, a stress loop) would otherwise fail with 'Port 63315 is already in use'.
              api: { port: await freePort(), strictPort: true },
              headless: true,
              provider: playwright({
                launchOptions: {
                  executablePath: '/usr/bin/chromium',
                  args: [
                    '--headless',
                    '--no-sandbox',
                    '--disable-gpu',
                    '--disable-background-networking',
                    '--disable-component-update',
                    '--disable-sync',
                    '--no-first-run',
                  ],
                },
              }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  }),
);
