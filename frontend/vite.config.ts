import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = 'http://127.0.0.1:3000';

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
  },
});
