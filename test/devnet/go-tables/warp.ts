/**
 * precompile/contracts/warp/contract_test.go: `getBlockchainIDTests`, `sendWarpMessageTests`,
 * `getVerifiedWarpMessageTests` and `getVerifiedWarpBlockHashTests`, case by case (same names, same order), for one
 * fork's gas (`CurrentGasConfig`; the Go suite runs them for Fortuna and Latest, pre-Granite and Granite gas here).
 * Cases with `Predicates` (`predicateTests`) run as `eth_call`s whose access list carries them: a node runs a call
 * with no predicate results, as the Go cases' mocked `GetPredicateResults` (no failures) has it; the cases whose
 * results flag a predicate, and those the node refuses before they run, are noted where they are built. The callers
 * are Go's 0x0123; the IDs are the devnet's (Go's test snow context).
 */
import { createHash } from 'node:crypto'
import { concat, encodeAbiParameters, encodeFunctionData, encodeFunctionResult, type Hex, toEventSelector, toHex } from 'viem'
import { warpMessengerAbi } from '../../../src/core/precompiles/abis.js'
import { encodeSignedWarpMessage, encodeWarpPayload, packPredicate, warpPredicateGas, warpPredicateGasConfig } from '../../../src/warp.js'
import type { Case } from './harness.js'
import { intrinsicGas, word } from './harness.js'

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

/**
 * Before Granite a getter's gas is 2, which no EVM code can meet (the least code that returns a word costs more): a
 * contract handing the stand-in exactly the node's gas sees a failure. From Granite (200, 750) the stand-in answers
 * at exactly the node's gas (packages/devnet/contracts/standins/WarpMessenger.sol `_answerLean`).
 */
const readOnlyDiffers = (granite: boolean) =>
  granite
    ? undefined
    : "the node's 2 gas is below any EVM code that returns a word, and a call from a contract gets no simulation: a contract giving it exactly the node's gas sees a failure"

/** With a predicate staged for the block, the stand-in's own code (the staging's lookup) costs more than the node's gas. */
const stagedDiffers =
  "the stand-in's lookup of the staged predicate costs more than the node's gas (about 1,300), and a call from a contract gets no simulation: a contract giving it exactly the node's gas sees a failure"

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

// ---- the cases with predicates (getVerifiedWarpMessageTests, getVerifiedWarpBlockHashTests) ----

/** Go's `ids.GenerateTestID()`s: any 32 bytes. */
const testSourceChainID = `0x${'5c'.repeat(32)}` as Hex
const testBlockHash = `0x${'b1'.repeat(32)}` as Hex
/** The Go tables' message network (54321); a call does not verify predicates, so it need not be the devnet's. */
const testNetworkID = 54321

/** The Go cases with predicates, for one getter and one fork, as a node answers them over JSON-RPC. */
export function predicateTests(granite: boolean): WarpCase[] {
  const gas = gasConfig(granite)
  const perChunk = granite ? 512 : 3_200
  const cost = (chunks: number) => gas.GetVerifiedWarpMessageBase + perChunk * chunks
  const base = { caller: callerAddr, precompile: WARP, before: [], mined: false }
  const predicateGasConfig = warpPredicateGasConfig(granite)
  const access = (...predicates: Hex[][]) => {
    const accessList = predicates.map((storageKeys) => ({ address: WARP, storageKeys }))
    let accessListGas = 0
    try {
      for (const p of predicates) accessListGas += Number(warpPredicateGas(p, predicateGasConfig))
    } catch {
      accessListGas = 0
    }
    return { accessList, accessListGas }
  }
  const signed = (payload: Hex) =>
    packPredicate(
      encodeSignedWarpMessage({
        networkID: testNetworkID,
        sourceChainID: testSourceChainID,
        payload,
        signature: { signers: '0x', signature: `0x${'00'.repeat(96)}` },
      }),
    )
  const sourceAddress = '0x0000000000000000000000000000000000456789'
  const packaged = toHex('mcsorley')
  const getters = [
    {
      functionName: 'getVerifiedWarpMessage' as const,
      predicate: signed(encodeWarpPayload({ type: 'addressedCall', sourceAddress, payload: packaged })),
      res: encodeFunctionResult({
        abi: warpMessengerAbi,
        functionName: 'getVerifiedWarpMessage',
        result: [{ sourceChainID: testSourceChainID, originSenderAddress: sourceAddress, payload: packaged }, true],
      }),
      none: encodeFunctionResult({
        abi: warpMessengerAbi,
        functionName: 'getVerifiedWarpMessage',
        result: [{ sourceChainID: word(0n), originSenderAddress: '0x0000000000000000000000000000000000000000', payload: '0x' }, false],
      }),
      invalidPayloadName: 'get_message_invalid_addressed_payload',
    },
    {
      functionName: 'getVerifiedWarpBlockHash' as const,
      predicate: signed(encodeWarpPayload({ type: 'hash', hash: testBlockHash })),
      res: encodeFunctionResult({
        abi: warpMessengerAbi,
        functionName: 'getVerifiedWarpBlockHash',
        result: [{ sourceChainID: testSourceChainID, blockHash: testBlockHash }, true],
      }),
      none: encodeFunctionResult({
        abi: warpMessengerAbi,
        functionName: 'getVerifiedWarpBlockHash',
        result: [{ sourceChainID: word(0n), blockHash: word(0n) }, false],
      }),
      invalidPayloadName: 'get_message_invalid_block_hash_payload',
    },
  ]
  return getters.flatMap(({ functionName, predicate, res, none, invalidPayloadName }): WarpCase[] => {
    const at = (index: number) => encodeFunctionData({ abi: warpMessengerAbi, functionName, args: [index] })
    const named = (name: string) => `${functionName} ${name}`
    /** A predicate `PredicateGas` refuses: the node's `IntrinsicGas` fails the call before it runs (`DoCall`'s wrapping). */
    const refused = (name: string, keys: Hex[], problem: string): WarpCase => {
      const suppliedGas = cost(keys.length)
      const callGas = intrinsicGas(at(0)) + suppliedGas
      return {
        ...base,
        name: named(name),
        input: at(0),
        suppliedGas,
        ...access(keys),
        refused: true,
        err: `err: ${problem} (supplied gas ${callGas})`,
      }
    }
    // Go's invalid packing is `Predicate{{}}`, one zero chunk; its invalid message `predicate.New([]byte{1, 2, 3})`;
    // its invalid payload a message whose payload is [1, 2, 3].
    const zeroChunk = [word(0n)]
    return [
      { ...base, name: named('get_message_success'), input: at(0), suppliedGas: cost(predicate.length), ...access(predicate), res },
      {
        ...base,
        name: named('get_message_out_of_bounds_non_zero_index'),
        input: at(1),
        suppliedGas: gas.GetVerifiedWarpMessageBase,
        ...access(predicate),
        res: none,
      },
      // Go's `Predicates: {{}, message}` with result bit 0 set: an empty Warp tuple is a predicate `PredicateGas`
      // refuses (no delimiter), so a node answers the call with that; the mined two-L1 cases in
      // ../warp-predicates.test.ts read a valid predicate after a failed one with real signatures.
      refused('get_message_success_non_zero_index', [], 'cannot unpack predicate bytes: no delimiter found: length (0)'),
      refused('get_message_failure_non_zero_index', [], 'cannot unpack predicate bytes: no delimiter found: length (0)'),
      {
        ...base,
        name: named('get_message_success_readOnly'),
        input: at(0),
        suppliedGas: cost(predicate.length),
        ...access(predicate),
        readOnly: true,
        res,
        // Pre-Granite the cost per chunk (3,200) leaves the stand-in room for its own work.
        ...(granite ? { differs: stagedDiffers } : {}),
      },
      {
        ...base,
        name: named('get_message_out_of_gas_for_base_cost'),
        input: at(0),
        suppliedGas: gas.GetVerifiedWarpMessageBase - 1,
        ...access(predicate),
        err: 'out of gas',
      },
      {
        ...base,
        name: named('get_message_out_of_gas'),
        input: at(0),
        suppliedGas: cost(predicate.length) - 1,
        ...access(predicate),
        err: 'out of gas',
      },
      refused('get_message_invalid_predicate_packing', zeroChunk, 'cannot unpack predicate bytes: no delimiter found: length (1)'),
      refused('get_message_invalid_warp_message', packPredicate('0x010203'), 'cannot unpack warp message: unknown codec version'),
      refused(invalidPayloadName, signed('0x010203'), 'cannot unpack warp message payload: unknown codec version'),
    ]
  })
}
