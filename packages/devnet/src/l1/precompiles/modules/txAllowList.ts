/** The Tx Allow List (precompile/contracts/txallowlist/module.go): an allow list; the pool refuses senders without a role (../../pool/txpool.ts). */
import { precompileAddresses } from 'subnet-rpc'
import type { Module } from './module.js'

export const txAllowList = {
  configKey: 'txAllowListConfig',
  address: precompileAddresses.txAllowListConfig.toLowerCase(),
  contract: 'TxAllowList',
  allowList: true,
} as const satisfies Module
