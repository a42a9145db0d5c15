/**
 * The precompile actions of `subnet-rpc/viem/precompiles` against the default devnet (real anvil,
 * the precompiles executing), over viem `http` and a custom EIP-1193 transport, across the built-in
 * schedule: Fee Manager, Native Minter and Tx Allow List at genesis; +3600 s the Deployer Allow
 * List on and the Fee Manager off; +7200 s the Fee Manager back with `initialFeeConfig`; +10800 s
 * the Tx Allow List off and the Reward Manager on. Each typed error is raised where the node would
 * refuse, and each effect is read back.
 */
import { createPublicClient, createWalletClient, custom, http, parseEther, type Address, type EIP1193RequestFn } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeCb58 } from '../../src/core/cb58.js'
import { InvalidArgumentError } from '../../src/errors/argument.js'
import { MethodNotFoundError } from '../../src/errors/node.js'
import { AllowListRoleError, InvalidFeeConfigError, PrecompileNotActiveError, SelfDemotionError } from '../../src/errors/index.js'
import {
  getAllowListMembers,
  precompileActions,
  precompileWalletActions,
  type AllowListRoleChange,
  type FeeConfigChange,
  type NativeCoinMint,
  type RewardChange,
} from '../../src/viem/precompiles/index.js'
import { useDevnet } from '../helpers/devnet.js'

/** A bare EIP-1193 provider over fetch (as a wallet or another library would hand one to viem's `custom`). */
const eip1193 =
  (url: string): EIP1193RequestFn =>
  async ({ method, params }) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw Object.assign(new Error(body.error.message), body.error)
    return body.result as never
  }

// Every action, over viem's http transport and over a custom EIP-1193 transport, each on a devnet of its own.
for (const kind of ['http', 'eip1193'] as const)
  describe(`over ${kind}`, () => {
    const devnet = useDevnet({ seed: `viem-precompiles-${kind}` })

    // anvil's first three dev accounts: the admin of the genesis precompiles, and two without roles.
    const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const bob = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
    const fresh = '0x000000000000000000000000000000000000beef' as Address

    let client: ReturnType<typeof makeClient>
    let asAdmin: ReturnType<typeof makeWallet>
    let asAlice: ReturnType<typeof makeWallet>

    const transport = () => (kind === 'http' ? http(devnet().rpcUrl) : custom({ request: eip1193(devnet().rpcUrl) }))
    const makeClient = () => createPublicClient({ transport: transport() }).extend(precompileActions)
    const makeWallet = (account: typeof admin) => createWalletClient({ account, transport: transport() }).extend(precompileWalletActions())
    const mined = async (hash: `0x${string}`) => {
      const receipt = await client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      return receipt
    }
    /** Moves the chain to `seconds` after the devnet's start and mines a block there. */
    const moveTo = async (seconds: number) => {
      const start = BigInt(devnet().chainSpec.upgrades.precompileUpgrades[0]!.timestamp!) - 3600n
      await client.request({
        method: 'evm_setNextBlockTimestamp' as never,
        params: [`0x${(start + BigInt(seconds)).toString(16)}`] as never,
      })
      await client.request({ method: 'evm_mine' as never, params: [] as never })
    }

    beforeAll(() => {
      client = makeClient()
      asAdmin = makeWallet(admin)
      asAlice = makeWallet(alice)
    })

    describe('at genesis: Fee Manager, Native Minter and Tx Allow List active', () => {
      it('reads roles, the Fee Manager config and Warp’s blockchain ID', async () => {
        expect(await client.getAllowListRole({ precompile: 'feeManagerConfig', address: admin.address })).toBe('admin')
        expect(await client.getAllowListRole({ precompile: 'txAllowListConfig', address: alice.address })).toBe('none')
        const { feeConfig, lastChangedAt } = await client.getFeeManagerConfig()
        expect(feeConfig).toEqual(devnet().chainSpec.feeConfig)
        expect(lastChangedAt).toBe(0n)
        expect(await client.getWarpBlockchainId()).toBe(`0x${Buffer.from(decodeCb58(devnet().blockchainID)).toString('hex')}`)
      })

      it('knows what is active, now and at a time', async () => {
        expect(await client.isPrecompileActive({ precompile: 'feeManagerConfig' })).toBe(true)
        expect(await client.isPrecompileActive({ precompile: 'contractDeployerAllowListConfig' })).toBe(false)
        const later = BigInt(devnet().chainSpec.upgrades.precompileUpgrades[0]!.timestamp!)
        expect(await client.isPrecompileActive({ precompile: 'contractDeployerAllowListConfig', timestamp: later })).toBe(true)
      })

      it('a read of an inactive precompile is PrecompileNotActiveError, not "returned no data"', async () => {
        const error = await client.getRewardConfig().catch((e: unknown) => e)
        expect(error).toBeInstanceOf(PrecompileNotActiveError)
        expect((error as PrecompileNotActiveError).precompile).toBe('rewardManagerConfig')
        expect((error as Error).message).toMatch(
          /rewardManagerConfig \(0x0200000000000000000000000000000000000004\) is not active at block \d+/,
        )
        // The block read, as the ethers function reports it.
        expect((error as PrecompileNotActiveError).block).toBe((await client.getBlock()).number)
      })

      it("'finalized' and 'safe' are the last accepted block, as on a node", async () => {
        const head = await client.getBlock()
        expect((await client.getBlock({ blockTag: 'finalized' })).hash).toBe(head.hash)
        expect((await client.getBlock({ blockTag: 'safe' })).hash).toBe(head.hash)
      })

      it('bad arguments are refused before any request', async () => {
        await expect(client.getAllowListRole({ precompile: 'warpConfig' as never, address: alice.address })).rejects.toThrow(
          InvalidArgumentError,
        )
        await expect(
          asAdmin.setAllowListRole({ precompile: 'txAllowListConfig', address: '0x12' as Address, role: 'enabled' }),
        ).rejects.toThrow(/Invalid address: got "0x12"/)
        await expect(
          asAdmin.setAllowListRole({ precompile: 'txAllowListConfig', address: alice.address, role: 'owner' as never }),
        ).rejects.toThrow(/Accepted: none, enabled, admin, manager/)
        await expect(asAdmin.mintNativeCoin({ to: alice.address, amount: -1n })).rejects.toThrow(InvalidArgumentError)
      })

      it('the admin enables alice on the Tx Allow List; the role and the RoleSet event follow', async () => {
        const seen: AllowListRoleChange[] = []
        const unwatch = client.watchAllowListRoles({
          precompile: 'txAllowListConfig',
          pollingInterval: 50,
          onRoleChanges: (c) => seen.push(...c),
        })
        try {
          await new Promise((r) => setTimeout(r, 150))
          const receipt = await mined(
            await asAdmin.setAllowListRole({ precompile: 'txAllowListConfig', address: alice.address, role: 'enabled' }),
          )
          expect(await client.getAllowListRole({ precompile: 'txAllowListConfig', address: alice.address })).toBe('enabled')
          await expect.poll(() => seen.length, { timeout: 3000 }).toBeGreaterThan(0)
          expect(seen[0]).toMatchObject({
            account: alice.address,
            role: 'enabled',
            oldRole: 'none',
            sender: admin.address,
            blockNumber: receipt.blockNumber,
          })
        } finally {
          unwatch()
        }
      })

      it('an enabled account may not change roles: AllowListRoleError, nothing sent', async () => {
        const before = await client.getTransactionCount({ address: alice.address })
        const error = await asAlice
          .setAllowListRole({ precompile: 'txAllowListConfig', address: bob.address, role: 'enabled' })
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(AllowListRoleError)
        expect((error as AllowListRoleError).shortMessage).toBe(
          `not allowed: ${alice.address} has role enabled on txAllowListConfig, needs manager or admin`,
        )
        expect(await client.getTransactionCount({ address: alice.address })).toBe(before)
      })

      it('the admin may not take its own admin role away unless it says so', async () => {
        await expect(asAdmin.setAllowListRole({ precompile: 'txAllowListConfig', address: admin.address, role: 'none' })).rejects.toThrow(
          SelfDemotionError,
        )
      })

      it('setFeeConfig: a config the node refuses is InvalidFeeConfigError with its text; a valid one is stored and watched', async () => {
        const { feeConfig } = await client.getFeeManagerConfig()
        const error = await asAdmin
          .setFeeConfig({ feeConfig: { ...feeConfig, minBlockGasCost: 5n, maxBlockGasCost: 4n } })
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(InvalidFeeConfigError)
        expect((error as InvalidFeeConfigError).reason).toBe(
          'minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = 5, maxBlockGasCost = 4',
        )

        const changes: FeeConfigChange[] = []
        const unwatch = client.watchFeeConfigChanges({ pollingInterval: 50, onFeeConfigChanges: (c) => changes.push(...c) })
        try {
          await new Promise((r) => setTimeout(r, 150))
          const next = { ...feeConfig, minBaseFee: feeConfig.minBaseFee * 2n }
          const receipt = await mined(await asAdmin.setFeeConfig({ feeConfig: next }))
          expect(await client.getFeeManagerConfig()).toEqual({ feeConfig: next, lastChangedAt: receipt.blockNumber })
          await expect.poll(() => changes.length, { timeout: 3000 }).toBeGreaterThan(0)
          expect(changes[0]).toMatchObject({ sender: admin.address, oldFeeConfig: feeConfig, newFeeConfig: next })
        } finally {
          unwatch()
        }
      })

      it('after a minBaseFee raise, estimateL1FeesPerGas never suggests a fee cap under it (subnet-evm #228), and the pool takes it', async () => {
        const { feeConfig } = await client.getFeeManagerConfig()
        const raised = { ...feeConfig, minBaseFee: feeConfig.minBaseFee * 3n }
        await mined(await asAdmin.setFeeConfig({ feeConfig: raised }))
        // The head still carries the old base fee: a generic estimate (head × 1.2 + tip) falls under the new minimum.
        const generic = await client.estimateFeesPerGas()
        expect(generic.maxFeePerGas).toBeLessThan(raised.minBaseFee)
        const estimate = await client.estimateL1FeesPerGas()
        expect(estimate.minBaseFee).toBe(raised.minBaseFee)
        expect(estimate.maxFeePerGas).toBeGreaterThanOrEqual(raised.minBaseFee + estimate.maxPriorityFeePerGas)
        const hash = await asAdmin.sendTransaction({
          to: alice.address,
          value: 1n,
          maxFeePerGas: estimate.maxFeePerGas,
          maxPriorityFeePerGas: estimate.maxPriorityFeePerGas,
          chain: null,
        })
        const receipt = await mined(hash)
        expect(receipt.effectiveGasPrice).toBeGreaterThanOrEqual(raised.minBaseFee)
        // Back to the earlier config for the tests below.
        await mined(await asAdmin.setFeeConfig({ feeConfig }))
      })

      it('setFeeConfig and mintNativeCoin by an account without a role: AllowListRoleError', async () => {
        const { feeConfig } = await client.getFeeManagerConfig()
        await expect(asAlice.setFeeConfig({ feeConfig })).rejects.toThrow(
          `not allowed: ${alice.address} has role none on feeManagerConfig, needs enabled, manager or admin`,
        )
        await expect(asAlice.mintNativeCoin({ to: alice.address, amount: 1n })).rejects.toThrow(AllowListRoleError)
      })

      it('the pool refuses a sender missing from the Tx Allow List: the node text as AllowListRoleError', async () => {
        // bob gets the minter role (so the checks pass) but has none on the Tx Allow List.
        await mined(await asAdmin.setAllowListRole({ precompile: 'contractNativeMinterConfig', address: bob.address, role: 'enabled' }))
        const error = await makeWallet(bob)
          .mintNativeCoin({ to: bob.address, amount: 1n })
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(AllowListRoleError)
        expect((error as AllowListRoleError).precompile).toBe('txAllowListConfig')
        expect((error as AllowListRoleError).nodeMessage).toBe(`cannot issue transaction from non-allow listed address: ${bob.address}`)
      })

      it('mintNativeCoin pays the recipient', async () => {
        const amount = parseEther('1234')
        const mints: NativeCoinMint[] = []
        const unwatch = client.watchNativeCoinMints({ pollingInterval: 50, onMints: (m) => mints.push(...m) })
        await new Promise((r) => setTimeout(r, 150))
        await mined(await asAdmin.mintNativeCoin({ to: fresh, amount }))
        await expect.poll(() => mints.length, { timeout: 3000 }).toBeGreaterThan(0)
        unwatch()
        expect(mints[0]).toMatchObject({ sender: admin.address, amount })
        expect(await client.getBalance({ address: fresh })).toBe(amount)
      })

      it('getAllowListMembers rebuilds the lists from the config and the RoleSet events', async () => {
        const members = await client.getAllowListMembers({ precompile: 'txAllowListConfig' })
        expect(members.admins).toEqual([{ address: expect.stringMatching(new RegExp(`^${admin.address}$`, 'i')), since: 0n }])
        expect(members.managers).toEqual([])
        expect(members.enabled.map((m) => m.address)).toEqual([alice.address])
        expect(members.enabled[0]!.since).toBeGreaterThan(0n)
      })

      it('the same reads and writes over a custom EIP-1193 transport', async () => {
        const request: EIP1193RequestFn = async ({ method, params }) => {
          const res = await fetch(devnet().rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
          const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
          if (body.error) throw Object.assign(new Error(body.error.message), body.error)
          return body.result as never
        }
        const eip1193 = createPublicClient({ transport: custom({ request }) }).extend(precompileActions())
        const wallet = createWalletClient({ account: admin, transport: custom({ request }) }).extend(precompileWalletActions)
        expect(await eip1193.getAllowListRole({ precompile: 'contractNativeMinterConfig', address: bob.address })).toBe('enabled')
        await mined(await wallet.setAllowListRole({ precompile: 'contractNativeMinterConfig', address: bob.address, role: 'none' }))
        expect(await eip1193.getAllowListRole({ precompile: 'contractNativeMinterConfig', address: bob.address })).toBe('none')
        const members = await getAllowListMembers(eip1193, { precompile: 'contractNativeMinterConfig' })
        expect(members.enabled).toEqual([])
        const error = await wallet
          .setFeeConfig({ feeConfig: { ...(await eip1193.getFeeManagerConfig()).feeConfig, gasLimit: 0n } })
          .catch((e: unknown) => e)
        expect((error as InvalidFeeConfigError).reason).toBe('gasLimit cannot be less than or equal to 0: gasLimit = 0')
      })
    })

    describe('across the schedule', () => {
      it('+3600 s: the Fee Manager is off (reads and writes say so), the Deployer Allow List on', async () => {
        await moveTo(3600)
        expect(await client.isPrecompileActive({ precompile: 'feeManagerConfig' })).toBe(false)
        await expect(client.getFeeManagerConfig()).rejects.toThrow(PrecompileNotActiveError)
        const { feeConfig } = devnet().chainSpec
        await expect(asAdmin.setFeeConfig({ feeConfig: feeConfig as never })).rejects.toThrow(
          /feeManagerConfig \(0x0200000000000000000000000000000000000003\) is not active at the next block/,
        )
        await mined(
          await asAdmin.setAllowListRole({ precompile: 'contractDeployerAllowListConfig', address: alice.address, role: 'enabled' }),
        )
        expect(await client.getAllowListRole({ precompile: 'contractDeployerAllowListConfig', address: alice.address })).toBe('enabled')
      })

      it('+7200 s: the Fee Manager is back with its initialFeeConfig, changed at its activation block', async () => {
        await moveTo(7200)
        const { feeConfig, lastChangedAt } = await client.getFeeManagerConfig()
        expect(feeConfig.minBaseFee).toBe(50_000_000_000n)
        expect(lastChangedAt).toBe(await client.getBlockNumber())
      })

      it('+10800 s: the Reward Manager runs; the Tx Allow List is off', async () => {
        await moveTo(10800)
        expect(await client.isPrecompileActive({ precompile: 'txAllowListConfig' })).toBe(false)
        expect(await client.getRewardConfig()).toMatchObject({ feeRecipientsAllowed: true, rewardsDisabled: false })
        await expect(asAdmin.setRewardAddress({ rewardAddress: '0x0000000000000000000000000000000000000000' })).rejects.toThrow(
          /reward address cannot be empty/,
        )
        await expect(asAlice.disableRewards()).rejects.toThrow(
          `not allowed: ${alice.address} has role none on rewardManagerConfig, needs enabled, manager or admin`,
        )
        const changes: RewardChange[] = []
        const unwatch = client.watchRewardChanges({ pollingInterval: 50, onRewardChanges: (c) => changes.push(...c) })
        await new Promise((r) => setTimeout(r, 150))
        await mined(await asAdmin.setRewardAddress({ rewardAddress: fresh }))
        await expect.poll(() => changes.length, { timeout: 3000 }).toBeGreaterThan(0)
        unwatch()
        expect(changes[0]).toMatchObject({
          kind: 'rewardAddressChanged',
          sender: admin.address,
          newRewardAddress: expect.stringMatching(/^0x0{36}beef$/i),
        })
        expect(await client.getRewardConfig()).toEqual({
          rewardAddress: expect.stringMatching(/^0x0{36}beef$/i),
          feeRecipientsAllowed: false,
          rewardsDisabled: false,
        })
        await mined(await asAdmin.disableRewards())
        expect(await client.getRewardConfig()).toMatchObject({ rewardsDisabled: true })
        await mined(await asAdmin.allowFeeRecipients())
        expect(await client.getRewardConfig()).toMatchObject({ feeRecipientsAllowed: true, rewardsDisabled: false })
      })
    })
  })

describe('a provider that blocks eth_getActiveRulesAt', () => {
  const devnet = useDevnet({ seed: 'viem-precompiles-blocked' })
  // As some RPC providers answer methods they do not serve.
  const blocking =
    (url: string): EIP1193RequestFn =>
    async (args) => {
      if (args.method === 'eth_getActiveRulesAt')
        throw Object.assign(new Error('the method eth_getActiveRulesAt does not exist/is not available'), { code: -32601 })
      return eip1193(url)(args as never)
    }

  it('isPrecompileActive falls back to the code at the address (0x01 while active); a write still checks it', async () => {
    const client = createPublicClient({ transport: custom({ request: blocking(devnet().rpcUrl) }) }).extend(precompileActions)
    expect(await client.isPrecompileActive({ precompile: 'feeManagerConfig' })).toBe(true)
    expect(await client.isPrecompileActive({ precompile: 'rewardManagerConfig' })).toBe(false)
    // At a time other than the head, the code cannot tell: the node's error stands.
    await expect(client.isPrecompileActive({ precompile: 'feeManagerConfig', timestamp: 1n })).rejects.toThrow(MethodNotFoundError)
    const wallet = createWalletClient({
      account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
      transport: custom({ request: blocking(devnet().rpcUrl) }),
    }).extend(precompileWalletActions)
    const hash = await wallet.mintNativeCoin({ to: '0x000000000000000000000000000000000000f00d', amount: 7n })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    await expect(wallet.allowFeeRecipients()).rejects.toThrow(PrecompileNotActiveError)
  })
})
