import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server serves this build under /backoffice/; in dev, Vite proxies the /bo API to it.
const API_TARGET = process.env.SORTE_API ?? 'http://127.0.0.1:3000';
const proxy = { '/bo': { target: API_TARGET, changeOrigin: false } };

export default defineConfig({
  root: import.meta.dirname,
  base: '/backoffice/',
  plugins: [react()],
  server: { port: 5174, proxy },
  preview: { port: 4174, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Framework code changes rarely: its own long-cached chunks.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 25 },
            { name: 'vendor-data', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
