/**
 * The core fee functions take a viem block as it is: viem formats the header fields it knows and leaves the two it
 * does not (`timestampMilliseconds` from Granite, `blockGasCost`) as the node's hex quantities, which the functions
 * read too. Checked against the blocks the devnet then builds (its fee rules are the node's, test/devnet/block-fees):
 * on an L1 in Granite (the time in ms, no block gas cost) and on one before Granite (a block gas cost that grows when
 * blocks come faster than the target rate). Real devnet, real anvil.
 */
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { blockGasCost, estimateNextBaseFee, maxNextBaseFee, nextBaseFee } from '../../src/fees.js'
import { subnetActions } from '../../src/viem/index.js'
import { rpc, testGenesis, testGenesisTime, useDevnet } from '../helpers/devnet.js'

const T0 = testGenesisTime
const genesis = (config: Record<string, unknown>) => testGenesis({ chainId: 4330, ...config })

/** The node's header fields viem leaves as they came (its Block type does not name them). */
const raw = (block: object) => block as { timestampMilliseconds?: unknown; blockGasCost?: unknown }

function fees(devnet: () => { rpcUrl: string }) {
  const client = () => createPublicClient({ transport: http(devnet().rpcUrl) }).extend(subnetActions)
  const mineAt = (t: bigint) => rpc(devnet().rpcUrl, 'evm_mine', `[${t}]`)
  return {
    client,
    mineAt,
    /** The head block as viem gives it (typed as viem types it: no cast), and the fee functions' other inputs. */
    async head() {
      const c = client()
      const [parent, { feeConfig }, config] = await Promise.all([c.getBlock(), c.feeConfig(), c.getChainConfig()])
      const upgrades = { subnetEVMTimestamp: config.subnetEVMTimestamp ?? null, graniteTimestamp: config.graniteTimestamp ?? null }
      return { parent, feeConfig, upgrades }
    },
  }
}

describe('an L1 in Granite: timestampMilliseconds is the node hex viem leaves', () => {
  const devnet = useDevnet({ genesis: genesis({}) })
  const { client, head, mineAt } = fees(devnet)

  it('nextBaseFee, estimateNextBaseFee, maxNextBaseFee and blockGasCost read the viem block as it is', async () => {
    await mineAt(BigInt(T0 + 1))
    const { parent, feeConfig, upgrades } = await head()
    expect(raw(parent).timestampMilliseconds).toBe(`0x${(parent.timestamp * 1000n).toString(16)}`)
    const timestamp = parent.timestamp + 3n
    const predicted = nextBaseFee({ feeConfig, parent, timestamp, upgrades })
    const estimate = estimateNextBaseFee({ feeConfig, parent, timestamp, upgrades })
    const highest = maxNextBaseFee({ feeConfig, parent, timestamp, upgrades })
    const cost = blockGasCost({ feeConfig, parent, timestamp, upgrades })
    await mineAt(timestamp)
    const child = await client().getBlock()
    expect(child.timestamp).toBe(timestamp)
    expect(predicted?.baseFee).toBe(child.baseFeePerGas)
    expect(predicted?.extraPrefix).toBe(child.extraData.slice(0, 2 + 160))
    expect(estimate).toBe(child.baseFeePerGas)
    expect(highest! >= child.baseFeePerGas!).toBe(true)
    expect(cost).toBe(0n)
    expect(raw(child).blockGasCost).toBe('0x0')
  })

  it('a malformed hex quantity is refused with the field it came in', async () => {
    const { parent, feeConfig, upgrades } = await head()
    const malformed = { ...parent, timestampMilliseconds: '0x01' as const }
    expect(() => nextBaseFee({ feeConfig, parent: malformed, timestamp: parent.timestamp + 1n, upgrades })).toThrow(
      /Invalid parent\.timestampMilliseconds: got "0x01"[\s\S]*Accepted: a bigint, or the node's hex quantity/,
    )
  })
})

describe('an L1 before Granite: blockGasCost is the node hex viem leaves', () => {
  const devnet = useDevnet({ genesis: genesis({ graniteTimestamp: T0 + 1_000_000, heliconTimestamp: T0 + 1_000_000 }) })
  const { client, head, mineAt } = fees(devnet)

  it('blockGasCost and nextBaseFee read the viem block as it is, block after block', async () => {
    let t = BigInt(T0)
    let sawCost = false
    for (let i = 0; i < 4; i++) {
      const { parent, feeConfig, upgrades } = await head()
      expect(parent).not.toHaveProperty('timestampMilliseconds')
      expect(raw(parent).blockGasCost).toMatch(/^0x[\da-f]+$/)
      // One second apart, under the target rate of 2 s: the block gas cost grows by a step each block.
      t += 1n
      const cost = blockGasCost({ feeConfig, parent, timestamp: t, upgrades })
      const predicted = nextBaseFee({ feeConfig, parent, timestamp: t, upgrades })
      await mineAt(t)
      const child = await client().getBlock()
      expect(cost).toBe(BigInt(raw(child).blockGasCost as string))
      expect(predicted?.baseFee).toBe(child.baseFeePerGas)
      if (cost! > 0n) sawCost = true
    }
    expect(sawCost).toBe(true)
  })
})
