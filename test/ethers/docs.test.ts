/**
 * docs/ethers.md and docs/hardhat.md as a new user would use them: every ```ts block of
 * ethers.md (except the ```ts browser one) runs with tsx against a devnet, importing the
 * BUILT package by name (`subnet-rpc/ethers`, resolved to dist/ through the package's own
 * exports); the devnet's port replaces 9650. The script printed in hardhat.md is the
 * example's script.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'

const root = resolve(import.meta.dirname, '../..')
const devnet = useDevnet({ seed: 'ethers-docs' })

function blocks(markdown: string, info: string): string[] {
  return [...markdown.matchAll(/```([^\n]*)\n([\s\S]*?)```/g)].filter((m) => m[1] === info).map((m) => m[2]!)
}

const ethersDoc = readFileSync(join(root, 'docs/ethers.md'), 'utf8')
const tsBlocks = blocks(ethersDoc, 'ts')

async function runTs(code: string): Promise<string> {
  const port = new URL(devnet().url).port
  const dir = mkdtempSync(join(root, 'test/ethers/.run-'))
  try {
    const file = join(dir, 'example.mts')
    writeFileSync(file, code.replaceAll('127.0.0.1:9650', `127.0.0.1:${port}`))
    const { stdout } = await promisify(execFile)('npx', ['tsx', file], { cwd: root, timeout: 60_000 })
    return stdout
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('docs/ethers.md examples run against the devnet', () => {
  it('has the examples, all importing subnet-rpc/ethers', () => {
    expect(tsBlocks.length).toBeGreaterThanOrEqual(8)
    for (const b of tsBlocks) expect(b).toContain("from 'subnet-rpc/ethers'")
    expect(blocks(ethersDoc, 'ts browser')).toHaveLength(1)
  })

  // In document order: the exact-number example puts the default fee config back at its end.
  tsBlocks.forEach((code, i) => {
    const title = code.split('\n').find((l) => l.startsWith('const ') || l.startsWith('//') || l.startsWith('class ')) ?? ''
    it(`example ${i + 1} runs (${title.slice(0, 60)})`, { timeout: 90_000 }, async () => {
      const out = await runTs(code)
      expect(out.length).toBeGreaterThan(0)
      if (code.includes('9007199254740993')) {
        expect(out).toContain('9007199254740993n')
        expect(out).toContain('$.feeConfig.minBaseFee 9007199254740992')
      }
      if (code.includes("alias: 'nope'")) {
        expect(out).toContain('-32000 there is no ID with alias: nope')
        expect(out).toContain('cannot query unfinalized data')
        expect(out).toContain('timestamp Invalid timestamp: got -1')
      }
      if (code.includes("'0x0', 'earliest'")) expect(out.match(/25000000000n/g)).toHaveLength(5)
      if (code.includes('provider.info.url')) expect(out).toContain(`127.0.0.1:${new URL(devnet().url).port}/ext/info?token=abc`)
    })
  })
})

describe('docs/hardhat.md', () => {
  const doc = readFileSync(join(root, 'docs/hardhat.md'), 'utf8')
  const code = (text: string) =>
    text
      .split('\n')
      .filter((l) => !l.trim().startsWith('//') && l.trim() !== '')
      .join('\n')

  it('prints the example script as it is', () => {
    const shown = blocks(doc, 'js').find((b) => b.startsWith('// examples/hardhat/scripts/read.cjs'))
    expect(shown).toBeDefined()
    expect(code(shown!)).toBe(code(readFileSync(join(root, 'examples/hardhat/scripts/read.cjs'), 'utf8')))
  })

  it('names the tested versions', () => {
    const pkg = (name: string) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version as string
    expect(doc).toContain(`hardhat ${pkg('hardhat')}`)
    expect(doc).toContain(`hardhat-ethers ${pkg('@nomicfoundation/hardhat-ethers')}`)
    expect(doc).toContain('22.13')
  })
})
