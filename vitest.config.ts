import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { sourceAliases } from './test/helpers/entries.js'

const root = import.meta.dirname

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'fixtures' || e.name === 'node_modules' || e.name.startsWith('.') ? [] : testFiles(path)
    return e.name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

/**
 * The files that run in workers reused from file to file (vitest's `isolate: false`): each worker loads viem, the
 * sources and the devnet once for all of them, and starts each shared devnet once (`useSharedDevnet`,
 * test/helpers/devnet.ts). Loading them again for each file in a fresh worker cost about a quarter of the suite's
 * CPU time (623 CPU-s with 104 isolated files, 481 with 4), and the suite is CPU-bound on two cores. A file that
 * mocks modules or sets the environment keeps a fresh worker, read from the files themselves so that no list goes
 * stale. A file that starts its own devnet (`useDevnet`) stops it in its own `afterAll`, so nothing it starts
 * outlives it in a reused worker.
 */
const sharesWorkers = (file: string): boolean =>
  !/\bvi\.(mock|doMock|stubEnv|stubGlobal)\(|process\.env\.\w+ *=[^=]/.test(readFileSync(join(root, file), 'utf8'))
const shared = testFiles(join(root, 'test')).filter(sharesWorkers)

export default defineConfig({
  // The packages' names resolve to their sources, as tsconfig.json's `paths` do for tsc: the devnet's
  // `import … from 'subnet-rpc'` then loads the same modules (and error classes) as the tests.
  resolve: { alias: sourceAliases(root) },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two workers, each devnet test file with its anvil (or a shared one).
    maxWorkers: 2,
    // Node's environment, which also stops a worker's shared devnets when the worker ends.
    environment: './test/helpers/devnet-environment.ts',
    // The type tests (*.test-d.ts) are checked by `tsc --noEmit` (tsconfig.json includes test/), which `npm test`
    // runs first: vitest's own typecheck pass ran the compiler over them a second time.
    reporters: ['default', './test/reporters/summary.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...shared],
        },
      },
      {
        extends: true,
        test: { name: 'shared', include: shared, isolate: false },
      },
    ],
  },
})
