import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:8080';

// Vendor code that every screen needs goes in long-lived chunks; each route is lazy-loaded
// (src/app/router.tsx), so /signin ships only the shell, Mantine core and the login form. React has
// the higher priority: a group takes its modules' dependencies along, and React must not end up in
// the query chunk (which /signin does not load, issue 8).
const vendorGroups = [
  { name: 'react', test: /node_modules\/(react|react-dom|scheduler|react-router)\//, priority: 20 },
  { name: 'query', test: /node_modules\/@tanstack\//, priority: 10 },
];

// Mantine's ScrollArea (the dashboard sidebar) imports only `useMergeRefs` from @floating-ui/react; in the build it
// gets the same hook from src/lib/merge-refs.ts, so the shell's first paint does not carry floating-ui (15 KB gz, the
// popovers' and menus' code, which loads with them). Component tests and the dev server use the real package.
const MERGE_REFS = fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));
const scrollAreaWithoutFloatingUi: Plugin = {
  name: 'scroll-area-without-floating-ui',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '@floating-ui/react' && importer && /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer)) {
      return MERGE_REFS;
    }
    return null;
  },
};

export default defineConfig({
  plugins: [react(), scrollAreaWithoutFloatingUi],
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
