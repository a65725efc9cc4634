import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env.STOCKROOM_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { port: Number(process.env.VITE_PORT ?? 5173), strictPort: false },
});
