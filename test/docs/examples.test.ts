/**
 * The README's TypeScript examples run as a new user would paste them: against a devnet,
 * importing the built package by name (`subnet-rpc/viem`, resolved to dist/ through the
 * package's own exports). The devnet's port replaces 9650.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'docs' })

function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!)
}

describe('README examples', () => {
  const blocks = tsBlocks(readFileSync('README.md', 'utf8')).filter((b) => b.includes("from 'subnet-rpc/viem'") || b.includes("from 'subnet-rpc/ethers'"))
  it('has a viem and an ethers quick start', () => expect(blocks.length).toBeGreaterThanOrEqual(2))
  blocks.forEach((code, i) => {
    it(`example ${i + 1} runs`, async () => {
      const port = new URL(devnet().url).port
      const dir = mkdtempSync(join(process.cwd(), 'test/docs/.run-'))
      try {
        const file = join(dir, 'example.mts')
        writeFileSync(file, code.replaceAll('127.0.0.1:9650', `127.0.0.1:${port}`).replace('/ext/bc/devnet/', `/ext/bc/${devnet().alias}/`))
        const { stdout } = await promisify(execFile)('npx', ['tsx', file], { timeout: 60_000 })
        expect(stdout.length).toBeGreaterThan(0)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
})
