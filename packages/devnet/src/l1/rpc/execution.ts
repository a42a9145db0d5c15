/**
 * A failed execution in a simulation (`eth_call`, `eth_estimateGas`) answered as a node does, where anvil
 * answers with revm's names (`-32603 "EVM error OutOfGas"`). internal/ethapi/api.go `Call` and
 * `DoEstimateGas`: a revert with data is errors.go `newRevertError` (code 3, the data, and `execution
 * reverted: <reason>` where accounts/abi `UnpackRevert` reads a reason); any other failure is the EVM's
 * error, code -32000 with its text (libevm core/vm/errors.go), an empty revert included; and
 * eth/gasestimator `Estimate` answers `gas required exceeds allowance (N)` when the call runs out of gas at
 * its highest limit.
 */
import type { AnvilClient } from '../anvilClient.js'
import { type CallOutcome, type ChainCall, nodeErrorOutcome } from './envelope.js'
import type { L1 } from '../context.js'

/** revm's halt reasons whose libevm error has a fixed text. */
const haltTexts: Record<string, string> = {
  OutOfGas: 'out of gas',
  MemoryOOG: 'out of gas',
  MemoryLimitOOG: 'out of gas',
  PrecompileOOG: 'out of gas',
  InvalidOperandOOG: 'out of gas',
  ReentrancySentryOOG: 'out of gas',
  InvalidFEOpcode: 'invalid opcode: INVALID',
  InvalidJump: 'invalid jump destination',
  StateChangeDuringStaticCall: 'write protection',
  CallNotAllowedInsideStatic: 'write protection',
  OutOfOffset: 'return data out of bounds',
  CreateCollision: 'contract address collision',
  NonceOverflow: 'nonce uint64 overflow',
  CreateContractSizeLimit: 'max code size exceeded',
  CreateContractStartingWithEF: 'invalid code: must not begin with 0xef',
  CreateInitCodeSizeLimit: 'max initcode size exceeded',
  CallTooDeep: 'max call depth exceeded',
  // Only an operation that pushes one more than it pops overflows, at 1024 items, over its maxStack of
  // StackLimit + pops - pushes (core/vm/stack_table.go, interpreter.go `ErrStackOverflow`).
  StackOverflow: 'stack limit reached 1024 (1023)',
}

/** Each operation's pops and pushes (core/vm/jump_table.go's minStack and maxStack), by the name a trace gives it. */
const stackEffects = new Map<string, [pops: number, pushes: number]>()
const effect = (names: string, pops: number, pushes: number) => {
  for (const name of names.split(' ')) stackEffects.set(name, [pops, pushes])
}
effect('STOP JUMPDEST INVALID', 0, 0)
effect('ADD MUL SUB DIV SDIV MOD SMOD EXP SIGNEXTEND LT GT SLT SGT EQ AND OR XOR BYTE SHL SHR SAR KECCAK256', 2, 1)
effect('ADDMOD MULMOD', 3, 1)
effect('ISZERO NOT BALANCE CALLDATALOAD EXTCODESIZE EXTCODEHASH BLOCKHASH BLOBHASH MLOAD SLOAD TLOAD', 1, 1)
effect(
  'ADDRESS ORIGIN CALLER CALLVALUE CALLDATASIZE CODESIZE GASPRICE RETURNDATASIZE COINBASE TIMESTAMP NUMBER DIFFICULTY PREVRANDAO GASLIMIT CHAINID SELFBALANCE BASEFEE BLOBBASEFEE PC MSIZE GAS PUSH0',
  0,
  1,
)
effect('CALLDATACOPY CODECOPY RETURNDATACOPY MCOPY', 3, 0)
effect('EXTCODECOPY', 4, 0)
effect('POP JUMP SELFDESTRUCT', 1, 0)
effect('MSTORE MSTORE8 SSTORE JUMPI TSTORE RETURN REVERT', 2, 0)
effect('CREATE', 3, 1)
effect('CREATE2', 4, 1)
effect('CALL CALLCODE', 7, 1)
effect('DELEGATECALL STATICCALL', 6, 1)
for (let n = 1; n <= 32; n++) effect(`PUSH${n}`, 0, 1)
for (let n = 1; n <= 16; n++) {
  effect(`DUP${n}`, n, n + 1)
  effect(`SWAP${n}`, n + 1, n + 1)
}
for (let n = 0; n <= 4; n++) effect(`LOG${n}`, n + 2, 0)

/** accounts/abi.go `panicReasons`. */
const panicReasons: Record<string, string> = {
  '0': 'generic panic',
  '1': 'assert(false)',
  '17': 'arithmetic underflow or overflow',
  '18': 'division or modulo by zero',
  '33': 'enum overflow',
  '34': 'invalid encoded storage byte array accessed',
  '49': 'out-of-bounds array access; popping on an empty array',
  '50': 'out-of-bounds access of an array or bytesN',
  '65': 'out of memory',
  '81': 'uninitialized function',
}

const word = (data: string, index: number) => BigInt(`0x${data.slice(index * 2, index * 2 + 64)}`)

/** accounts/abi `UnpackRevert`: the reason of `Error(string)` or `Panic(uint256)` revert data, else undefined. */
export function unpackRevert(hex: string): string | undefined {
  const data = hex.startsWith('0x') ? hex.slice(2).toLowerCase() : hex.toLowerCase()
  const selector = data.slice(0, 8)
  const args = data.slice(8)
  const size = args.length / 2
  // toGoType: the first word must be there.
  if (data.length < 8 || size < 32) return undefined
  if (selector === '4e487b71') {
    const code = word(args, 0)
    return panicReasons[code.toString()] ?? `unknown panic code: 0x${code.toString(16)}`
  }
  if (selector !== '08c379a0') return undefined
  // lengthPrefixPointsTo: the offset word, then the length word, both inside the data.
  const offsetEnd = word(args, 0) + 32n
  if (offsetEnd > BigInt(size)) return undefined
  const length = word(args, Number(offsetEnd) - 32)
  if (offsetEnd + length > BigInt(size)) return undefined
  const start = Number(offsetEnd)
  const bytes = Buffer.from(args.slice(start * 2, (start + Number(length)) * 2), 'hex')
  return new TextDecoder().decode(bytes)
}

/** `newRevertError(data)`: code 3, `execution reverted[: reason]`, the data. */
export function revertOutcome(data: string): CallOutcome {
  const reason = unpackRevert(data)
  return {
    error: { code: 3, message: reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`, data: JSON.stringify(data) },
  }
}

type AnvilError = { code: number; message: string; data?: unknown }
type Step = { pc: number; op: string; depth: number }

/**
 * The `execution` stage of `eth_call` and `eth_estimateGas` (./methods.ts): anvil's answer for a failed
 * execution as the node's.
 */
export function nodeExecutionError(outcome: CallOutcome, args: unknown[], l1: L1, call: ChainCall): CallOutcome | Promise<CallOutcome> {
  return 'rawError' in outcome ? executionError(outcome, args, l1, call) : outcome
}

async function executionError(outcome: { rawError: string }, args: unknown[], l1: L1, call: ChainCall): Promise<CallOutcome> {
  let error: AnvilError
  try {
    error = JSON.parse(outcome.rawError) as AnvilError
  } catch {
    return outcome
  }
  if (error.code === 3 && typeof error.data === 'string')
    return error.data === '0x' ? nodeErrorOutcome('execution reverted') : revertOutcome(error.data)
  const allowance = /^Out of gas: gas required exceeds allowance: (\d+)$/.exec(error.message)
  if (error.code === -32003 && allowance) return nodeErrorOutcome(`gas required exceeds allowance (${allowance[1]})`)
  const halt = /^EVM error (\w+)$/.exec(error.message)?.[1]
  if (error.code !== -32603 || halt === undefined) return outcome
  if (haltTexts[halt]) return nodeErrorOutcome(haltTexts[halt])
  if (halt !== 'StackUnderflow' && halt !== 'OpcodeNotFound') return outcome
  const text = await failedStep(l1.anvil, call.method, args, halt)
  return text === undefined ? outcome : nodeErrorOutcome(text)
}

/**
 * The texts that name the failing operation (`stack underflow (len <=> required)`, `invalid opcode: opcode
 * 0x.. not defined`), from a trace of the same simulation: the top frame's last step, and the stack length
 * its earlier steps leave.
 */
async function failedStep(anvil: AnvilClient, method: string, args: unknown[], halt: string): Promise<string | undefined> {
  const [tx, block, overrides, blockOverrides] = args as [Record<string, unknown>, unknown, Record<string, { code?: string }>?, unknown?]
  const at =
    typeof block === 'string' && !/^(?:pending|accepted|finalized|safe)$/.test(block)
      ? block
      : block && typeof block === 'object'
        ? block
        : 'latest'
  const options: Record<string, unknown> = { disableStack: true, disableMemory: true, disableStorage: true }
  if (overrides) options.stateOverrides = overrides
  if (method === 'eth_call' && blockOverrides) options.blockOverrides = blockOverrides
  const reply = await anvil.raw<{ structLogs?: Step[] }>('debug_traceCall', [tx, at, options])
  const steps = (reply.result?.structLogs ?? []).filter((s) => s.depth === 1)
  const last = steps.at(-1)
  if (!last) return undefined
  if (halt === 'OpcodeNotFound') {
    const to = typeof tx.to === 'string' ? tx.to.toLowerCase() : undefined
    const override = to && Object.entries(overrides ?? {}).find(([a]) => a.toLowerCase() === to)?.[1].code
    const code = to ? (override ?? (await anvil.request<string>('eth_getCode', [to, at]))) : String(tx.input ?? tx.data ?? '0x')
    const op = Number.parseInt(code.slice(2 + last.pc * 2, 4 + last.pc * 2), 16)
    return Number.isNaN(op) ? undefined : `invalid opcode: opcode 0x${op.toString(16)} not defined`
  }
  let depth = 0
  for (const step of steps.slice(0, -1)) {
    const [pops, pushes] = stackEffects.get(step.op) ?? [0, 0]
    depth += pushes - pops
  }
  const required = stackEffects.get(last.op)?.[0]
  return required === undefined ? undefined : `stack underflow (${depth} <=> ${required})`
}
