/**
 * The L1 endpoint's method table (packages/devnet/src/l1/rpc/methods.ts): each row's stages are coherent, so that
 * no rule sits where the pipeline never reaches it (the drift issue 22 found: `eth_feeHistory`,
 * `eth_gasPrice` and `eth_maxPriorityFeePerGas` in sets of forwarded methods while they are answered
 * locally), and the methods without a row get the rules by name. No devnet needed.
 */
import { describe, expect, it } from 'vitest'
import { type MethodRow, rowOf } from '../../packages/devnet/src/l1/rpc/methods.js'

/** The stages that only a forwarded call reaches. */
const forwardOnly: (keyof MethodRow)[] = ['args', 'refuse', 'tags', 'admit', 'atParent', 'shape', 'reply']

const localMethods = [
  'eth_feeConfig',
  'eth_getChainConfig',
  'eth_getActiveRulesAt',
  'eth_getActivePrecompilesAt',
  'eth_feeHistory',
  'eth_baseFee',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getHeaderByNumber',
  'eth_getHeaderByHash',
  'rpc_modules',
  'warp_getMessage',
  'warp_getMessageSignature',
  'warp_getBlockSignature',
  'devnet_setFeeConfig',
]

describe('the method table', () => {
  it('answers the Subnet-EVM extras, fee answers, block shapes, warp and devnet controls locally, with no forwarding stage', () => {
    for (const method of localMethods) {
      const row = rowOf(method)
      expect(row.local, method).toBeTypeOf('function')
      for (const stage of forwardOnly) expect(row[stage], `${method}.${stage}`).toBeUndefined()
    }
  })

  it('admits only calls that may change state: a read is never admitted', () => {
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_fillTransaction', 'evm_mine', 'anvil_mine']) {
      expect(rowOf(method).admit, method).toBeTypeOf('function')
      expect(rowOf(method).reads, method).toBeUndefined()
    }
  })

  it('views state reads at the parent block, with pending as latest where a node reads its last accepted block', () => {
    for (const method of ['eth_getBalance', 'eth_getCode', 'eth_getStorageAt', 'eth_call', 'eth_estimateGas']) {
      expect(rowOf(method).atParent, method).toBeTypeOf('function')
      expect(['pending', 'simulation'], method).toContain(rowOf(method).tags)
    }
    // A node's pending nonce counts its pool.
    expect(rowOf('eth_getTransactionCount').tags).toBe('accepted')
    expect(rowOf('eth_getTransactionCount').atParent).toBeTypeOf('function')
  })

  it('gives methods without a row the rules by name', () => {
    expect(rowOf('eth_getAccount')).toMatchObject({ tags: 'accepted', reads: 'state' })
    expect(rowOf('eth_getFilterSomething').reads).toBeUndefined()
    expect(rowOf('debug_traceBlockByNumber')).toMatchObject({ tags: 'accepted' })
    expect(rowOf('debug_traceBlockByNumber').reads).toBeUndefined()
    expect(rowOf('anvil_setBalance')).toEqual({})
    // anvil's account read, which a node lacks, is answered locally (refused), never forwarded.
    expect(rowOf('eth_getAccountInfo').local).toBeTypeOf('function')
    expect(rowOf('foo_subscribe').local).toBeTypeOf('function')
    expect(rowOf('foo_unsubscribe').local).toBeTypeOf('function')
    // Not an own property: a method named after Object.prototype is forwarded as any other.
    expect(rowOf('constructor')).toEqual({})
  })
})
