import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Zod without eval, which the shop's Content-Security-Policy forbids (see that file).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  server: {
    // `npm run dev`: the API runs beside Vite, on the port `npm start` would use.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    // No source maps: the shop would serve the app's source to anyone (plugins/spa.ts refuses
    // them too). `npm run dev` keeps Vite's own.
    sourcemap: false,
    // Which chunks each page needs, for its HTML (scripts/page-scripts.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs travels as one file: one request, and one compression
          // dictionary for React, the router and the query cache instead of six small files.
          // Pages and the home page's lower sections stay in chunks of their own.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
