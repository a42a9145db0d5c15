/**
 * Bad arguments across every action of both adapters are rejected with
 * InvalidArgumentError before anything is sent: a recording proxy in front of the devnet
 * counts zero requests for the whole table.
 */
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/index.js'
import { infoActions, subnetActions } from '../../src/viem/index.js'
import { feeConfig, getActiveRulesAt, InfoClient, SubnetProvider } from '../../src/ethers/index.js'
import { useSharedDevnet } from '../helpers/devnet.js'
import { useRecorder } from '../helpers/servers.js'

const devnet = useSharedDevnet()
const recorder = useRecorder(() => devnet().url)

const hash = `0x${'ab'.repeat(32)}`
type Case = [name: string, call: () => Promise<unknown>]

function viemCases(): Case[] {
  const rpc = `${recorder().url}/ext/bc/${devnet().blockchainID}/rpc`
  const c = createPublicClient({ transport: http(rpc) })
    .extend(subnetActions())
    .extend(infoActions())
  const a = (x: unknown) => x as never
  return [
    ['viem getActiveRulesAt timestamp -1', () => c.getActiveRulesAt({ timestamp: -1 })],
    ['viem getActiveRulesAt timestamp 1.5', () => c.getActiveRulesAt({ timestamp: 1.5 })],
    ['viem getActiveRulesAt timestamp NaN', () => c.getActiveRulesAt({ timestamp: Number.NaN })],
    ['viem getActiveRulesAt timestamp Infinity', () => c.getActiveRulesAt({ timestamp: Number.POSITIVE_INFINITY })],
    ['viem getActiveRulesAt timestamp 2^53', () => c.getActiveRulesAt({ timestamp: 2 ** 53 })],
    ['viem getActiveRulesAt timestamp -1n', () => c.getActiveRulesAt({ timestamp: -1n })],
    ['viem getActiveRulesAt timestamp 2^64 n', () => c.getActiveRulesAt({ timestamp: 2n ** 64n })],
    ['viem getActiveRulesAt invalid Date', () => c.getActiveRulesAt({ timestamp: new Date('nope') })],
    ['viem getActiveRulesAt timestamp as string', () => c.getActiveRulesAt({ timestamp: a('1700000000') })],
    ['viem getActiveRulesAt timestamp as hex string', () => c.getActiveRulesAt({ timestamp: a('0x6553f100') })],
    ['viem getActivePrecompilesAt timestamp -5', () => c.getActivePrecompilesAt({ timestamp: -5 })],
    ['viem getActivePrecompilesAt timestamp object', () => c.getActivePrecompilesAt({ timestamp: a({}) })],
    ['viem feeConfig blockNumber with blockHash', () => c.feeConfig(a({ blockNumber: 1n, blockHash: hash }))],
    ['viem feeConfig blockNumber with blockTag', () => c.feeConfig(a({ blockNumber: 1n, blockTag: 'latest' }))],
    ['viem feeConfig negative blockNumber', () => c.feeConfig({ blockNumber: -1n })],
    ['viem feeConfig fractional blockNumber', () => c.feeConfig({ blockNumber: 1.5 })],
    ['viem feeConfig blockNumber above int64', () => c.feeConfig({ blockNumber: 2n ** 63n })],
    ['viem feeConfig short hash', () => c.feeConfig({ blockHash: '0x1234' })],
    ['viem feeConfig non-hex hash', () => c.feeConfig({ blockHash: `0x${'zz'.repeat(32)}` })],
    ['viem feeConfig unknown tag', () => c.feeConfig({ blockTag: a('newest') })],
    ['viem isBootstrapped empty chain', () => c.isBootstrapped({ chain: '' })],
    ['viem isBootstrapped missing chain', () => c.isBootstrapped(a({}))],
    ['viem isBootstrapped chain as number', () => c.isBootstrapped({ chain: a(5) })],
    ['viem getBlockchainID empty alias', () => c.getBlockchainID({ alias: '' })],
    ['viem getBlockchainID alias null', () => c.getBlockchainID({ alias: a(null) })],
    ['viem peers bad NodeID', () => c.peers({ nodeIDs: ['NodeID-!!'] })],
    ['viem peers NodeID without prefix', () => c.peers({ nodeIDs: ['7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'] })],
    ['viem peers nodeIDs not an array', () => c.peers({ nodeIDs: a('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg') })],
    ['viem uptime bad subnetID', () => c.uptime({ subnetID: 'not-an-id' })],
  ]
}

function ethersCases(): Case[] {
  const rpc = `${recorder().url}/ext/bc/${devnet().blockchainID}/rpc`
  const provider = new SubnetProvider(rpc, 99999, { staticNetwork: true })
  const info = new InfoClient(recorder().url)
  const a = (x: unknown) => x as never
  return [
    ['ethers feeConfig unknown tag', () => provider.feeConfig('newest')],
    ['ethers feeConfig negative number', () => provider.feeConfig(-1)],
    ['ethers feeConfig fractional number', () => provider.feeConfig(2.5)],
    ['ethers feeConfig hex with bad digits', () => provider.feeConfig('0xzz')],
    ['ethers feeConfig 65-char hash', () => provider.feeConfig(`0x${'a'.repeat(63)}`)],
    ['ethers getActiveRulesAt -1', () => provider.getActiveRulesAt(-1)],
    ['ethers getActiveRulesAt invalid Date', () => provider.getActiveRulesAt(new Date(Number.NaN))],
    ['ethers getActivePrecompilesAt 1.25', () => provider.getActivePrecompilesAt(1.25)],
    ['ethers getActiveRulesAt string', () => provider.getActiveRulesAt(a('now'))],
    ['ethers function feeConfig bad tag', () => feeConfig(provider, 'safe-ish')],
    ['ethers function getActiveRulesAt -2n', () => getActiveRulesAt(provider, -2n)],
    ['ethers info isBootstrapped empty', () => provider.info.isBootstrapped({ chain: '' })],
    ['ethers info getBlockchainID empty', () => info.getBlockchainID({ alias: '' })],
    ['ethers info peers bad NodeID', () => info.peers({ nodeIDs: ['NodeID-0OIl'] })],
    ['ethers info uptime bad subnetID', () => info.uptime({ subnetID: '0x1234' })],
  ]
}

describe('bad arguments never reach the node', () => {
  it('every case rejects with InvalidArgumentError, and the proxy records no request', async () => {
    const cases = [...viemCases(), ...ethersCases()]
    expect(cases.length).toBeGreaterThanOrEqual(30)
    recorder().clear()
    const failures: string[] = []
    for (const [name, call] of cases) {
      let error: unknown
      let promise: Promise<unknown> | undefined
      try {
        promise = call()
        await promise
      } catch (e) {
        error = e
      }
      // A rejection, never a synchronous throw: callers' .catch() sees it.
      if (promise === undefined) failures.push(`${name}: threw synchronously`)
      else if (!(error instanceof InvalidArgumentError))
        failures.push(`${name}: got ${error === undefined ? 'a result' : (error as Error).name}`)
      else if (!/^Invalid \S+: /.test(error.shortMessage) || !error.message.includes('Accepted:'))
        failures.push(`${name}: message lacks what and what is accepted`)
    }
    expect(failures).toEqual([])
    expect(recorder().requests).toEqual([])
  })
})
