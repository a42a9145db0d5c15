/**
 * Inferred types of subnet-rpc/viem/warp: the decorator's and the standalone actions' parameters and results,
 * derived from the one Warp table, and deliverWarpMessage's hash.
 */
import { createPublicClient, createWalletClient, type Hash, http } from 'viem'
import { describe, expectTypeOf, it } from 'vitest'
import {
  deliverWarpMessage,
  type GetWarpMessageAggregateSignatureParameters,
  type GetWarpMessageReturnType,
  getWarpBlockSignature,
  warpActions,
} from '../../src/viem/warp/index.js'
import type { SignedWarpMessage, UnsignedWarpMessage } from '../../src/warp.js'

const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/a/rpc') }).extend(warpActions)

describe('subnet-rpc/viem/warp types', () => {
  it('the decorator’s reads: IDs as strings, results decoded', () => {
    expectTypeOf(source.getWarpMessage).parameter(0).toEqualTypeOf<{ messageID: string }>()
    expectTypeOf(source.getWarpMessage).returns.resolves.toEqualTypeOf<UnsignedWarpMessage>()
    expectTypeOf<GetWarpMessageReturnType>().toEqualTypeOf<UnsignedWarpMessage>()
    expectTypeOf(source.getWarpMessageSignature).returns.resolves.toEqualTypeOf<`0x${string}`>()
    expectTypeOf(source.getWarpBlockAggregateSignature).returns.resolves.toEqualTypeOf<SignedWarpMessage>()
    expectTypeOf<GetWarpMessageAggregateSignatureParameters['quorumNum']>().toEqualTypeOf<number | bigint | undefined>()
    expectTypeOf(getWarpBlockSignature).parameter(1).toEqualTypeOf<{ blockID: string }>()
  })

  it('deliverWarpMessage resolves with the destination transaction’s hash', () => {
    const wallet = createWalletClient({ transport: http('http://127.0.0.1:9650/ext/bc/b/rpc') })
    expectTypeOf(deliverWarpMessage(wallet, { source, hash: '0x00', to: '0x00' })).resolves.toEqualTypeOf<Hash>()
  })
})
