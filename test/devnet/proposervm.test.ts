/**
 * The devnet's ProposerVM API (`/ext/bc/<id>/proposervm`, avalanchego v1.14.0+ `vms/proposervm/service.go`)
 * over real HTTP: the gorilla envelope with `avajson.Uint64` figures as quoted decimals, the proposed P-Chain
 * height of the devnet's P-Chain (three blocks per L1, at least `ApricotPhase4MinPChainHeight`), and Granite's
 * epochs (ACP-181, 30 s on a local network) over blocks mined at chosen times, figures worked out by hand
 * from `acp181.NewEpoch` here.
 */
import { describe, expect, it } from 'vitest'
import { newEpoch, proposerRules, selectChildPChainHeight } from '../../packages/devnet/src/proposervm/index.js'
import { post, rpc, testGenesis, useDevnet } from '../helpers/devnet.js'

// The default genesis and schedule are relative to `startTime`: here 1,000 s ago, so blocks can be mined at chosen past times.
const start = Math.floor(Date.now() / 1000) - 1000
const local = useDevnet({ seed: 'devnet-proposervm', startTime: start })
const two = useDevnet({
  seed: 'devnet-proposervm-two',
  l1s: [
    { alias: 'a', genesis: testGenesis({ chainId: 99901 }) },
    { alias: 'b', genesis: testGenesis({ chainId: 99902 }) },
  ],
})
const mainnet = useDevnet({ seed: 'devnet-proposervm-mainnet', networkID: 1 })

const pvm = (devnet: { url: string }, chain: string) => `${devnet.url}/ext/bc/${chain}/proposervm`
const result = async (url: string, method: string, params = '{}') => {
  const r = await rpc(url, method, params)
  expect(r.status).toBe(200)
  return JSON.parse(r.body).result
}
const l1 = async (method: string, params: unknown[]) => {
  const r = await post(local().rpcUrl, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))
  const body = JSON.parse(r.body)
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
/** Mines one block at `time` (unix seconds) on the local devnet's L1. */
const mineAt = async (time: number) => {
  await l1('evm_setNextBlockTimestamp', [time])
  await l1('evm_mine', [])
}

describe('devnet proposervm: the wire', () => {
  it('getProposedHeight: {"height":"3"}, a quoted decimal (json.Uint64), by blockchain ID and by alias', async () => {
    for (const chain of [local().blockchainID, local().alias]) {
      const r = await rpc(pvm(local(), chain), 'proposervm.getProposedHeight', '{}')
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(r.body).toBe('{"jsonrpc":"2.0","result":{"height":"3"},"id":1}\n')
    }
  })

  it('getCurrentEpoch: number, startTime and pChainHeight in that order, each a quoted decimal', async () => {
    const r = await rpc(pvm(local(), local().alias), 'proposervm.getCurrentEpoch', '{}')
    expect(r.body).toMatch(/^\{"jsonrpc":"2\.0","result":\{"number":"\d+","startTime":"\d+","pChainHeight":"\d+"\},"id":1\}\n$/)
  })

  it('params: none, null, [] and any object are struct{}; a number is refused; gorilla refuses other methods and GET', async () => {
    const url = pvm(local(), local().alias)
    for (const params of [undefined, 'null', '[]', '[{}]', '{"x":1}'])
      expect(JSON.parse((await rpc(url, 'proposervm.getProposedHeight', params)).body).result).toEqual({ height: '3' })
    const bad = JSON.parse((await rpc(url, 'proposervm.getProposedHeight', '5')).body)
    expect(bad.error).toEqual({
      code: -32000,
      message: "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls",
      data: null,
    })
    expect(JSON.parse((await rpc(url, 'proposervm.getProposedheights')).body).error.message).toBe(
      'rpc: can\'t find method "proposervm.GetProposedheights"',
    )
    expect(JSON.parse((await rpc(url, 'info.getNodeID')).body).error.message).toBe('rpc: can\'t find service "info.GetNodeID"')
    const get = await fetch(url)
    expect([get.status, await get.text()]).toEqual([405, 'rpc: POST method required, received GET'])
    // No ProposerVM API at an unknown chain's path.
    expect((await rpc(pvm(local(), 'nope'), 'proposervm.getProposedHeight', '{}')).status).toBe(404)
  })
})

describe('devnet proposervm: the P-Chain height', () => {
  it('three P-Chain blocks per L1: 6 with two L1s, on each', async () => {
    for (const chain of ['a', 'b']) expect(await result(pvm(two(), chain), 'proposervm.getProposedHeight')).toEqual({ height: '6' })
  })

  it("Mainnet's ApricotPhase4MinPChainHeight (793005) is the least a block takes, and epochs are 300 s", async () => {
    expect(await result(pvm(mainnet(), mainnet().alias), 'proposervm.getProposedHeight')).toEqual({ height: '793005' })
    expect(proposerRules(1, mainnet().nodeVersion).graniteEpochDuration).toBe(300_000_000_000n)
  })

  it("selectChildPChainHeight: Fuji's override keeps an L1's parent height until 2025-03-07 17:00 UTC below 200041", () => {
    expect(selectChildPChainHeight(5, 3n, 1_741_366_799n, 47_437n)).toBe(47_437n)
    expect(selectChildPChainHeight(5, 300_000n, 1_741_366_799n, 47_437n)).toBe(47_437n)
    expect(selectChildPChainHeight(5, 300_000n, 1_741_366_800n, 47_437n)).toBe(300_000n)
    expect(selectChildPChainHeight(12345, 3n, 0n, 0n)).toBe(3n)
    expect(selectChildPChainHeight(12345, 3n, 0n, 7n)).toBe(7n)
  })
})

describe('devnet proposervm: Granite epochs (30 s on a local network)', () => {
  it('newEpoch (acp181.NewEpoch): none before Granite, the first from a parent without one, sealed at start + duration', () => {
    const rules = { apricotPhase4Time: 0n, apricotPhase4MinPChainHeight: 0n, graniteTime: 1000n, graniteEpochDuration: 30_000_000_000n }
    const none = { number: 0n, startTime: 0n, pChainHeight: 0n }
    expect(newEpoch(rules, 5n, none, 990n, 999n)).toEqual(none)
    expect(newEpoch(rules, 5n, none, 999n, 1000n)).toEqual({ number: 1n, startTime: 999n, pChainHeight: 5n })
    const first = { number: 1n, startTime: 999n, pChainHeight: 5n }
    expect(newEpoch(rules, 7n, first, 1028n, 1040n)).toBe(first)
    expect(newEpoch(rules, 7n, first, 1029n, 1040n)).toEqual({ number: 2n, startTime: 1029n, pChainHeight: 7n })
    // A duration that is not whole seconds: the parent at start + 29 s is still inside 29.5 s.
    expect(newEpoch({ ...rules, graniteEpochDuration: 29_500_000_000n }, 7n, first, 1028n, 1040n)).toBe(first)
  })

  it('blocks mined at chosen times: the epoch a child of the head would be in, and after a revert', async () => {
    const url = pvm(local(), local().alias)
    const genesis = BigInt((await l1('eth_getBlockByNumber', ['0x0', false])).timestamp)
    expect(genesis).toBe(BigInt(start))
    expect(await l1('eth_blockNumber', [])).toBe('0x0')
    // Only the genesis (pre-fork: P-Chain height 0, no epoch): a child now would open epoch 1 at the genesis time.
    expect(await result(url, 'proposervm.getCurrentEpoch')).toEqual({ number: '1', startTime: String(start), pChainHeight: '0' })

    const t = start + 100
    // Block 1: the first post-fork block, P-Chain height 3, no epoch (verifyPostForkChild).
    await mineAt(t)
    // A child of block 1 opens epoch 1 at block 1's time, with its P-Chain height.
    expect(await result(url, 'proposervm.getCurrentEpoch')).toEqual({ number: '1', startTime: String(t), pChainHeight: '3' })
    await mineAt(t + 10) // block 2: epoch 1 (t)
    await mineAt(t + 25) // block 3: its parent at t + 10 < t + 30: epoch 1
    await mineAt(t + 28) // block 4: parent at t + 25: epoch 1
    expect(await result(url, 'proposervm.getCurrentEpoch')).toEqual({ number: '1', startTime: String(t), pChainHeight: '3' })
    const snapshot = await l1('evm_snapshot', [])
    await mineAt(t + 30) // block 5: parent at t + 28: epoch 1, and block 5 at t + 30 seals it
    expect(await result(url, 'proposervm.getCurrentEpoch')).toEqual({ number: '2', startTime: String(t + 30), pChainHeight: '3' })
    await mineAt(t + 45) // block 6: epoch 2 (t + 30)
    expect(await result(url, 'proposervm.getCurrentEpoch')).toEqual({ number: '2', startTime: String(t + 30), pChainHeight: '3' })
    // Back to block 4: the epoch is the one before, walked again from genesis.
    expect(await l1('evm_revert', [snapshot])).toBe(true)
    expect(await result(url, 'proposervm.getCurrentEpoch')).toEqual({ number: '1', startTime: String(t), pChainHeight: '3' })
    expect(await result(url, 'proposervm.getProposedHeight')).toEqual({ height: '3' })
  })
})
