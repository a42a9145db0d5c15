/**
 * `npm run test:unit`: the contributor's fast loop, the tests that need no build, no devnet, no
 * anvil, no server and no package packing. An explicit list, so that a new file that starts a
 * devnet does not slip in by matching a glob; `npm test` (vitest.config.ts) still runs everything.
 * Type tests (*.test-d.ts) are left to `npm run typecheck`, whose tsc reads them too: vitest's
 * typecheck pass alone takes longer than this whole run. test/devnet/precompiles-artifacts.test.ts
 * is pure too but left out: loading solc and compiling contracts/ costs a third of the run.
 */
import { defineConfig } from 'vitest/config'
import { sourceAliases } from './test/helpers/entries.js'

export default defineConfig({
  resolve: { alias: sourceAliases(import.meta.dirname) },
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/fuzz/parse-properties.test.ts',
      'test/fuzz/decoder-mutations.test.ts',
      'test/docs/links.test.ts',
      'test/docs/viem-index.test.ts',
      'test/ethers/docs.test.ts',
      'test/package/error-base.test.ts',
    ],
    testTimeout: 30_000,
    maxWorkers: 2,
    reporters: ['default', './test/reporters/summary.ts'],
  },
})
