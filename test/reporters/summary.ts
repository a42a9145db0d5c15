/**
 * Prints one plain closing line, `N passed, N failed, N skipped`, that any CI log reader
 * understands without knowing vitest's colored summary.
 */
import type { Reporter, TestModule } from 'vitest/node'

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
      // A file that failed to load has no tests but is a failure.
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
