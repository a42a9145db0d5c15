/**
 * An L1's own contracts using its precompiles the way L1 contracts do (contracts/examples/*.sol, compiled into
 * contracts/examples/artifacts.json by scripts/compile-contracts.mjs): an allow-list base contract that
 * onboards users and deployers, a fee-manager admin contract, an ERC-20 backed by minted native coin, and a
 * reward-manager contract. Deployed and driven with viem on a devnet whose precompiles all run from genesis,
 * with anvil's dev account #0 as their admin. Real devnet, real anvil.
 */
import {
  type BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  parseGwei,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import artifacts from '../../contracts/examples/artifacts.json' with { type: 'json' }
import { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi } from '../../src/core/precompiles/abis.js'
import { testFeeConfig, useDevnet } from '../helpers/devnet.js'

const DEPLOYER_LIST = '0x0200000000000000000000000000000000000000'
const MINTER = '0x0200000000000000000000000000000000000001'
const TX_LIST = '0x0200000000000000000000000000000000000002'
const FEE_MANAGER = '0x0200000000000000000000000000000000000003'
const REWARD_MANAGER = '0x0200000000000000000000000000000000000004'
const BLACKHOLE = '0x0100000000000000000000000000000000000000'

const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const bob = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const carol = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const everyone = [admin, alice, bob, carol]

const feeConfig = testFeeConfig
const chainId = 4324
const roles = { adminAddresses: [admin.address] }
const devnet = useDevnet({
  genesis: {
    config: {
      chainId,
      feeConfig,
      contractDeployerAllowListConfig: { ...roles, blockTimestamp: 0 },
      contractNativeMinterConfig: { ...roles, blockTimestamp: 0 },
      txAllowListConfig: { ...roles, blockTimestamp: 0 },
      feeManagerConfig: { ...roles, blockTimestamp: 0 },
      rewardManagerConfig: { ...roles, blockTimestamp: 0 },
    },
    alloc: Object.fromEntries(everyone.map((a) => [a.address.slice(2), { balance: '0x3635c9adc5dea00000' }])),
    timestamp: `0x${Math.floor(Date.now() / 1000).toString(16)}`,
    gasLimit: '0x7A1200',
    difficulty: '0x0',
  },
})

type Name = keyof typeof artifacts.contracts
const abiOf = (name: Name) => artifacts.contracts[name].abi as Abi

let client: ReturnType<typeof makeClient>
const makeClient = () => createPublicClient({ chain: l1(), transport: http(devnet().rpcUrl) })
const l1 = () =>
  defineChain({
    id: chainId,
    name: 'devnet',
    nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
    rpcUrls: { default: { http: [devnet().rpcUrl] } },
  })
const wallet = (account: typeof admin) => createWalletClient({ account, chain: l1(), transport: http(devnet().rpcUrl) })
/**
 * Fees above any base fee these tests reach: FeeAdmin raises minBaseFee, and a fee cap from the last block's base
 * fee (viem's estimate) is then under the pool minimum, as on a node (subnet-evm issue 228).
 */
const fees = { maxFeePerGas: parseGwei('100'), maxPriorityFeePerGas: parseGwei('1') }
const transfer = async (account: typeof admin, to: Address) =>
  client.waitForTransactionReceipt({ hash: await wallet(account).sendTransaction({ to, value: 1n, ...fees }) })

async function deploy(name: Name, args: readonly unknown[] = []): Promise<Address> {
  const hash = await wallet(admin).deployContract({ abi: abiOf(name), bytecode: artifacts.contracts[name].bytecode as Hex, args, ...fees })
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt.contractAddress!
}

/** Calls `functionName` of contract `name` at `address` as `account`; resolves with the receipt. */
async function send(
  account: typeof admin,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[] = [],
  value?: bigint,
) {
  const hash = await wallet(account).writeContract({ address, abi, functionName, args, value, gas: 1_000_000n, ...fees } as never)
  return client.waitForTransactionReceipt({ hash })
}

/** The custom error name a simulation of the call reverts with (viem decodes it from the ABI). */
async function revertName(account: typeof admin, address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) {
  try {
    await client.simulateContract({ account, address, abi, functionName, args } as never)
  } catch (e) {
    const revert = (e as BaseError).walk((x) => x instanceof ContractFunctionRevertedError)
    if (revert instanceof ContractFunctionRevertedError) return revert.data?.errorName ?? revert.shortMessage
    return (e as BaseError).shortMessage
  }
  throw new Error(`${functionName} did not revert`)
}

const role = (precompile: Address, account: Address) =>
  client.readContract({ address: precompile, abi: allowListAbi, functionName: 'readAllowList', args: [account] })

beforeAll(() => {
  client = makeClient()
})

describe('ListAdmin: an allow-list base contract administering the Tx and Deployer Allow Lists', () => {
  let txAdmin: Address
  let deployerAdmin: Address

  it('onboards users to the Tx Allow List in one transaction, acting with its own admin role', async () => {
    txAdmin = await deploy('ListAdmin', [TX_LIST])
    await expect(transfer(alice, alice.address)).rejects.toThrow(`cannot issue transaction from non-allow listed address: ${alice.address}`)
    expect((await send(admin, TX_LIST, allowListAbi, 'setAdmin', [txAdmin])).status).toBe('success')
    const receipt = await send(admin, txAdmin, abiOf('ListAdmin'), 'enableAll', [[alice.address, bob.address, carol.address]])
    expect(receipt.status).toBe('success')
    // One RoleSet per account, sent by the contract (the precompile's caller).
    expect(receipt.logs.filter((l) => l.address === TX_LIST)).toHaveLength(3)
    expect(receipt.logs[0]!.topics[3]).toBe(`0x${txAdmin.slice(2).toLowerCase().padStart(64, '0')}`)
    expect(await role(TX_LIST, alice.address)).toBe(1n)
    expect((await transfer(alice, alice.address)).status).toBe('success')
  })

  it("refuses callers who are not admins on the list (the contract checks the precompile's roles)", async () => {
    expect(await revertName(alice, txAdmin, abiOf('ListAdmin'), 'enableAll', [[alice.address]])).toBe('NotAdmin')
    expect(await client.readContract({ address: txAdmin, abi: abiOf('ListAdmin'), functionName: 'isEnabled', args: [alice.address] })).toBe(
      true,
    )
  })

  it('revokes: the account is refused again', async () => {
    await send(admin, txAdmin, abiOf('ListAdmin'), 'revokeAll', [[bob.address]])
    expect(await role(TX_LIST, bob.address)).toBe(0n)
    await expect(transfer(bob, bob.address)).rejects.toThrow(`cannot issue transaction from non-allow listed address: ${bob.address}`)
  })

  it('a manager contract on the Deployer Allow List lets CI deploy', async () => {
    deployerAdmin = await deploy('ListAdmin', [DEPLOYER_LIST])
    const bytecode = artifacts.contracts.NativeToken.bytecode as Hex
    await expect(wallet(carol).deployContract({ abi: abiOf('NativeToken'), bytecode, ...fees })).rejects.toThrow(
      `tx.origin ${carol.address} is not authorized to deploy a contract`,
    )
    // A manager (Durango) may enable and disable, not make admins: enough to onboard deployers.
    await send(admin, DEPLOYER_LIST, allowListAbi, 'setManager', [deployerAdmin])
    expect(await role(DEPLOYER_LIST, deployerAdmin)).toBe(3n)
    await send(admin, deployerAdmin, abiOf('ListAdmin'), 'enableAll', [[carol.address]])
    const hash = await wallet(carol).deployContract({ abi: abiOf('NativeToken'), bytecode, ...fees })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  })
})

describe('FeeAdmin: a fee-manager admin contract', () => {
  let feeAdmin: Address
  const abi = () => abiOf('FeeAdmin')

  it('raises minBaseFee through the Fee Manager; eth_feeConfig and the contract read the new config', async () => {
    feeAdmin = await deploy('FeeAdmin')
    await send(admin, FEE_MANAGER, feeManagerAbi, 'setEnabled', [feeAdmin])
    const receipt = await send(admin, feeAdmin, abi(), 'setMinBaseFee', [parseGwei('30')])
    expect(receipt.status).toBe('success')
    const reply = (await client.request({ method: 'eth_feeConfig' as never, params: [] as never })) as {
      feeConfig: { minBaseFee: number }
      lastChangedAt: number
    }
    expect(BigInt(reply.feeConfig.minBaseFee)).toBe(parseGwei('30'))
    expect(BigInt(reply.lastChangedAt)).toBe(receipt.blockNumber)
    const read = (await client.readContract({ address: feeAdmin, abi: abi(), functionName: 'feeConfig' })) as { minBaseFee: bigint }
    expect(read.minBaseFee).toBe(parseGwei('30'))
    expect(await client.readContract({ address: feeAdmin, abi: abi(), functionName: 'lastChangedAt' })).toBe(receipt.blockNumber)
  })

  it('refuses a caller without a role on the Fee Manager', async () => {
    expect(await revertName(alice, feeAdmin, abi(), 'setMinBaseFee', [parseGwei('40')])).toBe('NotEnabled')
  })

  it('once the contract loses its role, the precompile refuses it: the call reverts without a reason', async () => {
    await send(admin, FEE_MANAGER, feeManagerAbi, 'setNone', [feeAdmin])
    await expect(
      client.simulateContract({ account: admin, address: feeAdmin, abi: abi(), functionName: 'setMinBaseFee', args: [parseGwei('40')] }),
    ).rejects.toThrow(/reverted/)
  })
})

describe('NativeToken: an ERC-20 backed by native coin the Native Minter mints', () => {
  let token: Address
  const abi = () => abiOf('NativeToken')
  const balanceOf = (account: Address) => client.readContract({ address: token, abi: abi(), functionName: 'balanceOf', args: [account] })

  it('deposit burns native coin to the blackhole and mints tokens', async () => {
    token = await deploy('NativeToken')
    await send(admin, MINTER, nativeMinterAbi, 'setEnabled', [token])
    const burned = await client.getBalance({ address: BLACKHOLE })
    const receipt = await send(alice, token, abi(), 'deposit', [], parseEther('2'))
    expect(receipt.status).toBe('success')
    expect(await balanceOf(alice.address)).toBe(parseEther('2'))
    // The blackhole also receives the block's fees (no reward address): at least the deposit.
    expect((await client.getBalance({ address: BLACKHOLE })) - burned).toBeGreaterThanOrEqual(parseEther('2'))
  })

  it('redeem burns tokens and mints the native coin back to the holder', async () => {
    const before = await client.getBalance({ address: alice.address })
    const receipt = await send(alice, token, abi(), 'redeem', [parseEther('1')])
    expect(receipt.status).toBe('success')
    const mint = receipt.logs.find((l) => l.address === MINTER)
    expect(mint).toBeDefined()
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await client.getBalance({ address: alice.address })).toBe(before + parseEther('1') - fee)
    expect(await balanceOf(alice.address)).toBe(parseEther('1'))
  })

  it('redeemTo mints to the token itself and pays the coin on in the same transaction', async () => {
    const payee = '0x00000000000000000000000000000000000b0b0b' as Address
    const receipt = await send(alice, token, abi(), 'redeemTo', [payee, parseEther('0.5')])
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: payee })).toBe(parseEther('0.5'))
    expect(await client.getBalance({ address: token })).toBe(0n)
    expect(await balanceOf(alice.address)).toBe(parseEther('0.5'))
    // The minter's own balance is what was sent to it: none (its stand-in's reserve is not shown).
    expect(await client.getBalance({ address: MINTER })).toBe(0n)
    expect(await client.getTransactionCount({ address: MINTER })).toBe(1)
  })

  it('refuses to mint once the token loses its role: the precompile fails the call, the burn is undone', async () => {
    await send(admin, MINTER, nativeMinterAbi, 'setNone', [token])
    await expect(
      client.simulateContract({ account: alice, address: token, abi: abi(), functionName: 'redeem', args: [parseEther('1')] }),
    ).rejects.toThrow(/reverted/)
    expect(await balanceOf(alice.address)).toBe(parseEther('0.5'))
    await send(admin, MINTER, nativeMinterAbi, 'setEnabled', [token])
  })
})

describe('RewardAdmin: a reward-manager contract deciding where fees go', () => {
  let rewards: Address
  const abi = () => abiOf('RewardAdmin')
  const treasury = '0x00000000000000000000000000000000000074e5' as Address

  it("sends the fees to a treasury: the next blocks' coinbase, credited each transaction's whole fee", async () => {
    rewards = await deploy('RewardAdmin')
    await send(admin, REWARD_MANAGER, rewardManagerAbi, 'setEnabled', [rewards])
    await send(admin, rewards, abi(), 'sendFeesTo', [treasury])
    expect(await client.readContract({ address: rewards, abi: abi(), functionName: 'feesGoTo' })).toBe(treasury)
    const before = await client.getBalance({ address: treasury })
    const receipt = await transfer(alice, alice.address)
    const block = await client.getBlock({ blockNumber: receipt.blockNumber })
    expect(block.miner.toLowerCase()).toBe(treasury)
    expect((await client.getBalance({ address: treasury })) - before).toBe(receipt.gasUsed * receipt.effectiveGasPrice)
  })

  it('lets block producers choose, then burns the fees', async () => {
    await send(admin, rewards, abi(), 'letBlockProducersChoose')
    expect(await client.readContract({ address: rewards, abi: abi(), functionName: 'blockProducersChoose' })).toBe(true)
    await send(admin, rewards, abi(), 'burnFees')
    expect(await client.readContract({ address: rewards, abi: abi(), functionName: 'blockProducersChoose' })).toBe(false)
    expect(await client.readContract({ address: rewards, abi: abi(), functionName: 'feesGoTo' })).toBe(BLACKHOLE)
  })

  it('refuses a caller who is not an admin on the Reward Manager', async () => {
    expect(await revertName(alice, rewards, abi(), 'sendFeesTo', [alice.address])).toBe('NotAdmin')
  })
})
