/**
 * Decoders of the ProposerVM API replies (`vms/proposervm/service.go`): `api.GetHeightResponse`
 * and `GetEpochResponse`, every field an `avajson.Uint64` (`utils/json/uint64.go`: written as a
 * quoted decimal, read bare too).
 */
import type { ProposerVMEpoch } from '../types/proposervm.js'
import { field, object, unsigned, type Decoder } from '../decode/kit.js'

/** `{ "height": "56" }` → `56n`. */
export const decodeProposedHeight: Decoder<bigint> = field('height', unsigned)

/** `{ "number": "56", "startTime": "1755802182", "pChainHeight": "21857141" }`, each as bigint. */
export const decodeEpoch: Decoder<ProposerVMEpoch> = object({ number: unsigned, startTime: unsigned, pChainHeight: unsigned })
