/**
 * The node's tip suggestion (`eth_maxPriorityFeePerGas`, and the tip in `eth_gasPrice` and the fill defaults):
 * graft/subnet-evm/eth/gasprice/gasprice.go `Oracle.suggestTip` with eth/ethconfig's `DefaultFullGPOConfig`.
 * The effective tips of the transactions in the last 40 blocks (genesis never), going back while a block is at
 * most 80 seconds old, sorted; the one at the 40th percentile (`tips[(len-1)*40/100]`), else the last suggestion;
 * kept between 1 wei (`acp176.MinGasPrice`) and 150 gwei. One suggestion per head block. "Now" is the chain's
 * time (the pending block's), where a node takes its clock: on the devnet the two may be far apart.
 */
import type { AnvilClient } from '../anvilClient.js'

const checkBlocks = 40n
const percentile = 40n
const maxLookbackSeconds = 80n
const minPrice = 1n
const maxPrice = 150n * 10n ** 9n

type RawTx = { gasPrice?: string; maxFeePerGas?: string; maxPriorityFeePerGas?: string }
type RawBlock = { hash: string; number: string; timestamp: string; baseFeePerGas?: string; transactions: RawTx[] }

/** `Transaction.EffectiveGasTip(baseFee)`: min(tip cap, fee cap − base fee), or the gas price − base fee. */
function effectiveTip(tx: RawTx, baseFee: bigint): bigint {
  if (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined) {
    const cap = BigInt(tx.maxFeePerGas) - baseFee
    const tip = BigInt(tx.maxPriorityFeePerGas)
    return tip < cap ? tip : cap
  }
  return BigInt(tx.gasPrice ?? '0x0') - baseFee
}

export class TipOracle {
  private lastHead: string | undefined
  private lastPrice = minPrice
  /** Each block's time and tips, by hash (`feeInfoProvider`). */
  private readonly blocks = new Map<string, { timestamp: bigint; tips: bigint[] }>()

  constructor(private readonly anvil: AnvilClient) {}

  async suggestTip(): Promise<bigint> {
    const [head, pending] = await this.anvil.batch<RawBlock>([
      ['eth_getBlockByNumber', ['latest', true]],
      ['eth_getBlockByNumber', ['pending', false]],
    ])
    if (head!.hash === this.lastHead) return this.lastPrice
    const now = BigInt(pending!.timestamp)
    const latest = BigInt(head!.number)
    const lower = checkBlocks <= latest ? latest - checkBlocks : 0n
    const tips: bigint[] = []
    let block: RawBlock | undefined = head
    for (let n = latest; n > lower; n--) {
      block ??= await this.anvil.request<RawBlock>('eth_getBlockByNumber', [`0x${n.toString(16)}`, true])
      const info = this.infoOf(block)
      block = undefined
      if (info.timestamp + maxLookbackSeconds < now) break
      tips.push(...info.tips)
    }
    let price = this.lastPrice
    if (tips.length > 0) {
      tips.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      price = tips[Number((BigInt(tips.length - 1) * percentile) / 100n)]!
    }
    if (price > maxPrice) price = maxPrice
    if (price < minPrice) price = minPrice
    this.lastHead = head!.hash
    this.lastPrice = price
    return price
  }

  private infoOf(block: RawBlock) {
    let info = this.blocks.get(block.hash)
    if (!info) {
      const baseFee = BigInt(block.baseFeePerGas ?? '0x0')
      info = { timestamp: BigInt(block.timestamp), tips: block.transactions.map((tx) => effectiveTip(tx, baseFee)) }
      this.blocks.set(block.hash, info)
      // A bounded buffer, as the node's: a few more than one suggestion reads.
      if (this.blocks.size > Number(checkBlocks) + 5) this.blocks.delete(this.blocks.keys().next().value!)
    }
    return info
  }
}
