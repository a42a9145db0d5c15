/**
 * anvil's block replies as a node writes them (internal/ethapi/api.go `RPCMarshalHeader`,
 * `RPCMarshalBlock`, `rpcMarshalHeader` / `rpcMarshalBlock`).
 */
import { parseJson } from '../../core/json/parse.js'
import type { BlockFees } from './blockFees.js'

const hex = (v: bigint) => `0x${v.toString(16)}`

/**
 * A block reply of anvil's with a node's header fields: the fee window as `extraData` (genesis
 * kept as it is), difficulty 1 after genesis (dummy `CalcDifficulty`), `totalDifficulty` the
 * block number, no withdrawals, and beside the base fee the header's `blockGasCost` and from
 * Granite `timestampMilliseconds` and `minDelayExcess`. Other keys keep anvil's order.
 */
export async function nodeBlock(blockFees: BlockFees, result: string): Promise<string> {
  const block = parseJson(result) as { number: string; timestamp: string; extraData: string; baseFeePerGas?: string } & Parameters<
    BlockFees['extraDataOf']
  >[0]
  let out = result
  if (BigInt(block.number) !== 0n) {
    out = out.replace(`"extraData":"${block.extraData}"`, `"extraData":"${await blockFees.extraDataOf(block)}"`)
    out = out.replace(/"difficulty":"0x[\da-f]+"/, '"difficulty":"0x1"')
  }
  out = out.replace(/"totalDifficulty":"0x[\da-f]+"/, `"totalDifficulty":"${block.number}"`)
  out = out.replace(/,"withdrawalsRoot":"0x[\da-f]{64}"/, '').replace(/,"withdrawals":\[\]/, '')
  const baseFee = `"baseFeePerGas":"${block.baseFeePerGas}"`
  if (block.baseFeePerGas === undefined || !out.includes(baseFee)) return out
  const cost = await blockFees.blockGasCostOf(block)
  const granite = blockFees.graniteFieldsOf(BigInt(block.timestamp))
  const fields = [
    ...(cost === null ? [] : [`"blockGasCost":"${hex(cost)}"`]),
    ...(granite
      ? [`"timestampMilliseconds":"${hex(granite.timestampMilliseconds)}"`, `"minDelayExcess":"${hex(granite.minDelayExcess)}"`]
      : []),
  ]
  return out.replace(baseFee, [baseFee, ...fields].join(','))
}

/** The fields of a block reply that are not its header's (`RPCMarshalBlock` adds them to `RPCMarshalHeader`'s). */
const blockOnly = new Set(['size', 'transactions', 'uncles'])

/**
 * `rpcMarshalHeader` of a block anvil returned (without transactions): the node's header
 * fields, keys sorted as encoding/json writes a Go map's.
 */
export async function nodeHeader(blockFees: BlockFees, result: string): Promise<Map<string, unknown>> {
  // Every header field is a hex string, null or an array of them: JSON.parse keeps them as they are.
  const block = JSON.parse(await nodeBlock(blockFees, result)) as Record<string, unknown>
  const keys = Object.keys(block)
    .filter((k) => !blockOnly.has(k))
    .sort()
  return new Map(keys.map((k) => [k, block[k]]))
}
