/**
 * `parsePositionalArguments` of the geth-style server and the Go decoders of the
 * arguments the Subnet-EVM methods take (`*uint64`, `*rpc.BlockNumberOrHash`), with
 * their exact -32602 texts (`graft/evm/rpc/json.go` `parsePositionalArguments`, `types.go`
 * `BlockNumberOrHash.UnmarshalJSON`), and those of the forwarded methods' arguments
 * (libevm `common/hexutil/json.go`, internal/ethapi `TransactionArgs`).
 */
import { findMember, goJsonTypeName, scanFirstValue } from '../../wire/goScanner.js'
import { RpcError } from './envelope.js'

const invalidParams = (message: string) => new RpcError(-32602, message)

/** A decoder for one pointer argument: returns the value, or throws an Error whose text follows `invalid argument i: `. */
export type ArgDecoder<T> = (raw: string) => T

/**
 * encoding/json's `UnmarshalTypeError`: its text names the Go type, and inside a struct also the
 * field (`goStruct` adds it, as the decoder's `addErrorContext` does).
 */
export class GoTypeError extends Error {
  constructor(
    readonly value: string,
    readonly type: string,
  ) {
    super(`json: cannot unmarshal ${value} into Go value of type ${type}`)
  }
}

/**
 * Splits `params` into at most `decoders.length` arguments. Go pointer arguments (the default)
 * may be missing or null: undefined. The first `required` arguments are Go values: a missing one
 * is `missing value for required argument i`, and a null one goes to its decoder, as
 * encoding/json hands it to the type's UnmarshalJSON.
 */
export function positionalArgs<T extends unknown[]>(
  params: string | undefined,
  decoders: { [K in keyof T]: ArgDecoder<T[K]> },
  required = 0,
): Partial<T> {
  const given = params === undefined || params === 'null' ? undefined : scanFirstValue(params)
  if (given && (goJsonTypeName(params!) !== 'array' || !given.ok)) throw invalidParams('non-array args')
  const elements = given?.ok ? given.elements : []
  const out: unknown[] = []
  elements.forEach((span, i) => {
    if (i >= decoders.length) throw invalidParams(`too many arguments, want at most ${decoders.length}`)
    const raw = params!.slice(span.start, span.end)
    if (raw === 'null' && i >= required) {
      out.push(undefined)
      return
    }
    try {
      out.push((decoders[i] as ArgDecoder<unknown>)(raw))
    } catch (e) {
      throw invalidParams(`invalid argument ${i}: ${(e as Error).message}`)
    }
  })
  // After the given ones decoded, as parsePositionalArguments finds a missing one only then.
  if (elements.length < required) throw invalidParams(`missing value for required argument ${elements.length}`)
  return out as Partial<T>
}

const maxUint64 = (1n << 64n) - 1n

/** `encoding/json` into `uint64`: only a non-negative integer literal that fits. */
export const uint64Arg: ArgDecoder<bigint> = (raw) => {
  const type = goJsonTypeName(raw)
  if (type !== 'number') throw new Error(`json: cannot unmarshal ${type} into Go value of type uint64`)
  if (!/^(0|[1-9]\d*)$/.test(raw) || BigInt(raw) > maxUint64)
    throw new Error(`json: cannot unmarshal number ${raw} into Go value of type uint64`)
  return BigInt(raw)
}

export type BlockTag = 'earliest' | 'latest' | 'pending' | 'finalized' | 'safe' | 'accepted'
export type BlockNumberOrHash =
  | { tag: BlockTag }
  | { number: bigint }
  | { hash: string; requireCanonical: boolean }
  /** `{}`: decodes, but the backend rejects it. */
  | { empty: true }

const tags = new Set<string>(['earliest', 'latest', 'pending', 'finalized', 'safe', 'accepted'])
const maxInt64 = (1n << 63n) - 1n

/** hexutil.DecodeUint64 with its error texts. */
function decodeHexUint64(input: string): bigint {
  if (input.length === 0) throw new Error('empty hex string')
  if (!(input[0] === '0' && (input[1] === 'x' || input[1] === 'X'))) throw new Error('hex string without 0x prefix')
  const digits = input.slice(2)
  if (digits.length === 0) throw new Error('hex string "0x"')
  if (digits.length > 1 && digits[0] === '0') throw new Error('hex number with leading zero digits')
  // strconv.ParseUint scans left to right and stops at the first problem: a non-hex
  // byte is a syntax error, a 17th hex digit an overflow.
  for (let i = 0; i < digits.length; i++) {
    if (!/[0-9a-fA-F]/.test(digits[i]!)) throw new Error('invalid hex string')
    if (i >= 16) throw new Error('hex number > 64 bits')
  }
  return BigInt(`0x${digits}`)
}

/** common.Hash.UnmarshalText: 0x plus exactly 64 hex digits. */
function decodeHash(input: string): string {
  if (!(input[0] === '0' && (input[1] === 'x' || input[1] === 'X'))) throw new Error('hex string without 0x prefix')
  const digits = input.slice(2)
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new Error('invalid hex string')
  if (digits.length !== 64) throw new Error(`hex string has length ${digits.length}, want 64 for common.Hash`)
  return `0x${digits.toLowerCase()}`
}

/** `encoding/json` into a `bool` argument: a JSON null leaves it false. */
export const boolArg: ArgDecoder<boolean> = (raw) => {
  const type = goJsonTypeName(raw)
  if (type === 'null') return false
  if (type !== 'bool') throw new Error(`json: cannot unmarshal ${type} into Go value of type bool`)
  return raw === 'true'
}

/**
 * A fixed-size hex type as a JSON argument (`Hash` / `Address.UnmarshalJSON`, hexutil
 * `UnmarshalFixedJSON`): a quoted 0x and `digits` hex digits; hexutil's own errors come as
 * encoding/json type errors, the length one as it is.
 */
function fixedHexArg(type: string, digitCount: number): ArgDecoder<string> {
  return (raw) => {
    const typeError = (value: string) => new GoTypeError(value, type)
    if (!(raw.length >= 2 && raw[0] === '"' && raw[raw.length - 1] === '"')) throw typeError('non-string')
    let digits = raw.slice(1, -1)
    // checkText: an empty string passes on to the length check.
    if (digits.length > 0) {
      if (!(digits[0] === '0' && (digits[1] === 'x' || digits[1] === 'X'))) throw typeError('hex string without 0x prefix')
      digits = digits.slice(2)
      if (digits.length % 2 !== 0) throw typeError('hex string of odd length')
    }
    if (digits.length !== digitCount) throw new Error(`hex string has length ${digits.length}, want ${digitCount} for ${type}`)
    if (!/^[0-9a-fA-F]*$/.test(digits)) throw typeError('invalid hex string')
    return `0x${digits.toLowerCase()}`
  }
}

/** `common.Hash` as a JSON argument. */
export const hashArg = fixedHexArg('common.Hash', 64)
/** `common.Address` as a JSON argument. */
export const addressArg = fixedHexArg('common.Address', 40)

/** `encoding/json` into a `string` argument: a JSON null leaves it empty. */
export const stringArg: ArgDecoder<string> = (raw) => {
  const type = goJsonTypeName(raw)
  if (type === 'null') return ''
  if (type !== 'string') throw new Error(`json: cannot unmarshal ${type} into Go value of type string`)
  return JSON.parse(raw) as string
}

/** rpc.BlockNumber.UnmarshalJSON (used inside the object form and by the filter criteria). */
export function decodeBlockNumber(raw: string): { tag: BlockTag } | { number: bigint } {
  let input = raw.trim()
  if (input.length >= 2 && input[0] === '"' && input[input.length - 1] === '"') input = input.slice(1, -1)
  if (tags.has(input)) return { tag: input as BlockTag }
  const n = decodeHexUint64(input)
  if (n > maxInt64) throw new Error('block number larger than int64')
  return { number: n }
}

/** rpc.BlockNumberOrHash.UnmarshalJSON: the object form first, then the string form. */
export const blockNumberOrHashArg: ArgDecoder<BlockNumberOrHash> = (raw) => {
  const type = goJsonTypeName(raw)
  // The object form of a JSON null: neither number nor hash (the backend then refuses it).
  if (type === 'null') return { empty: true }
  if (type === 'object') {
    const objectResult = decodeObjectForm(raw)
    if (!(objectResult instanceof Error)) return objectResult
    // The struct decode failed; the string decode of an object fails with this text.
    throw new Error('json: cannot unmarshal object into Go value of type string')
  }
  if (type !== 'string') throw new Error(`json: cannot unmarshal ${type} into Go value of type string`)
  const input = JSON.parse(raw) as string
  if (tags.has(input)) return { tag: input as BlockTag }
  // Go's len() counts UTF-8 bytes.
  if (Buffer.byteLength(input, 'utf8') === 66) return { hash: decodeHash(input), requireCanonical: false }
  const n = decodeHexUint64(input)
  if (n > maxInt64) throw new Error('blocknumber too high')
  return { number: n }
}

function decodeObjectForm(raw: string): BlockNumberOrHash | Error {
  const scan = scanFirstValue(raw)
  if (!scan.ok) return new Error(scan.message)
  const get = (name: string) => {
    const m = findMember(scan.members, name)
    return m ? raw.slice(m.value.start, m.value.end) : undefined
  }
  let number: { tag: BlockTag } | { number: bigint } | undefined
  let hash: string | undefined
  let requireCanonical = false
  try {
    const bn = get('blockNumber')
    if (bn !== undefined && bn !== 'null') number = decodeBlockNumber(bn)
    const bh = get('blockHash')
    if (bh !== undefined && bh !== 'null') {
      if (goJsonTypeName(bh) !== 'string') return new Error('type')
      hash = decodeHash(JSON.parse(bh) as string)
    }
    const rc = get('requireCanonical')
    if (rc !== undefined && rc !== 'null') {
      if (goJsonTypeName(rc) !== 'bool') return new Error('type')
      requireCanonical = rc === 'true'
    }
  } catch (e) {
    return e as Error
  }
  if (number && hash !== undefined) throw new Error('cannot specify both BlockHash and BlockNumber, choose one or the other')
  if (hash !== undefined) return { hash, requireCanonical }
  if (number) return number
  return { empty: true }
}

// ---------------------------------------------------------------------------------------------
// hexutil's JSON types (libevm common/hexutil/json.go) and Go structs of them

/** One of hexutil's decode errors, which its `UnmarshalJSON` turns into a `GoTypeError` (`wrapTypeError`). */
class HexutilError extends Error {}

const has0x = (text: string) => text[0] === '0' && (text[1] === 'x' || text[1] === 'X')
/** Go's len(): UTF-8 bytes. */
const byteLength = (text: string) => Buffer.byteLength(text, 'utf8')

/**
 * A hexutil JSON type: a JSON string whose text (between the quotes, escapes and all, as Go
 * reads `input[1:len(input)-1]`) the type's `UnmarshalText` decodes; anything else is `non-string`.
 */
function hexutilJson<T>(type: string, text: (text: string) => T): ArgDecoder<T> {
  return (raw) => {
    if (!(raw.length >= 2 && raw[0] === '"' && raw[raw.length - 1] === '"')) throw new GoTypeError('non-string', type)
    try {
      return text(raw.slice(1, -1))
    } catch (e) {
      if (e instanceof HexutilError) throw new GoTypeError(e.message, type)
      throw e
    }
  }
}

/** `checkNumberText`, then the length limit, then the digits (`Big` / `Uint64.UnmarshalText`); "" is 0. */
const numberText =
  (maxDigits: number, tooLong: string) =>
  (text: string): bigint => {
    if (text.length === 0) return 0n
    if (!has0x(text)) throw new HexutilError('hex string without 0x prefix')
    const digits = text.slice(2)
    if (digits.length === 0) throw new HexutilError('hex string "0x"')
    if (digits.length > 1 && digits[0] === '0') throw new HexutilError('hex number with leading zero digits')
    if (byteLength(digits) > maxDigits) throw new HexutilError(tooLong)
    if (!/^[0-9a-fA-F]+$/.test(digits)) throw new HexutilError('invalid hex string')
    return BigInt(`0x${digits}`)
  }

/** `*hexutil.Big`: at most 256 bits. */
export const bigJson = hexutilJson('*hexutil.Big', numberText(64, 'hex number > 256 bits'))
/** `hexutil.Uint64`. */
export const uint64Json = hexutilJson('hexutil.Uint64', numberText(16, 'hex number > 64 bits'))
/** `hexutil.Uint` (a Go `uint`: 64 bits on the node's platforms, `ErrUintRange`'s text then the same). */
export const uintJson = hexutilJson('hexutil.Uint', numberText(16, 'hex number > 64 bits'))
/** `hexutil.Bytes` (`checkText` with the prefix required, then `hex.Decode`); "" is no bytes. */
export const bytesJson = hexutilJson('hexutil.Bytes', (text): string => {
  if (text.length === 0) return '0x'
  if (!has0x(text)) throw new HexutilError('hex string without 0x prefix')
  const digits = text.slice(2)
  if (byteLength(digits) % 2 !== 0) throw new HexutilError('hex string of odd length')
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new HexutilError('invalid hex string')
  return `0x${digits.toLowerCase()}`
})
/** `rpc.BlockNumber` as an argument (its `UnmarshalJSON`, which a JSON null reaches too). */
export const blockNumberArg: ArgDecoder<{ tag: BlockTag } | { number: bigint }> = decodeBlockNumber

/**
 * A Go struct argument whose fields are pointers to types with their own `UnmarshalJSON`, as
 * encoding/json decodes it: a JSON null is the zero struct, anything but an object a type error
 * naming `type`; members in order, each matched to a field by its JSON name exactly, else
 * case-insensitively, others ignored; a null member leaves its field nil; the first field error
 * ends the decode, a type error with the struct and field named (`addErrorContext`). Fields not
 * listed are not checked.
 */
export function goStruct(type: string, fields: Record<string, ArgDecoder<unknown>>): ArgDecoder<Record<string, unknown>> {
  const struct = type.slice(type.lastIndexOf('.') + 1)
  const names = Object.keys(fields)
  return (raw) => {
    const kind = goJsonTypeName(raw)
    if (kind === 'null') return {}
    if (kind !== 'object') throw new GoTypeError(kind, type)
    const scan = scanFirstValue(raw)
    if (!scan.ok) throw new Error(scan.message)
    const out: Record<string, unknown> = {}
    for (const member of scan.members) {
      const name = names.find((n) => n === member.key) ?? names.find((n) => n.toLowerCase() === member.key.toLowerCase())
      if (name === undefined) continue
      const value = raw.slice(member.value.start, member.value.end)
      if (value === 'null') {
        out[name] = undefined
        continue
      }
      try {
        out[name] = fields[name]!(value)
      } catch (e) {
        if (e instanceof GoTypeError)
          throw new Error(`json: cannot unmarshal ${e.value} into Go struct field ${struct}.${name} of type ${e.type}`)
        throw e
      }
    }
    return out
  }
}
