/** Decoders of Subnet-EVM's Validators API replies (`plugin/evm/client/client.go` `CurrentValidator`). */
import type { CurrentValidator } from '../types/validators.js'
import { array, boolean, field, mismatch, object, string, uint64, type Decoder } from '../decode/kit.js'

/** A Go `float32` as encoding/json writes it: a bare JSON number (`100`, `99.5`, `1e-7`). */
const float32: Decoder<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : mismatch('a number', v))

const decodeValidator: Decoder<CurrentValidator> = object({
  validationID: string,
  nodeID: string,
  // uint64 fields are bare numbers (no json.Uint64 here): exact above 2^53 only with a lossless parse.
  weight: uint64,
  startTimestamp: uint64,
  isActive: boolean,
  isL1Validator: boolean,
  isConnected: boolean,
  uptimePercentage: float32,
  uptimeSeconds: uint64,
})

export const decodeCurrentValidators: Decoder<CurrentValidator[]> = field('validators', array(decodeValidator))
