import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorker } from './scripts/service-worker-plugin.ts';

export default defineConfig({
  plugins: [react(), serviceWorker()],
  build: {
    outDir: process.env.STOCKROOM_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { port: Number(process.env.VITE_PORT ?? 5173), strictPort: false },
});
