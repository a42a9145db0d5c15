/**
 * precompile/contracts/warp/contract_test.go: `getBlockchainIDTests`, `sendWarpMessageTests`,
 * `getVerifiedWarpMessageTests` and `getVerifiedWarpBlockHashTests`, case by case (same names, same order), for one
 * fork's gas (`CurrentGasConfig`; the Go suite runs them for Fortuna and Latest, pre-Granite and Granite gas here).
 * Cases with `Predicates` need signed Warp messages from another chain in the block (a later issue): listed in
 * `predicateCases`, not run. The callers are Go's 0x0123; the IDs are the devnet's (Go's test snow context).
 */
import { createHash } from 'node:crypto'
import { concat, encodeAbiParameters, encodeFunctionData, encodeFunctionResult, type Hex, toEventSelector } from 'viem'
import { warpMessengerAbi } from '../../../src/core/precompiles/abis.js'
import type { Case } from './harness.js'
import { word } from './harness.js'

export const WARP = '0x0200000000000000000000000000000000000005'
const callerAddr = '0x0000000000000000000000000000000000000123'

/** warp/contract.go `preGraniteGasConfig` / `graniteGasConfig`. */
const gasConfig = (granite: boolean) => ({
  GetBlockchainID: granite ? 200 : 2,
  GetVerifiedWarpMessageBase: granite ? 750 : 2,
  SendWarpMessageBase: 375 + 3 * 375 + 20_000 + 20_000,
  SendWarpMessageCost: (bytes: number) => 375 + 3 * 375 + 20_000 + 20_000 + 8 * bytes,
})

export type WarpCase = Case & { differs?: string }

/** The Go cases that need predicates (signed messages in the block's access list): not translatable yet. */
export const predicateCases = {
  getVerifiedWarpMessage: [
    'get_message_success',
    'get_message_out_of_bounds_non_zero_index',
    'get_message_success_non_zero_index',
    'get_message_failure_non_zero_index',
    'get_message_success_readOnly',
    'get_message_out_of_gas_for_base_cost',
    'get_message_out_of_gas',
    'get_message_invalid_predicate_packing',
    'get_message_invalid_warp_message',
    'get_message_invalid_addressed_payload',
  ],
  getVerifiedWarpBlockHash: [
    'get_message_success',
    'get_message_out_of_bounds_non_zero_index',
    'get_message_success_non_zero_index',
    'get_message_failure_non_zero_index',
    'get_message_success_readOnly',
    'get_message_out_of_gas_for_base_cost',
    'get_message_out_of_gas',
    'get_message_invalid_predicate_packing',
    'get_message_invalid_warp_message',
    'get_message_invalid_block_hash_payload',
  ],
}

/**
 * Before Granite a getter's gas is 2, which no EVM code can meet (the least code that returns a word costs more): a
 * contract handing the stand-in exactly the node's gas sees a failure. From Granite (200, 750) the stand-in answers
 * at exactly the node's gas (contracts/WarpMessenger.sol `_answerLean`).
 */
const readOnlyDiffers = (granite: boolean) =>
  granite
    ? undefined
    : "the node's 2 gas is below any EVM code that returns a word, and a call from a contract gets no simulation: a contract giving it exactly the node's gas sees a failure"

const u16 = (n: number) => n.toString(16).padStart(4, '0')
const u32 = (n: number) => n.toString(16).padStart(8, '0')
/** warp.NewUnsignedMessage(networkID, blockchainID, payload.NewAddressedCall(sender, payload)).Bytes(). */
function unsignedMessage(networkID: number, blockchainID: Hex, sender: string, payload: Hex): Hex {
  const p = payload.slice(2)
  const addressedCall = `${u16(0)}${u32(1)}${u32(20)}${sender.slice(2).toLowerCase()}${u32(p.length / 2)}${p}`
  return `0x${u16(0)}${u32(networkID)}${blockchainID.slice(2)}${u32(addressedCall.length / 2)}${addressedCall}`
}
const sha256 = (bytes: Hex): Hex =>
  `0x${createHash('sha256')
    .update(Buffer.from(bytes.slice(2), 'hex'))
    .digest('hex')}`

export function warpTests(granite: boolean, blockchainID: Hex, networkID: number): WarpCase[] {
  const gas = gasConfig(granite)
  const base = { caller: callerAddr, precompile: WARP, before: [] }
  const getBlockchainID = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getBlockchainID' })
  // agoUtils.RandomBytes(100) in Go: any 100 bytes.
  const payload = `0x${Array.from({ length: 100 }, (_, i) => ((i * 37 + 11) % 256).toString(16).padStart(2, '0')).join('')}` as Hex
  const send = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: [payload] })
  const sendCost = gas.SendWarpMessageCost((send.length - 10) / 2)
  const message = unsignedMessage(networkID, blockchainID, callerAddr, payload)
  const messageID = sha256(message)
  const zero = word(0n)
  const getters = [
    {
      functionName: 'getVerifiedWarpMessage' as const,
      none: encodeFunctionResult({
        abi: warpMessengerAbi,
        functionName: 'getVerifiedWarpMessage',
        result: [{ sourceChainID: zero, originSenderAddress: '0x0000000000000000000000000000000000000000', payload: '0x' }, false],
      }),
      badBytesName: 'get_message_index_invalid_input_bytes',
    },
    {
      functionName: 'getVerifiedWarpBlockHash' as const,
      none: encodeFunctionResult({
        abi: warpMessengerAbi,
        functionName: 'getVerifiedWarpBlockHash',
        result: [{ sourceChainID: zero, blockHash: zero }, false],
      }),
      badBytesName: 'get_message_invalid_index_input_bytes',
    },
  ]
  return [
    // getBlockchainIDTests
    {
      ...base,
      name: 'getBlockchainID_success',
      input: getBlockchainID,
      suppliedGas: gas.GetBlockchainID,
      res: blockchainID,
      dearer: !granite,
    },
    {
      ...base,
      name: 'getBlockchainID_readOnly',
      input: getBlockchainID,
      suppliedGas: gas.GetBlockchainID,
      readOnly: true,
      res: blockchainID,
      differs: readOnlyDiffers(granite),
    },
    { ...base, name: 'getBlockchainID_insufficient_gas', input: getBlockchainID, suppliedGas: gas.GetBlockchainID - 1, err: 'out of gas' },
    // sendWarpMessageTests
    { ...base, name: 'send_warp_message_readOnly', input: send, suppliedGas: sendCost, readOnly: true, err: 'write protection' },
    {
      ...base,
      name: 'send_warp_message_insufficient_gas_for_first_step',
      input: send,
      suppliedGas: gas.SendWarpMessageBase - 1,
      err: 'out of gas',
    },
    { ...base, name: 'send_warp_message_insufficient_gas_for_payload_bytes', input: send, suppliedGas: sendCost - 1, err: 'out of gas' },
    {
      ...base,
      name: 'send_warp_message_invalid_input',
      input: send.slice(0, 10) as Hex,
      suppliedGas: gas.SendWarpMessageBase,
      err: 'invalid sendWarpMessage input: abi: attempting to unmarshal an empty string while arguments are expected',
    },
    {
      ...base,
      name: 'send_warp_message_success',
      input: send,
      suppliedGas: sendCost,
      res: messageID,
      logs: [
        {
          address: WARP,
          topics: [toEventSelector('SendWarpMessage(address,bytes32,bytes)'), word(BigInt(callerAddr)), messageID],
          data: encodeAbiParameters([{ type: 'bytes' }], [message]),
        },
      ],
    },
    // getVerifiedWarpMessageTests, getVerifiedWarpBlockHashTests (their cases without predicates)
    ...getters.flatMap(({ functionName, none, badBytesName }): WarpCase[] => {
      const selector = encodeFunctionData({ abi: warpMessengerAbi, functionName, args: [0] }).slice(0, 10) as Hex
      const at = (index: number) => encodeFunctionData({ abi: warpMessengerAbi, functionName, args: [index] })
      const invalid = (name: string, input: Hex, problem: string): WarpCase => ({
        ...base,
        name: `${functionName} ${name}`,
        input,
        suppliedGas: gas.GetVerifiedWarpMessageBase,
        err: `invalid index to specify warp message: ${problem}`,
      })
      const full = at(1)
      return [
        {
          ...base,
          name: `${functionName} get_non_existent_message`,
          input: at(0),
          suppliedGas: gas.GetVerifiedWarpMessageBase,
          res: none,
          dearer: !granite,
        },
        {
          ...base,
          name: `${functionName} get_non_existent_message_readOnly`,
          input: at(0),
          suppliedGas: gas.GetVerifiedWarpMessageBase,
          readOnly: true,
          res: none,
          differs: readOnlyDiffers(granite),
        },
        // big.Int(MaxInt64).Bytes(): 8 bytes after the selector.
        invalid(
          'get_message_index_invalid_uint32',
          concat([selector, '0x7fffffffffffffff']),
          'abi: cannot marshal in to go type: length insufficient 8 require 32',
        ),
        invalid('get_message_index_invalid_int32', at(2 ** 31), 'larger than MaxInt32'),
        invalid(
          badBytesName,
          full.slice(0, full.length - 4) as Hex,
          'abi: cannot marshal in to go type: length insufficient 30 require 32',
        ),
      ]
    }),
  ]
}
