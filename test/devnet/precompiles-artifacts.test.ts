/**
 * The checked-in precompile artifacts (packages/devnet/src/l1/precompiles/artifacts/contracts.ts) are what
 * scripts/compile-contracts.mjs makes from packages/devnet/contracts/standins/*.sol today (rerun the script after editing a
 * contract), and each Solidity stand-in offers every function and event of the node's ABI: the
 * events are the stand-in's own, the functions its interface's (`IAllowList`, `IFeeManager`, ...;
 * a stand-in dispatches them itself in its fallback, packages/devnet/contracts/standins/Precompile.sol), each selector
 * compared in its `_run` chain.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { AllowListEventGasCost, ModifyAllowListGasCost, ReadAllowListGasCost } from './go-tables/allowlist.js'
import { describe, expect, it } from 'vitest'
import { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi, warpMessengerAbi } from '../../src/core/precompiles/abis.js'
import {
  precompileArtifacts,
  precompileConstants,
  precompileEvents,
  precompileSelectors,
} from '../../packages/devnet/src/l1/precompiles/artifacts/contracts.js'
// @ts-expect-error: a plain .mjs script without declarations
import * as compile from '../../scripts/compile-contracts.mjs'

const { compileExamples, compilePrecompiles, compileShared, compileSolidity, compileTestMessenger, standInCodeSolidity } = compile

type AbiItem = { type: string; name?: string; inputs?: readonly { type: string }[]; outputs?: readonly { type: string }[] }
const fresh = compilePrecompiles() as Record<string, { abi: AbiItem[]; deployedBytecode: string }>
const contractsDir = new URL('../../packages/devnet/contracts/standins/', import.meta.url)
const all = compileSolidity(
  Object.fromEntries(
    readdirSync(contractsDir)
      .filter((f) => f.endsWith('.sol'))
      .map((f) => [f, readFileSync(new URL(f, contractsDir), 'utf8')]),
  ),
) as Record<string, { abi: AbiItem[] }>
const interfaces: Record<keyof typeof precompileArtifacts, string> = {
  ContractDeployerAllowList: 'IAllowList',
  NativeMinter: 'INativeMinter',
  TxAllowList: 'IAllowList',
  FeeManager: 'IFeeManager',
  RewardManager: 'IRewardManager',
  WarpMessenger: 'IWarpMessenger',
}

/** `function name(types) returns (types)` and `event name(types)`: what a caller relies on. */
const signatures = (abi: readonly AbiItem[]) =>
  abi
    .filter((item) => item.type === 'function' || item.type === 'event')
    .map(
      (item) =>
        `${item.type} ${item.name}(${(item.inputs ?? []).map((i) => i.type)})${item.outputs ? ` (${item.outputs.map((o) => o.type)})` : ''}`,
    )
    .sort()

const nodeAbis: Record<keyof typeof precompileArtifacts, readonly AbiItem[]> = {
  ContractDeployerAllowList: allowListAbi,
  NativeMinter: nativeMinterAbi,
  TxAllowList: allowListAbi,
  FeeManager: feeManagerAbi,
  RewardManager: rewardManagerAbi,
  WarpMessenger: warpMessengerAbi,
}

describe('precompile artifacts', () => {
  it('are up to date with packages/devnet/contracts/standins/*.sol (run node scripts/compile-contracts.mjs)', () => {
    expect(Object.keys(precompileArtifacts)).toEqual(Object.keys(fresh))
    for (const [name, artifact] of Object.entries(precompileArtifacts))
      expect(artifact.deployedBytecode, name).toBe(fresh[name]!.deployedBytecode)
  })

  it('share the constants, event topics and selectors of packages/devnet/contracts/standins/*.sol with the devnet as they are there today', () => {
    const shared = compileShared()
    expect(precompileConstants).toEqual(shared.constants)
    expect(precompileEvents).toEqual(shared.events)
    expect(precompileSelectors).toEqual(shared.selectors)
    // The values the devnet reads, as the node has them (precompile/contracts/*: `Hash{'l','c','a'}`, `Hash{'r','a','s','k'}`, ...).
    expect(precompileConstants.Precompile.SIMULATION_SLOT).toBe('0xb36ffc132d76388878e84b0001d62de353d9eb7999ef17fa4ffef2f5894be395')
    expect(precompileConstants.FeeManager.LAST_CHANGED_AT_KEY).toBe(`0x6c6361${'0'.repeat(58)}`)
    expect(precompileConstants.RewardManager.REWARD_ADDRESS_KEY).toBe(`0x7261736b${'0'.repeat(56)}`)
    expect(precompileConstants.RewardManager.ALLOW_FEE_RECIPIENTS_VALUE).toBe(`0x6166726176${'0'.repeat(54)}`)
    expect(precompileEvents.RoleSet).toBe('0xcdb7ea01f00a414d78757bdb0f6391664ba3fedf987eed280927c1e7d695be3e')
    expect(precompileSelectors.IFeeManager.setFeeConfig).toBe('0x8f10b586')
    expect(precompileSelectors.INativeMinter.mintNativeCoin).toBe('0x4f5aaaba')
  })

  it.each(Object.keys(nodeAbis) as (keyof typeof nodeAbis)[])("%s offers every function and event of the node's ABI", (name) => {
    const standIn = signatures([...fresh[name]!.abi, ...all[interfaces[name]]!.abi])
    for (const signature of signatures(nodeAbis[name])) expect(standIn, signature).toContain(signature)
    // Dispatched: the stand-in's `_run` chain (its file, AllowList.sol, Precompile.sol) compares each selector.
    const chain = [`${name}.sol`, ...(name === 'WarpMessenger' ? [] : ['AllowList.sol']), 'Precompile.sol']
      .map((f) => readFileSync(new URL(f, contractsDir), 'utf8'))
      .join('\n')
    for (const item of nodeAbis[name].filter((i) => i.type === 'function'))
      expect(chain, item.name).toMatch(
        new RegExp(`selector == ${interfaces[name] === 'IAllowList' ? 'IAllowList' : 'I\\w+'}\\.${item.name}\\.selector`),
      )
  })
})

describe('the Solidity shipped in the packages', () => {
  it("packages/devnet/contracts/SubnetPrecompileCode.sol (the forge test helper's code) is up to date (run node scripts/compile-contracts.mjs)", () => {
    const checkedIn = readFileSync(new URL('../../packages/devnet/contracts/SubnetPrecompileCode.sol', import.meta.url), 'utf8')
    expect(checkedIn).toBe(standInCodeSolidity())
    // The same runtime code the devnet installs.
    for (const [name, artifact] of Object.entries(precompileArtifacts))
      expect(checkedIn, name).toContain(`hex"${artifact.deployedBytecode.slice(2)}"`)
  })

  const shipped = {
    IAllowList: allowListAbi,
    INativeMinter: nativeMinterAbi,
    IFeeManager: feeManagerAbi,
    IRewardManager: rewardManagerAbi,
    IWarpMessenger: warpMessengerAbi,
  } as const
  it.each(Object.keys(shipped) as (keyof typeof shipped)[])(
    "contracts/interfaces/%s.sol (in subnet-rpc's tarball) has the node's ABI exactly, and NatSpec on the interface and each function and event",
    (name) => {
      const dir = new URL('../../contracts/interfaces/', import.meta.url)
      const file = `interfaces/${name}.sol`
      const solc = createRequire(import.meta.url)('solc') as { compile(input: string, options: object): string }
      const output = JSON.parse(
        solc.compile(
          JSON.stringify({
            language: 'Solidity',
            sources: { [file]: { content: readFileSync(new URL(`${name}.sol`, dir), 'utf8') } },
            settings: { outputSelection: { '*': { '*': ['abi', 'userdoc', 'devdoc'] } } },
          }),
          { import: (path: string) => ({ contents: readFileSync(new URL(path.replace(/^interfaces\//, ''), dir), 'utf8') }) },
        ),
      )
      expect((output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error')).toEqual([])
      const compiled = output.contracts[file][name] as { abi: unknown[]; userdoc: any; devdoc: any }
      const sorted = (abi: readonly unknown[]) => abi.map((item) => JSON.stringify(item, Object.keys(item as object).sort())).sort()
      const canonical = (abi: readonly unknown[]) =>
        sorted(
          JSON.parse(
            JSON.stringify(abi, (_, v) =>
              v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
            ),
          ),
        )
      expect(canonical(compiled.abi)).toEqual(canonical(shipped[name]))
      expect(compiled.userdoc.notice, 'the interface').toBeTruthy()
      type Param = { type: string; components?: Param[] }
      const type = (p: Param): string =>
        p.type.startsWith('tuple') ? `(${p.components!.map(type).join(',')})${p.type.slice('tuple'.length)}` : p.type
      const own = compiled.abi as { type: string; name: string; inputs: Param[] }[]
      for (const item of own) {
        const signature = `${item.name}(${item.inputs.map(type).join(',')})`
        const docs = item.type === 'event' ? compiled.userdoc.events : compiled.userdoc.methods
        expect(docs?.[signature]?.notice, `${name}.${signature}`).toBeTruthy()
        // The gas each function's NatSpec states: the node's (./go-tables/*.ts has the Go tests' figures).
        const stated = item.type === 'function' ? ((compiled.devdoc.methods?.[signature]?.details ?? '') as string) : ''
        for (const gas of natSpecGas[item.name] ?? [])
          expect(stated, `${name}.${item.name}: gas ${gas}`).toContain(gas.toLocaleString('en-US'))
      }
      for (const f of Object.keys(natSpecGas).filter((f) => own.some((i) => i.name === f)))
        expect(natSpecGas[f]!.length, f).toBeGreaterThan(0)
    },
  )
})

/** contract.LogGas + topics × LogTopicGas + data bytes × LogDataGas (precompile/contract/utils.go). */
const eventGas = (topics: number, dataBytes: number) => 375 + 375 * topics + 8 * dataBytes
/** The gas the shipped interfaces' NatSpec states, by function: fixed cost, then the Durango event's. */
const natSpecGas: Record<string, number[]> = {
  readAllowList: [ReadAllowListGasCost],
  ...Object.fromEntries(
    ['setAdmin', 'setEnabled', 'setManager', 'setNone'].map((f) => [f, [ModifyAllowListGasCost, AllowListEventGasCost]]),
  ),
  mintNativeCoin: [30_000, eventGas(3, 32)],
  setFeeConfig: [9 * 20_000, 8 * 5_000 + eventGas(2, 2 * 256)],
  getFeeConfig: [8 * 5_000],
  getFeeConfigLastChangedAt: [5_000],
  setRewardAddress: [20_000 + 5_000, eventGas(4, 0) + 5_000],
  allowFeeRecipients: [20_000 + 5_000, eventGas(2, 0)],
  disableRewards: [20_000 + 5_000, eventGas(2, 0)],
  currentRewardAddress: [5_000],
  areFeeRecipientsAllowed: [5_000],
  sendWarpMessage: [eventGas(3, 0) + 20_000 + 20_000],
  getBlockchainID: [2, 200],
}

describe('example L1 contracts (contracts/examples)', () => {
  it('messenger-artifacts.json is up to date with contracts/test/TestMessenger.sol (run node scripts/compile-contracts.mjs)', async () => {
    const { default: checkedIn } = await import('../../contracts/test/messenger-artifacts.json', { with: { type: 'json' } })
    expect(checkedIn.contracts).toEqual(compileTestMessenger())
  })

  it('artifacts.json is up to date with contracts/examples/*.sol (run node scripts/compile-contracts.mjs)', async () => {
    const { default: checkedIn } = await import('../../contracts/examples/artifacts.json', { with: { type: 'json' } })
    expect(checkedIn.contracts).toEqual(compileExamples())
    expect(Object.keys(checkedIn.contracts)).toEqual([
      'CrossL1Receiver',
      'CrossL1Sender',
      'FeeAdmin',
      'ListAdmin',
      'NativeToken',
      'RewardAdmin',
    ])
  })
})
