import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo: each workspace is a project, so `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
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
        },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
