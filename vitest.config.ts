import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each devnet test file starts its own anvil; two cores, so keep files from piling up.
    maxWorkers: 2,
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
    reporters: ['default', './test/reporters/summary.ts'],
  },
})
