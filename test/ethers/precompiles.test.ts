/**
 * The ethers precompile functions of `subnet-rpc/ethers` against the default devnet (real anvil,
 * the precompiles executing): each read deep-equal to viem's action on the same state, the writes
 * checked and typed as viem's are, and every precompile event decoded.
 */
import { NonceManager, Wallet } from 'ethers'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/argument.js'
import { AllowListRoleError, InvalidFeeConfigError, PrecompileNotActiveError, SelfDemotionError } from '../../src/errors/precompile.js'
import {
  SubnetProvider,
  decodePrecompileLog,
  estimateL1FeesPerGas,
  getAllowListMembers,
  getAllowListRole,
  getFeeManagerConfig,
  getRewardConfig,
  getWarpBlockchainId,
  isPrecompileActive,
  mintNativeCoin,
  setAllowListRole,
  setFeeConfig,
  watchPrecompileEvents,
} from '../../src/ethers/index.js'
import { precompileActions } from '../../src/viem/precompiles/index.js'
import { useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'ethers-precompiles' })
const adminKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const aliceKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const recipient = '0x000000000000000000000000000000000000ca11'

let provider: SubnetProvider
// A NonceManager: ethers' provider reuses an identical request's answer for 250 ms, so two sends in a row
// from a bare Wallet can get the same pending nonce.
let admin: NonceManager & { address: string }
let alice: Wallet
let viemClient: ReturnType<typeof makeViem>
const makeViem = () => createPublicClient({ transport: http(devnet().rpcUrl) }).extend(precompileActions)

beforeAll(() => {
  provider = new SubnetProvider(devnet().rpcUrl)
  const wallet = new Wallet(adminKey, provider)
  admin = Object.assign(new NonceManager(wallet), { address: wallet.address })
  alice = new Wallet(aliceKey, provider)
  viemClient = makeViem()
})
afterAll(() => provider.destroy())

describe('ethers reads equal viem’s on the same state', () => {
  it('roles, Fee Manager config, Warp blockchain ID, activity, members, fees', async () => {
    for (const address of [admin.address, alice.address]) {
      expect(await getAllowListRole(provider, { precompile: 'feeManagerConfig', address })).toBe(
        await viemClient.getAllowListRole({ precompile: 'feeManagerConfig', address: address as `0x${string}` }),
      )
    }
    expect(await getFeeManagerConfig(provider)).toEqual(await viemClient.getFeeManagerConfig())
    expect(await getWarpBlockchainId(provider)).toBe(await viemClient.getWarpBlockchainId())
    for (const precompile of ['feeManagerConfig', 'contractDeployerAllowListConfig', 'warpConfig'] as const)
      expect(await isPrecompileActive(provider, { precompile })).toBe(await viemClient.isPrecompileActive({ precompile }))
    expect(await getAllowListMembers(provider, { precompile: 'txAllowListConfig' })).toEqual(
      await viemClient.getAllowListMembers({ precompile: 'txAllowListConfig' }),
    )
    const [a, b] = await Promise.all([estimateL1FeesPerGas(provider), viemClient.estimateL1FeesPerGas()])
    expect(a.minBaseFee).toBe(b.minBaseFee)
    expect(a.nextBaseFee).toBe(b.nextBaseFee)
  })

  it('an inactive precompile is PrecompileNotActiveError', async () => {
    await expect(getRewardConfig(provider)).rejects.toThrow(PrecompileNotActiveError)
  })
})

describe('ethers writes, checked and typed', () => {
  it('the admin enables alice on the Tx Allow List; the RoleSet log decodes', async () => {
    const tx = await setAllowListRole(admin, { precompile: 'txAllowListConfig', address: alice.address, role: 'enabled' })
    const receipt = await tx.wait()
    expect(receipt!.status).toBe(1)
    expect(receipt!.logs.map(decodePrecompileLog)).toEqual([
      { kind: 'roleSet', precompile: 'txAllowListConfig', account: alice.address, role: 'enabled', oldRole: 'none', sender: admin.address },
    ])
    expect(await getAllowListMembers(provider, { precompile: 'txAllowListConfig' })).toEqual(
      await viemClient.getAllowListMembers({ precompile: 'txAllowListConfig' }),
    )
  })

  it("a read right after a write sees it: the head comes from the node, not from ethers' 250 ms cache of getBlock('latest')", async () => {
    // What that cache can answer right after tx.wait(): an older block (here: genesis, whatever the head).
    class CachedHead extends SubnetProvider {
      override getBlock(block: Parameters<SubnetProvider['getBlock']>[0], prefetch?: boolean) {
        return super.getBlock(block === 'latest' ? 0 : block, prefetch)
      }
    }
    const cached = new CachedHead(devnet().rpcUrl)
    try {
      const members = await getAllowListMembers(cached, { precompile: 'txAllowListConfig' })
      expect(members.enabled.map((m) => m.address)).toContain(alice.address)
      expect(members).toEqual(await viemClient.getAllowListMembers({ precompile: 'txAllowListConfig' }))
    } finally {
      cached.destroy()
    }
  })

  it('refusals before sending: role, self-demotion, fee config, arguments', async () => {
    await expect(setAllowListRole(alice, { precompile: 'txAllowListConfig', address: admin.address, role: 'none' })).rejects.toThrow(
      AllowListRoleError,
    )
    await expect(setAllowListRole(admin, { precompile: 'txAllowListConfig', address: admin.address, role: 'enabled' })).rejects.toThrow(
      SelfDemotionError,
    )
    const { feeConfig } = await getFeeManagerConfig(provider)
    const error = await setFeeConfig(admin, { feeConfig: { ...feeConfig, targetGas: 0n } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidFeeConfigError)
    expect((error as InvalidFeeConfigError).reason).toBe('targetGas cannot be less than or equal to 0: targetGas = 0')
    await expect(mintNativeCoin(alice, { to: recipient, amount: 1n })).rejects.toThrow(
      `not allowed: ${alice.address} has role none on contractNativeMinterConfig, needs enabled, manager or admin`,
    )
    await expect(mintNativeCoin(admin, { to: '0x1', amount: 1n })).rejects.toThrow(InvalidArgumentError)
  })

  it('setFeeConfig and mintNativeCoin take effect; their logs decode', async () => {
    const { feeConfig } = await getFeeManagerConfig(provider)
    const next = { ...feeConfig, minBaseFee: feeConfig.minBaseFee + 1n }
    const receipt = await (await setFeeConfig(admin, { feeConfig: next })).wait()
    expect(await getFeeManagerConfig(provider)).toEqual({ feeConfig: next, lastChangedAt: BigInt(receipt!.blockNumber) })
    expect(receipt!.logs.map(decodePrecompileLog)).toEqual([
      { kind: 'feeConfigChanged', sender: admin.address, oldFeeConfig: feeConfig, newFeeConfig: next },
    ])
    const minted = await (await mintNativeCoin(admin, { to: recipient, amount: 5n * 10n ** 18n })).wait()
    expect(minted!.logs.map(decodePrecompileLog)).toEqual([
      { kind: 'nativeCoinMinted', sender: admin.address, recipient: expect.stringMatching(/^0x0{36}ca11$/i), amount: 5n * 10n ** 18n },
    ])
    expect(await provider.getBalance(recipient)).toBe(5n * 10n ** 18n)
    // And viem sees the same.
    expect(await viemClient.getFeeManagerConfig()).toEqual(await getFeeManagerConfig(provider))
  })

  it('a log from another address is not a precompile event', () => {
    expect(decodePrecompileLog({ address: recipient, topics: [], data: '0x' })).toBeUndefined()
  })
})

describe('watchPrecompileEvents', () => {
  it("calls back with each decoded event of the precompile and where it was mined, as viem's watchers do", async () => {
    const watcher = new SubnetProvider(devnet().rpcUrl)
    const seen: { kind: string; blockNumber: bigint }[] = []
    const errors: Error[] = []
    const stop = await watchPrecompileEvents(watcher, {
      precompile: 'contractNativeMinterConfig',
      pollingInterval: 50,
      onEvent: (event, at) => seen.push({ kind: event.kind, blockNumber: at.blockNumber }),
      onError: (e) => errors.push(e),
    })
    const receipt = await (await mintNativeCoin(admin, { to: recipient, amount: 7n })).wait()
    const deadline = Date.now() + 5000
    while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
    await stop()
    watcher.destroy()
    expect(seen).toEqual([{ kind: 'nativeCoinMinted', blockNumber: BigInt(receipt!.blockNumber) }])
    expect(errors).toEqual([])
  })

  it("starts after the head the node has, not after ethers' block number, which may be 250 ms old", async () => {
    await (await mintNativeCoin(admin, { to: recipient, amount: 1n })).wait()
    // What ethers' cache can answer right after: the block before the mint's (once; then the head).
    class CachedBlockNumber extends SubnetProvider {
      stale = true
      override async getBlockNumber() {
        const n = await super.getBlockNumber()
        if (!this.stale) return n
        this.stale = false
        return n - 1
      }
    }
    const watcher = new CachedBlockNumber(devnet().rpcUrl)
    const seen: string[] = []
    const stop = await watchPrecompileEvents(watcher, {
      precompile: 'contractNativeMinterConfig',
      pollingInterval: 25,
      onEvent: (event) => seen.push(event.kind),
    })
    await new Promise((r) => setTimeout(r, 200))
    await stop()
    watcher.destroy()
    expect(seen).toEqual([])
  })

  it('refuses an unknown precompile or a missing callback before any request', async () => {
    await expect(watchPrecompileEvents(provider, { precompile: 'nope' as never, onEvent: () => {} })).rejects.toThrow(InvalidArgumentError)
    await expect(watchPrecompileEvents(provider, { precompile: 'txAllowListConfig', onEvent: undefined as never })).rejects.toThrow(
      InvalidArgumentError,
    )
    await expect(
      watchPrecompileEvents(provider, { precompile: 'txAllowListConfig', onEvent: () => {}, pollingInterval: 0 }),
    ).rejects.toThrow(InvalidArgumentError)
  })
})
