import { defineConfig } from 'vitest/config';

const shared = {
  globalSetup: ['./backend/src/test/globalSetup.ts'],
  // The frontend's answers are checked against their schemas in tests (frontend/src/lib/api.ts).
  setupFiles: ['./frontend/src/test/checkAnswers.ts'],
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'all',
          include: ['{shared,backend,worker,frontend}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        },
      },
      {
        // Servers and CI run in UTC; a browser may be anywhere. The pure time rules and the screens' date logic run
        // again 19 hours from New York, so that a date built from the machine's zone fails here.
        extends: true,
        test: {
          ...shared,
          name: 'far zone',
          env: { TZ: 'Pacific/Kiritimati' },
          include: [
            'shared/src/**/*.test.ts',
            'frontend/src/lib/**/*.test.ts',
            'frontend/src/features/*/lib/**/*.test.ts',
            'frontend/src/features/barbers/components/Booking*.test.tsx',
          ],
        },
      },
    ],
  },
});
