import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.SORTE_API ?? 'http://127.0.0.1:3000';
const proxied = [
  '/wps',
  '/lgw',
  '/bo',
  '/providers',
  '/healthz',
  '/readyz',
  '/docs',
  '/dev',
  '/assets-brand',
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false, ws: path === '/wps' }]),
    ),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false, ws: path === '/wps' }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        // Every route module in src/app/routes is reached only through a dynamic import, so each is
        // its own lazy chunk (named after the file). Framework code is grouped for long-term caching.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/app/routes/')
            ? 'assets/route-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // Framework code changes rarely: its own long-cached chunks.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 25 },
            { name: 'vendor-data', test: /node_modules[\\/](@tanstack|zustand)[\\/]/, priority: 20 },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
