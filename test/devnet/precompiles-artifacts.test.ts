/**
 * The checked-in precompile artifacts (packages/devnet/src/precompiles/artifacts/contracts.ts) are what
 * scripts/compile-contracts.mjs makes from contracts/*.sol today (rerun the script after editing a
 * contract), and each Solidity stand-in offers every function and event of the node's ABI: the
 * events are the stand-in's own, the functions its interface's (`IAllowList`, `IFeeManager`, ...;
 * a stand-in dispatches them itself in its fallback, contracts/Precompile.sol), each selector
 * compared in its `_run` chain.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi, warpMessengerAbi } from '../../src/core/precompiles/abis.js'
import {
  precompileArtifacts,
  precompileConstants,
  precompileEvents,
  precompileSelectors,
} from '../../packages/devnet/src/precompiles/artifacts/contracts.js'
// @ts-expect-error: a plain .mjs script without declarations
import { compileExamples, compilePrecompiles, compileShared, compileSolidity } from '../../scripts/compile-contracts.mjs'

type AbiItem = { type: string; name?: string; inputs?: readonly { type: string }[]; outputs?: readonly { type: string }[] }
const fresh = compilePrecompiles() as Record<string, { abi: AbiItem[]; deployedBytecode: string }>
const contractsDir = new URL('../../contracts/', import.meta.url)
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
  it('are up to date with contracts/*.sol (run node scripts/compile-contracts.mjs)', () => {
    expect(Object.keys(precompileArtifacts)).toEqual(Object.keys(fresh))
    for (const [name, artifact] of Object.entries(precompileArtifacts))
      expect(artifact.deployedBytecode, name).toBe(fresh[name]!.deployedBytecode)
  })

  it('share the constants, event topics and selectors of contracts/*.sol with the devnet as they are there today', () => {
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

describe('example L1 contracts (contracts/examples)', () => {
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
