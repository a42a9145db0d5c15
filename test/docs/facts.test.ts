/**
 * Facts the docs state that the code decides, checked against the code so the two cannot
 * drift: the devnet's install command and CLI options (docs/devnet.md, against the BUILT
 * CLI's `--help` and `devnetPackages`).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { devnetPackages } from '../../packages/devnet/src/index.js'
import { root } from './snippets.js'

const read = (file: string) => readFileSync(join(root, file), 'utf8')
const devnetDoc = read('docs/devnet.md')

describe('docs/devnet.md', () => {
  it('gives the install command of the devnet’s package with the anvil version the error names', () => {
    expect(devnetDoc).toContain(`npm i -D subnet-rpc-devnet @foundry-rs/anvil@${devnetPackages['@foundry-rs/anvil'].version}`)
  })

  it('the devnet package depends on the versions of @viem/anvil and @noble/curves the repository tests with', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'packages/devnet/package.json'), 'utf8')) as {
      dependencies: Record<string, string>
      peerDependencies: Record<string, string>
    }
    // A caret range of a 1.x version: the same major, at least the minimum.
    const accepts = (range: string | undefined, version: string) => {
      const [min, v] = [range?.replace(/^\^/, '') ?? '', version].map((x) => x.split('.').map(Number))
      return range?.startsWith('^') === true && min![0] === v![0] && (v![1]! - min![1]! || v![2]! - min![2]!) >= 0
    }
    expect(pkg.dependencies['@viem/anvil']).toBe(`^${devnetPackages['@viem/anvil'].version}`)
    expect(accepts(pkg.dependencies['@noble/curves'], devnetPackages['@noble/curves'].version)).toBe(true)
    expect(pkg.peerDependencies['@foundry-rs/anvil']).toBe(`^${devnetPackages['@foundry-rs/anvil'].version}`)
  })

  it('lists the options the CLI has', () => {
    const help = execFileSync(process.execPath, [join(root, 'dist/cli.js'), 'devnet', '--help'], { encoding: 'utf8' })
    const cli = [...help.matchAll(/^\s+(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]!).filter((o) => o !== '--help')
    const line = devnetDoc.split('\n\n').find((p) => p.startsWith('Options:'))
    expect(line, 'an "Options:" paragraph').toBeDefined()
    const documented = [...line!.matchAll(/`(--[a-z-]+)/g)].map((m) => m[1]!)
    expect(documented.sort()).toEqual(cli.sort())
  })
})
