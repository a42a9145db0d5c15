/**
 * `getAllowListMembers` (viem and ethers) against a devnet whose chain config limits log ranges to
 * 3 blocks (`apiMaxBlocksPerRequest: 3`, a node's `api-max-blocks-per-request`), with role changes
 * spread over more blocks than that: the node refuses the one `eth_getLogs` over the whole range,
 * and both read the `RoleSet` events again in chunks of the maximum its message names, in order;
 * `maxBlockRange` chunks from the start. Members are right and deep-equal between the libraries.
 */
import { JsonRpcProvider } from 'ethers'
import { SubnetProvider } from '../../src/ethers/index.js'
import { getAllowListMembers as ethersMembers } from '../../src/ethers/precompiles.js'
import { createPublicClient, createWalletClient, custom, getAddress, http, type EIP1193RequestFn } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, afterAll, describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/argument.js'
import { getAllowListMembers, precompileActions, precompileWalletActions } from '../../src/viem/precompiles/index.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'precompiles-log-range', apiMaxBlocksPerRequest: 3 })

const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d').address
const bob = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a').address
const carol = getAddress('0x90f79bf6eb2c4f870365e96051b4a8fd0e5e8b7a')
const precompile = 'txAllowListConfig'

/** The [fromBlock, toBlock] of each eth_getLogs sent, as numbers. */
type Ranges = [number, number][]
const range = (filter: { fromBlock?: string; toBlock?: string }): [number, number] => [Number(filter.fromBlock), Number(filter.toBlock)]

/** viem over a custom EIP-1193 transport that records the eth_getLogs ranges it sends. */
function recordingViem(url: string, ranges: Ranges) {
  const request: EIP1193RequestFn = async ({ method, params }) => {
    if (method === 'eth_getLogs') ranges.push(range((params as [{ fromBlock?: string; toBlock?: string }])[0]))
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw Object.assign(new Error(body.error.message), body.error)
    return body.result as never
  }
  return createPublicClient({ transport: custom({ request }) }).extend(precompileActions)
}

/** SubnetProvider that records the eth_getLogs ranges it sends. */
class RecordingProvider extends SubnetProvider {
  readonly ranges: Ranges = []
  override send(method: string, params: unknown[] | Record<string, unknown>): Promise<unknown> {
    if (method === 'eth_getLogs') this.ranges.push(range((params as [{ fromBlock?: string; toBlock?: string }])[0]))
    return super.send(method, params)
  }
}

let provider: RecordingProvider
const providers: RecordingProvider[] = []
/**
 * A provider of its own for a test that counts requests: ethers answers a request identical to one made in the last
 * 250 ms from its cache (AbstractProvider's perform cache), so a chunk an earlier test asked for would not be sent.
 */
const freshProvider = () => {
  const p = new RecordingProvider(devnet().rpcUrl)
  providers.push(p)
  return p
}
let head: number
let changes: Record<string, bigint>
const client = () => createPublicClient({ transport: http(devnet().rpcUrl) }).extend(precompileActions)
/** The chunks of 3 blocks that cover 0..head, in order. */
const chunksOf3 = (): Ranges => Array.from({ length: Math.ceil((head + 1) / 3) }, (_, i) => [3 * i, Math.min(3 * i + 2, head)])

beforeAll(async () => {
  provider = freshProvider()
  const wallet = createWalletClient({ account: admin, transport: http(devnet().rpcUrl) }).extend(precompileWalletActions)
  const reader = client()
  changes = {}
  // Role changes with 4 empty blocks after each: every change lands in a different 3-block chunk.
  for (const [address, role] of [
    [alice, 'enabled'],
    [bob, 'enabled'],
    [carol, 'manager'],
    [alice, 'none'],
    [bob, 'enabled'],
  ] as const) {
    const receipt = await reader.waitForTransactionReceipt({ hash: await wallet.setAllowListRole({ precompile, address, role }) })
    expect(receipt.status).toBe('success')
    changes[`${address}:${role}`] = receipt.blockNumber
    await rpc(devnet().rpcUrl, 'anvil_mine', '["0x4"]')
  }
  head = Number(await reader.getBlockNumber())
  expect(head).toBeGreaterThanOrEqual(25)
})
afterAll(() => {
  for (const p of providers) p.destroy()
})

describe('a node that limits eth_getLogs to 3 blocks', () => {
  it('refuses the whole range with its text, exactly', async () => {
    const r = await rpc(devnet().rpcUrl, 'eth_getLogs', `[{"address":"0x0200000000000000000000000000000000000002","fromBlock":"0x0"}]`)
    expect(r.body).toBe(
      `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"requested too many blocks from 0 to ${head}, maximum is set to 3"}}\n`,
    )
  })

  it('viem: refused once, then chunks of 3 in order; the members are right', async () => {
    const ranges: Ranges = []
    const members = await getAllowListMembers(recordingViem(devnet().rpcUrl, ranges), { precompile })
    expect(ranges).toEqual([[0, head], ...chunksOf3()])
    expect(members).toEqual({
      admins: [{ address: admin.address, since: 0n }],
      managers: [{ address: carol, since: changes[`${carol}:manager`] }],
      // bob's last RoleSet dates him; alice, enabled then removed, is not a member.
      enabled: [{ address: bob, since: changes[`${bob}:enabled`] }],
    })
    expect(changes[`${bob}:enabled`]! - changes[`${alice}:enabled`]!).toBeGreaterThan(3n)
  })

  it('ethers: the same requests and the same members, deep-equal to viem’s', async () => {
    const viemMembers = await client().getAllowListMembers({ precompile })
    const recording = freshProvider()
    expect(await ethersMembers(recording, { precompile })).toEqual(viemMembers)
    expect(recording.ranges).toEqual([[0, head], ...chunksOf3()])
    // A plain JsonRpcProvider words the node's refusal as ethers does (UNKNOWN_ERROR around it): read too.
    const plain = new JsonRpcProvider(devnet().rpcUrl, undefined, { staticNetwork: true })
    try {
      expect(await ethersMembers(plain, { precompile })).toEqual(viemMembers)
    } finally {
      plain.destroy()
    }
  })

  it('maxBlockRange: chunks of that size from the start, no refusal', async () => {
    const ranges: Ranges = []
    const expected = await client().getAllowListMembers({ precompile })
    expect(await getAllowListMembers(recordingViem(devnet().rpcUrl, ranges), { precompile, maxBlockRange: 2n })).toEqual(expected)
    expect(ranges).toEqual(Array.from({ length: Math.ceil((head + 1) / 2) }, (_, i) => [2 * i, Math.min(2 * i + 1, head)]))
    const recording = freshProvider()
    expect(await ethersMembers(recording, { precompile, maxBlockRange: 2n })).toEqual(expected)
    expect(recording.ranges).toEqual(ranges)
  })

  it('maxBlockRange above the node’s maximum: the first chunk refused, then chunks of 3', async () => {
    const ranges: Ranges = []
    const expected = await client().getAllowListMembers({ precompile })
    expect(await getAllowListMembers(recordingViem(devnet().rpcUrl, ranges), { precompile, maxBlockRange: 10n })).toEqual(expected)
    expect(ranges).toEqual([[0, 9], ...chunksOf3()])
    const recording = freshProvider()
    expect(await ethersMembers(recording, { precompile, maxBlockRange: 10n })).toEqual(expected)
    expect(recording.ranges).toEqual(ranges)
  })

  it('fromBlock with a range within the maximum: one request', async () => {
    const ranges: Ranges = []
    const members = await getAllowListMembers(recordingViem(devnet().rpcUrl, ranges), { precompile, fromBlock: BigInt(head - 1) })
    expect(ranges).toEqual([[head - 1, head]])
    // Nothing changed since: the config's admin, dated from fromBlock; the others are found only by their events.
    expect(members).toEqual({ admins: [{ address: admin.address, since: BigInt(head - 1) }], managers: [], enabled: [] })
  })

  it('a maxBlockRange below 1n is InvalidArgumentError, before any request', async () => {
    const ranges: Ranges = []
    await expect(getAllowListMembers(recordingViem(devnet().rpcUrl, ranges), { precompile, maxBlockRange: 0n })).rejects.toThrow(
      InvalidArgumentError,
    )
    await expect(ethersMembers(provider, { precompile, maxBlockRange: -1n })).rejects.toThrow(InvalidArgumentError)
    expect(ranges).toEqual([])
  })
})
