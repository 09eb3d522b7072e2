import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // The group form's typing tests passed 60 s on the slow host of 2026-11-29 (setup-tests.ts).
    testTimeout: 120_000,
    isolate: false,
  },
});
