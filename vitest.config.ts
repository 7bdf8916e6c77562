import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// One runner for the whole monorepo: each workspace is a project, so `npm test` runs them all. The server's tests come
// in two tiers: `server-unit` (files named *.unit.test.ts: pure functions, no database, seconds in all) and `server`
// (API and database tests; its global setup migrates and seeds one database that every file gets a copy of).
const serverUnitTests = ['src/**/*.unit.test.ts', 'test/**/*.unit.test.ts'];

export default defineConfig({
  test: {
    // One worker per core. Vitest's default leaves one core to its main process (cores - 1), which on this 2-core
    // machine meant one worker: the web project alone took 10 minutes, 6 with two (docs/performance.md, "The test
    // suite's time"). The main process only collects results. The e2e project keeps one file at a time (below).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'server-unit', root: 'apps/server', include: serverUnitTests, isolate: false } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          // The files of a worker share its modules (loaded once: Fastify, Drizzle, the app) instead of importing
          // them again per file: the project in 2¼ minutes instead of 4½. Each file still builds its own app on its
          // own copy of the seeded database (test/harness.ts); a file must not rely on module state another left
          // (process.env, module-level caches): none does, and caches hold reference data only.
          isolate: false,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serverUnitTests],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      // The web app's build plugins (vite-*.ts beside its config), in Node as the build runs them,
      // and the e2e set-up's own decisions (e2e/support/*.test.ts), without a browser.
      {
        test: {
          name: 'web-build',
          root: 'apps/web',
          include: ['*.test.ts', 'e2e/support/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        define: {
          __JCBB_SIGNING__: JSON.stringify({
            appCode: 'jcbb',
            authKey: 'jcbb-web-dev',
            secret: 'jcbb-web-dev-secret-change-me',
          }),
          // antd generates no component styles: jsdom renders no CSS that matters to a test (see src/test/setup.ts).
          __ANTD_STYLES_BUILT__: 'true',
        },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // The files of a worker share their modules and their jsdom (antd, React and the app imported once per
          // worker instead of once per file), as the server's files do: the project's CPU time less than halved
          // (docs/performance.md, "The test suite's time"). What a file leaves behind is reset by src/test/setup.ts
          // (rendered trees, storage, the session, spies); no file replaces a module with vi.mock
          // (test-isolation.test.ts), and test/render.tsx never makes its i18n instance react-i18next's global.
          isolate: false,
          testTimeout: 20000,
          // After the contract and server projects, not beside them: on two cores the server suites' embedded
          // databases starved jsdom, and component tests that wait on renders then timed out in CI.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // End-to-end: Chromium (Debian's /usr/bin/chromium) drives the built console served by one real server that
        // the global setup starts. One file at a time: the machine has two cores and the files share that server.
        test: {
          name: 'e2e',
          root: 'apps/web',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          fileParallelism: false,
          // One worker for every file, which imports Playwright and the helpers once (1.5–4 s a file otherwise);
          // the files share nothing else but the server and the browser, which the global setup starts.
          isolate: false,
          // After the other projects: they would otherwise take the CPU the browser and the server need.
          sequence: { groupOrder: 2 },
          testTimeout: 60000,
          hookTimeout: 180000,
          // Settling on screen takes a round trip to the server or two: more than expect.poll's 1 s default.
          expect: { poll: { timeout: 15000, interval: 100 } },
        },
      },
    ],
  },
});
