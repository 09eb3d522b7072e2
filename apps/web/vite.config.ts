import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:8080';

// Vendor code that every screen needs goes in long-lived chunks; each route is lazy-loaded
// (src/app/router.tsx), so /signin ships only the shell, Mantine core and the login form. React has
// the higher priority: a group takes its modules' dependencies along, and React must not end up in
// the query chunk (which /signin does not load, issue 8).
const vendorGroups = [
  { name: 'react', test: /node_modules\/(react|react-dom|scheduler|react-router)\//, priority: 20 },
  { name: 'query', test: /node_modules\/@tanstack\//, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\/(.*)$/, replacement: fileURLToPath(new URL('./src/$1', import.meta.url)) },
      {
        find: /^@portal\/contract\/(.*)$/,
        replacement: fileURLToPath(new URL('../../packages/contract/src/$1', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
});
