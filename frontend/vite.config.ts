import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = 'http://127.0.0.1:3000';

const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

/*
 * Named chunks for the big libraries, so a deploy that changes only our code keeps them cached and a
 * look at dist/assets (or `npm run bench`) shows which ones the home page loads. Only `react` is in the
 * entry's graph; the others are reached by lazy screens only (bench/bundle.ts checks the entry's size).
 */
const vendorChunks = [
  { name: 'react', test: pkg('react|react-dom|scheduler|use-sync-external-store'), priority: 30 },
  {
    name: 'charts',
    test: pkg(
      'recharts|d3-[a-z]+|victory-vendor|internmap|decimal\\.js-light|@reduxjs|redux|react-redux|immer|reselect|es-toolkit|eventemitter3',
    ),
    priority: 20,
  },
  { name: 'stripe', test: pkg('@stripe'), priority: 20 },
  {
    name: 'socket-io',
    test: pkg(
      'socket\\.io-client|socket\\.io-parser|engine\\.io-client|engine\\.io-parser|@socket\\.io|xmlhttprequest-ssl',
    ),
    priority: 20,
  },
  { name: 'forms', test: pkg('react-hook-form|@hookform'), priority: 20 },
  { name: 'zod', test: pkg('zod'), priority: 20 },
  // @barber/shared: zod schemas, regions, ZIP table, time helpers.
  // (lucide-react has a dist/esm/shared/src folder of its own.)
  {
    name: 'shared',
    test: (id: string) => /[\\/]shared[\\/]src[\\/]/.test(id) && !id.includes('node_modules'),
    priority: 10,
  },
];

const proxy = {
  '/api': { target: backend, changeOrigin: false },
  '/socket.io': { target: backend, ws: true, changeOrigin: false },
  '/healthz': { target: backend },
  '/uploads': { target: backend },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    // Relative to the project root (this folder): frontend/dist.
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});
