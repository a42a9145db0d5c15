/**
 * docs/ethers.md and docs/hardhat.md as a new user reads them. Their code blocks are
 * type-checked against the BUILT package and, when they need only a node, run against a
 * devnet by the docs harness (test/docs/examples.test.ts), which also checks what the
 * ethers.md examples print (the exact-number example's 9007199254740993n, the error example's
 * node messages, the five ways to one block, the derived Info URL). Here: the page has those
 * examples, and the script printed in hardhat.md is the example project's script.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

function blocks(markdown: string, info: string): string[] {
  return [...markdown.matchAll(/```([^\n]*)\n([\s\S]*?)```/g)].filter((m) => m[1] === info).map((m) => m[2]!)
}

describe('docs/ethers.md', () => {
  const ethersDoc = readFileSync(join(root, 'docs/ethers.md'), 'utf8')
  it('has the examples, all importing subnet-rpc/ethers', () => {
    const tsBlocks = blocks(ethersDoc, 'ts')
    expect(tsBlocks.length).toBeGreaterThanOrEqual(8)
    for (const b of tsBlocks) expect(b).toContain("from 'subnet-rpc/ethers'")
    expect(blocks(ethersDoc, 'ts browser')).toHaveLength(1)
    for (const promised of ['9007199254740993', "alias: 'nope'", "'0x0', 'earliest'", 'provider.info.url']) {
      expect(
        tsBlocks.some((b) => b.includes(promised)),
        promised,
      ).toBe(true)
    }
  })
})

describe('docs/hardhat.md', () => {
  const doc = readFileSync(join(root, 'docs/hardhat.md'), 'utf8')
  // That it shows examples/hardhat/scripts/read.cjs as it is: test/ethers/hardhat.test.ts.

  it('names the tested versions', () => {
    // Exact versions in examples/hardhat/package.json (its lock and test/ethers/hardhat.test.ts hold the install to them).
    const pinned = JSON.parse(readFileSync(join(root, 'examples/hardhat/package.json'), 'utf8')).devDependencies as Record<string, string>
    expect(doc).toContain(`hardhat ${pinned.hardhat}`)
    expect(doc).toContain(`hardhat-ethers ${pinned['@nomicfoundation/hardhat-ethers']}`)
    expect(doc).toContain(`ethers ${pinned.ethers}`)
    expect(doc).toContain('22.13')
  })
})
