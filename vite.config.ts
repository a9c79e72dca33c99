import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Note: the Content-Security-Policy lives in index.html as a <meta> tag. It also works under
// `vite` dev: Vite prepends its inline React Refresh preamble and HMR client *before* the CSP
// <meta>, and a meta-delivered CSP only governs content that follows it.
export default defineConfig({
  plugins: [react()],
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
