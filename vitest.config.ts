import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,backend,worker,frontend}/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['./backend/src/test/globalSetup.ts'],
    // The frontend's answers are checked against their schemas in tests (frontend/src/lib/api.ts).
    setupFiles: ['./frontend/src/test/checkAnswers.ts'],
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
