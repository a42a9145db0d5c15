/**
 * Warp (precompile/contracts/warp): no state at its address. Its stand-in reads the L1's IDs from a trailer
 * on its code (packages/devnet/contracts/standins/WarpMessenger.sol `CONTEXT`: the blockchain ID and the network ID), and each mined
 * `SendWarpMessage` log is kept for `warp_getMessage`, as a node's warp backend stores the message when the
 * block is accepted (warp/config.go `Accept`, warp/backend.go `AddMessage`).
 */
import { precompileAddresses } from 'subnet-rpc'
import { precompileEvents } from '../artifacts/contracts.js'
import type { Module } from './module.js'
import { warpCodeTrailer } from '../../warp/codeTrailer.js'

/** The one `bytes` value of ABI-encoded log data (offset, length, bytes). */
function abiBytes(data: string): string {
  const offset = Number.parseInt(data.slice(2, 66), 16) * 2
  const length = Number.parseInt(data.slice(2 + offset, 66 + offset), 16) * 2
  return `0x${data.slice(66 + offset, 66 + offset + length)}`
}

export const warp = {
  configKey: 'warpConfig',
  address: precompileAddresses.warpConfig.toLowerCase(),
  contract: 'WarpMessenger',
  allowList: false,
  codeTrailer: (host) => warpCodeTrailer(host.warp),
  logs: {
    topic: precompileEvents.SendWarpMessage,
    async take(host, logs) {
      for (const log of logs) host.warpMessages.set(log.topics[2]!.toLowerCase(), abiBytes(log.data))
    },
  },
} as const satisfies Module
