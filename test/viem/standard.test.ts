/**
 * A public client extended with subnetActions() and infoActions() keeps every standard
 * viem action, against anvil through the devnet; a wallet client takes the decorators too.
 */
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { infoActions, subnetActions, subnetHttp } from '../../src/viem/index.js'

const devnet = useDevnet({ seed: 'viem-standard' })

const EWOQ = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const devnetChain = () =>
  defineChain({
    id: 99999,
    name: 'subnet-rpc devnet',
    nativeCurrency: { name: 'Devnet', symbol: 'DEV', decimals: 18 },
    rpcUrls: { default: { http: [devnet().rpcUrl] } },
  })

describe('standard viem actions on an extended client', () => {
  it('getChainId, getBlockNumber, getBalance, getBlock still work next to the added actions', async () => {
    const client = createPublicClient({ transport: http(devnet().rpcUrl) })
      .extend(subnetActions())
      .extend(infoActions())
    expect(await client.getChainId()).toBe(99999)
    expect(typeof (await client.getBlockNumber())).toBe('bigint')
    expect(await client.getBalance({ address: EWOQ })).toBe(0x52b7d2dcc80cd2e4000000n)
    const genesis = await client.getBlock({ blockNumber: 0n })
    expect(genesis.number).toBe(0n)
    // And the added ones, on the same client.
    expect((await client.feeConfig()).feeConfig.gasLimit).toBe(8_000_000n)
    expect(await client.getNetworkID()).toBe(12345)
  })

  it('the same over subnetHttp with batching on', async () => {
    const client = createPublicClient({ transport: subnetHttp(devnet().rpcUrl, { batch: true }) })
      .extend(subnetActions())
      .extend(infoActions())
    const [chainId, balance, fee, name] = await Promise.all([
      client.getChainId(),
      client.getBalance({ address: EWOQ }),
      client.feeConfig(),
      client.getNetworkName(),
    ])
    expect(chainId).toBe(99999)
    expect(balance).toBe(0x52b7d2dcc80cd2e4000000n)
    expect(fee.feeConfig.minBaseFee).toBe(25_000_000_000n)
    expect(name).toBe('local')
  })

  it("sendTransaction from a wallet client with anvil's first dev key, then the receipt and balances", async () => {
    const account = privateKeyToAccount(DEV_KEY)
    expect(account.address).toBe(DEV_ADDRESS)
    const chain = devnetChain()
    const wallet = createWalletClient({ account, chain, transport: http(devnet().rpcUrl) })
      .extend(subnetActions())
      .extend(infoActions())
    const client = createPublicClient({ chain, transport: http(devnet().rpcUrl) })
      .extend(subnetActions())
      .extend(infoActions())
    const before = await client.getBalance({ address: EWOQ })
    const startBlock = await client.getBlockNumber()
    const hash = await wallet.sendTransaction({ to: EWOQ, value: parseEther('1.5') })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(DEV_ADDRESS.toLowerCase())
    expect(receipt.blockNumber).toBeGreaterThan(startBlock)
    expect(await client.getBalance({ address: EWOQ })).toBe(before + parseEther('1.5'))
    const tx = await client.getTransaction({ hash })
    expect(tx.value).toBe(parseEther('1.5'))
    // The wallet client has the decorators too.
    expect((await wallet.feeConfig({ blockNumber: receipt.blockNumber })).lastChangedAt).toBe(0n)
    expect((await wallet.getActiveRulesAt()).avalancheRules.IsSubnetEVM).toBe(true)
    expect(await wallet.getBlockchainID({ alias: 'devnet' })).toBe(devnet().blockchainID)
  })

  it("http() without a URL uses the chain's RPC URL, and Info is derived from it", async () => {
    const client = createPublicClient({ chain: devnetChain(), transport: http() }).extend(subnetActions()).extend(infoActions())
    expect(await client.getChainId()).toBe(99999)
    expect((await client.feeConfig()).lastChangedAt).toBe(0n)
    expect(await client.getBlockchainID({ alias: 'devnet' })).toBe(devnet().blockchainID)
  })

  it('estimateGas, getGasPrice and call pass through', async () => {
    const client = createPublicClient({ transport: http(devnet().rpcUrl) })
      .extend(subnetActions())
      .extend(infoActions())
    const gas = await client.estimateGas({ account: DEV_ADDRESS, to: EWOQ, value: 1n })
    expect(gas).toBe(21000n)
    expect(typeof (await client.getGasPrice())).toBe('bigint')
    const { data } = await client.call({ to: EWOQ, data: '0x' })
    expect(data).toBeUndefined()
  })
})
