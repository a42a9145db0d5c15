/**
 * Facts the docs state that the code decides, checked against the code so the two cannot
 * drift: the devnet's install command and CLI options (docs/devnet.md, against the BUILT
 * CLI's `--help` and `devnetPackages`).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { devnetPackages } from '../../src/devnet/index.js'
import { root } from './snippets.js'

const read = (file: string) => readFileSync(join(root, file), 'utf8')
const devnetDoc = read('docs/devnet.md')

describe('docs/devnet.md', () => {
  it('gives the install command of the devnet’s optional packages, at the versions the error names', () => {
    const command = `npm i -D ${Object.entries(devnetPackages)
      .map(([name, p]) => `${name}@${p.version}`)
      .join(' ')}`
    expect(devnetDoc).toContain(command)
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
