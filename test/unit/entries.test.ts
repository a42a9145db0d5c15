/**
 * Each name is exported from one entry of the two packages, so that an import has one right place and an editor's
 * auto-import one suggestion. Two kinds of names stand in two entries on purpose, and only those:
 * - an action's ethers and viem forms (`subnet-rpc/ethers`'s `feeConfig(provider)` and `subnet-rpc/viem/actions`'s
 *   `feeConfig(client)`): two functions for two hosts, never imported together;
 * - the result types of the Info, Health and Validators methods, which `subnet-rpc` exports for every user and
 *   `subnet-rpc/viem/actions` declares again with viem's naming (`<Action>Parameters`, `<Action>ReturnType`), the
 *   same shapes derived from one method table.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { entryPoints } from '../helpers/entries.js'
import { srcExports } from '../docs/snippets.js'

const exportsOf = Object.fromEntries(Object.entries(entryPoints).map(([id, file]) => [id, srcExports(file).map((e) => e.name)]))
const homes = new Map<string, string[]>()
for (const [id, names] of Object.entries(exportsOf)) for (const name of names) homes.set(name, [...(homes.get(name) ?? []), id])
const shared = [...homes].filter(([, ids]) => ids.length > 1)

const ethersAndViem = (ids: string[]) =>
  ids.length === 2 && ids.includes('subnet-rpc/ethers') && ids.some((id) => id.startsWith('subnet-rpc/viem/'))
const resultTypeTwin = (name: string, ids: string[]) =>
  ids.length === 2 && ids.includes('subnet-rpc') && ids.includes('subnet-rpc/viem/actions') && /(Parameters|ReturnType)$/.test(name)

describe('the entries of subnet-rpc, subnet-rpc-devnet and subnet-rpc-hardhat', () => {
  it('export each name from one entry, but an action’s ethers and viem forms and the method result types', () => {
    expect(shared.filter(([name, ids]) => !ethersAndViem(ids) && !resultTypeTwin(name, ids))).toEqual([])
  })

  it('the result types both subnet-rpc and subnet-rpc/viem/actions export are the same shapes', () => {
    // Listed so that a new twin is a decision, not an accident.
    expect(
      shared
        .filter(([name, ids]) => resultTypeTwin(name, ids))
        .map(([name]) => name)
        .sort(),
    ).toMatchInlineSnapshot(`
      [
        "AcpsReturnType",
        "FeeConfigReturnType",
        "GetBlockchainIDParameters",
        "GetCurrentValidatorsParameters",
        "GetNodeIDReturnType",
        "GetNodeVersionReturnType",
        "GetTxFeeReturnType",
        "GetVMsReturnType",
        "HealthParameters",
        "HealthReturnType",
        "IsBootstrappedParameters",
        "PeersParameters",
        "PeersReturnType",
        "UpgradesReturnType",
        "UptimeParameters",
        "UptimeReturnType",
      ]
    `)
  })

  it('the root entry stays small: what users need, the node rules in subpaths', () => {
    expect(exportsOf['subnet-rpc']!.length).toBeLessThanOrEqual(140)
  })
})

describe('the entry table (test/helpers/entries.ts)', () => {
  const root = resolve(import.meta.dirname, '../..')
  const exportsOf = (dir: string, name: string) =>
    Object.keys((JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { exports: object }).exports)
      // Not module entries: package.json, and the Solidity files (import "subnet-rpc/contracts/…" in Hardhat 3, which
      // resolves npm imports through `exports`).
      .filter((key) => key !== './package.json' && !key.startsWith('./contracts/'))
      .map((key) => (key === '.' ? name : `${name}/${key.slice(2)}`))

  it('names every entry the three package.json `exports` maps have, and no other', () => {
    expect(Object.keys(entryPoints).sort()).toEqual(
      [
        ...exportsOf('.', 'subnet-rpc'),
        ...exportsOf('packages/devnet', 'subnet-rpc-devnet'),
        ...exportsOf('packages/hardhat', 'subnet-rpc-hardhat'),
      ].sort(),
    )
  })

  it('is what tsconfig.json `paths` resolves the package names to', () => {
    const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
    const paths = (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths
    expect(Object.fromEntries(Object.entries(paths).map(([id, [file]]) => [id, file!.replace(/^\.\//, '')]))).toEqual(entryPoints)
  })
})
