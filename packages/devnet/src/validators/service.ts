/**
 * Subnet-EVM's Validators API on the devnet (`/ext/bc/<id>/validators`), answering as
 * avalanchego's graft of Subnet-EVM (v0.8+) does (`graft/subnet-evm/plugin/evm/service.go`
 * `ValidatorsAPI.GetCurrentValidators`): the L1's current validator set, filtered by the
 * requested NodeIDs with unknown ones left out (v0.6.12–v0.7.x failed the call instead),
 * each with this node's view of its connectivity and uptime.
 *
 * The devnet's L1 validators: its own node, and each configured peer that tracks the L1's
 * subnet and has stake (`src/devnet/config/node.ts`). All of them are connected (the node
 * counts itself as connected, as avalanchego's chain router does).
 */
import { sha256 } from '@noble/hashes/sha256'
import { encodeCb58, parseNodeId } from 'subnet-rpc'
import type { NodeConfig } from '../config/node.js'
import { RawJson } from 'subnet-rpc/internal'
import { decodeInfoArgs, fail, sliceField } from '../info/args.js'
import type { ServiceHandler } from '../wire/gorilla.js'

/** One validator of the L1, as the devnet holds it. */
export type DevnetValidator = {
  validationID: string
  nodeID: string
  weight: bigint
  /** Unix seconds. */
  startTimestamp: bigint
  /** Percent of the time since start this node has seen it up, 0–100. */
  observedUptime: number
  isConnected: boolean
}

/** The validation ID the devnet gives `nodeID` on `subnetID` (a node's is the hash of its registration message). */
export function validationIDOf(subnetID: string, nodeID: string): string {
  return encodeCb58(sha256(new TextEncoder().encode(`subnet-rpc/devnet/validation:${subnetID}:${nodeID}`)))
}

/** The devnet's L1 validator set: its own node first, then the configured peers that validate the L1. */
export function l1Validators(node: NodeConfig, subnetID: string, startTime: number): DevnetValidator[] {
  const validationID = (nodeID: string) => validationIDOf(subnetID, nodeID)
  const self: DevnetValidator = {
    validationID: validationID(node.identity.nodeID),
    nodeID: node.identity.nodeID,
    // Above 2^53: the weight is a bare uint64 on the wire, exact only with a lossless parse.
    weight: 2n ** 53n + 1n,
    startTimestamp: BigInt(startTime),
    observedUptime: 100,
    isConnected: true,
  }
  const peers = node.peers
    .filter((p) => p.weight > 0n && p.trackedSubnets.includes(subnetID))
    .map((p, i) => ({
      validationID: validationID(p.nodeID),
      nodeID: p.nodeID,
      weight: 1_000_000n * BigInt(i + 1),
      startTimestamp: BigInt(startTime),
      observedUptime: p.observedUptime,
      isConnected: true,
    }))
  return [self, ...peers]
}

/**
 * Go's encoding/json for a `float32`: the shortest decimal that reads back as the same
 * float32 (`strconv.AppendFloat(f, 'f', -1, 32)`), as a bare number. Values here are 0–100,
 * far from the exponent cut-offs (1e-6, 1e21).
 */
export function float32Json(value: number): RawJson {
  const f = Math.fround(value)
  for (let p = 1; p <= 9; p++) {
    const s = f.toPrecision(p)
    if (Math.fround(Number(s)) === f) return new RawJson(String(Number(s)))
  }
  return new RawJson(String(f))
}

/** The `CurrentValidator` JSON of one validator at `now` (ms), per `GetCurrentValidators`. */
export function currentValidatorJson(v: DevnetValidator, now: number) {
  // The uptime tracker's upDuration and lastUpdated (now): `observedUptime` percent of the time since start.
  const elapsedMs = Math.max(0, now - Number(v.startTimestamp) * 1000)
  const upMs = (elapsedMs * v.observedUptime) / 100
  // bestPossibleUpDuration == 0 → 1 (100%); else upDuration / bestPossibleUpDuration, as float32 × 100.
  const uptime = elapsedMs === 0 ? 1 : upMs / elapsedMs
  const upSeconds = Math.floor(upMs / 1000)
  return {
    validationID: v.validationID,
    nodeID: v.nodeID,
    weight: v.weight,
    startTimestamp: v.startTimestamp,
    isActive: true,
    isL1Validator: true,
    isConnected: v.isConnected,
    uptimePercentage: float32Json(uptime * 100),
    uptimeSeconds: BigInt(upSeconds),
  }
}

/** ids.NodeID.UnmarshalJSON: null is the zero ID; anything but a valid quoted ID fails the params. */
const nodeIdElement = (raw: string) => {
  if (raw === 'null') return 'NodeID-111111111111111111116DBWJs'
  if (raw.charCodeAt(0) !== 34) return fail
  const s = raw.slice(1, -1)
  try {
    parseNodeId(s)
    return s
  } catch {
    return fail
  }
}

/** The `validators` service's methods, over the validator set `validators()` gives. */
export function createValidatorsService(validators: () => DevnetValidator[]): Map<string, ServiceHandler> {
  return new Map<string, ServiceHandler>([
    [
      'getCurrentValidators',
      (params) => {
        const { nodeIDs } = decodeInfoArgs(params, { nodeIDs: sliceField(nodeIdElement) })
        // v0.8+: a set of the requested IDs; validators not in it are skipped, unknown IDs simply match nothing.
        const wanted = new Set(nodeIDs ?? [])
        const now = Date.now()
        const chosen = validators().filter((v) => wanted.size === 0 || wanted.has(v.nodeID))
        return { validators: chosen.map((v) => currentValidatorJson(v, now)) }
      },
    ],
  ])
}
