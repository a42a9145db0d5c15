import { defineConfig } from 'vitest/config'
import { sourceAliases } from './test/helpers/entries.js'

export default defineConfig({
  // The packages' names resolve to their sources, as tsconfig.json's `paths` do for tsc: the devnet's
  // `import … from 'subnet-rpc'` then loads the same modules (and error classes) as the tests.
  resolve: { alias: sourceAliases(import.meta.dirname) },
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
