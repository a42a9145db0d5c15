/**
 * anvil's blocks, transactions, receipts and logs as a node writes them (internal/ethapi/api.go
 * `RPCMarshalHeader`, `RPCMarshalBlock`, `newRPCTransaction`, `marshalReceipt`; libevm's `types.Log`):
 * blocks and receipts are Go maps, so their keys come out sorted; transactions and logs are structs,
 * written in their fields' order; fields anvil adds that a node does not have are left out.
 */
import type { BlockFees, RawHeader } from '../block/blockFees.js'
import type { NodeGas } from '../block/nodeGas.js'

const hex = (v: bigint) => `0x${v.toString(16)}`

/** `RPCTransaction`'s fields in its struct's order, which encoding/json writes them in. */
const transactionFields = [
  'blockHash',
  'blockNumber',
  'from',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'maxFeePerBlobGas',
  'hash',
  'input',
  'nonce',
  'to',
  'transactionIndex',
  'value',
  'type',
  'accessList',
  'chainId',
  'blobVersionedHashes',
  'v',
  'r',
  's',
  'yParity',
]

/**
 * A transaction of anvil's as a node writes it: `RPCTransaction`'s fields in its order, and none of anvil's
 * others (`blockTimestamp`). One not in a block with a fee cap has that cap as its `gasPrice` (`newRPCTransaction`
 * computes the effective price only with a block hash), where anvil writes the price at its pending block's base fee.
 */
export function rpcTransaction(tx: Record<string, unknown>): Map<string, unknown> {
  const pendingCap = tx.blockHash === null && tx.maxFeePerGas !== undefined
  return new Map(transactionFields.filter((k) => k in tx).map((k) => [k, k === 'gasPrice' && pendingCap ? tx.maxFeePerGas : tx[k]]))
}

/** A block as anvil returns it (hex strings, transactions as hashes or objects). */
export type AnvilBlock = RawHeader & { extraData: string } & Record<string, unknown>

const zeroHash = `0x${'0'.repeat(64)}`

/**
 * A block with a node's header fields: the gas used without refunds (../block/nodeGas.ts), the fee window as `extraData` (genesis kept as it is),
 * difficulty 1 and a zero `mixHash` after genesis (dummy `CalcDifficulty`, miner/worker.go), `totalDifficulty` the block number, no
 * withdrawals, the header's `blockGasCost`, and from Granite `timestampMilliseconds` and
 * `minDelayExcess`.
 */
export async function nodeBlock(blockFees: BlockFees, anvilBlock: AnvilBlock): Promise<Map<string, unknown>> {
  const block: Record<string, unknown> = { ...anvilBlock }
  block.gasUsed = hex(await blockFees.gas.gasUsedOf(anvilBlock))
  if (BigInt(anvilBlock.number) !== 0n) {
    block.extraData = await blockFees.extraDataOf(anvilBlock)
    block.difficulty = '0x1'
    // A node's miner leaves MixDigest unset, and wrapped_block.go's syntactic checks refuse any other (anvil's is its prevrandao).
    block.mixHash = zeroHash
  }
  block.totalDifficulty = anvilBlock.number
  delete block.withdrawalsRoot
  delete block.withdrawals
  if (Array.isArray(block.transactions))
    block.transactions = block.transactions.map((tx) =>
      typeof tx === 'object' && tx !== null ? rpcTransaction(tx as Record<string, unknown>) : tx,
    )
  if (anvilBlock.baseFeePerGas !== undefined) {
    const cost = await blockFees.blockGasCostOf(anvilBlock)
    if (cost !== null) block.blockGasCost = hex(cost)
    const granite = blockFees.graniteFieldsOf({ ...anvilBlock, timestamp: BigInt(anvilBlock.timestamp) })
    if (granite) {
      block.timestampMilliseconds = hex(granite.timestampMilliseconds)
      block.minDelayExcess = hex(granite.minDelayExcess)
    }
  }
  return new Map(
    Object.keys(block)
      .sort()
      .map((k) => [k, block[k]]),
  )
}

/** `rpcMarshalHeader`: the block's fields without those `RPCMarshalBlock` adds (size, transactions, uncles). */
export async function nodeHeader(blockFees: BlockFees, anvilBlock: AnvilBlock): Promise<Map<string, unknown>> {
  const header = await nodeBlock(blockFees, anvilBlock)
  for (const key of ['size', 'transactions', 'uncles']) header.delete(key)
  return header
}

/** `types.Log`'s fields in its JSON order (core/types/gen_log_json.go). */
const logFields = ['address', 'topics', 'data', 'blockNumber', 'transactionHash', 'transactionIndex', 'blockHash', 'logIndex', 'removed']

/** A log of anvil's as a node writes it: `types.Log`'s fields in order, without anvil's `blockTimestamp`. */
export function rpcLog(log: Record<string, unknown>): Map<string, unknown> {
  return new Map(logFields.filter((k) => k in log).map((k) => [k, log[k]]))
}

/** The fields `marshalReceipt` writes (a blob transaction's two only for type 0x3). */
const receiptFields = new Set([
  'blockHash',
  'blockNumber',
  'transactionHash',
  'transactionIndex',
  'from',
  'to',
  'gasUsed',
  'cumulativeGasUsed',
  'contractAddress',
  'logs',
  'logsBloom',
  'type',
  'effectiveGasPrice',
  'root',
  'status',
])

/**
 * A receipt of anvil's as `marshalReceipt` writes it: the node's fields, keys sorted, logs as `types.Log`, and
 * the gas without refunds (../block/nodeGas.ts).
 */
export async function rpcReceipt(receipt: Record<string, unknown>, gas: NodeGas): Promise<Map<string, unknown>> {
  const blob = receipt.type === '0x3'
  const keys = Object.keys(receipt)
    .filter((k) => receiptFields.has(k) || (blob && (k === 'blobGasUsed' || k === 'blobGasPrice')))
    .sort()
  const logs = Array.isArray(receipt.logs) ? receipt.logs.map((l) => rpcLog(l as Record<string, unknown>)) : []
  const refunds = await gas.refundsOf({ hash: receipt.blockHash as string, number: receipt.blockNumber as string })
  const refund = refunds.byTx.get(receipt.transactionHash as string)
  const fields: Record<string, unknown> = { ...receipt }
  if (refund && (refund.refund !== 0n || refund.cumulative !== 0n)) {
    fields.gasUsed = hex(BigInt(receipt.gasUsed as string) + refund.refund)
    fields.cumulativeGasUsed = hex(BigInt(receipt.cumulativeGasUsed as string) + refund.cumulative)
  }
  return new Map(keys.map((k) => [k, k === 'logs' ? logs : fields[k]]))
}
