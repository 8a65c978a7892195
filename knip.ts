import type { KnipConfig } from 'knip';

/**
 * `npm run knip` (part of `npm test`): files nobody imports, exports and exported types no other file
 * imports, dependencies nobody uses, and imports of packages a workspace does not declare. Test files are
 * entries, so what only tests use counts as used. A symbol used only in its own file is not exported; one
 * kept on purpose for a public surface nothing imports yet carries a JSDoc `@public` tag.
 */
const config: KnipConfig = {
  include: [
    'files',
    'exports',
    'types',
    'dependencies',
    'devDependencies',
    'optionalPeerDependencies',
    'unlisted',
    'unresolved',
    'binaries',
  ],
  // scripts/services.ts starts a redis-server found on the PATH; it is no npm package.
  ignoreBinaries: ['redis-server'],
  // CSS imports (Tailwind's `@import 'tailwindcss'`) count as imports.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n'),
  },
  workspaces: {
    '.': { entry: ['scripts/*.ts'], project: ['scripts/**/*.ts'] },
    shared: { entry: ['src/**/*.test.ts'], project: ['src/**/*.ts'] },
    backend: { entry: ['src/server.ts', 'src/**/*Cli.ts', 'src/**/*.test.ts'], project: ['src/**/*.ts'] },
    worker: { entry: ['src/main.ts', 'src/**/*.test.ts'], project: ['src/**/*.ts'] },
    frontend: { entry: ['src/**/*.test.{ts,tsx}'], project: ['src/**/*.{ts,tsx,css}'] },
    e2e: { entry: ['src/**/*.e2e.ts'], project: ['src/**/*.ts'] },
    // bench/run.ts is found through the root's `bench` script; the others are run by hand (npx tsx bench/…)
    // or forked by path (server.ts, bareFastify.ts), which knip cannot follow.
    bench: { entry: ['explainBooking.ts', 'httpProfile.ts', 'server.ts', 'bareFastify.ts'], project: ['*.ts'] },
  },
};

export default config;
