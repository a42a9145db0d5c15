/**
 * What a node answers differently once the precompiles run (../../../docs/devnet.md):
 *
 * - `eth_getCode` of a running precompile is `0x01` (ApplyPrecompileActivations writes that code);
 * - a precompile's error reached straight from `eth_call` / `eth_estimateGas` is the node's Go
 *   error, code -32000 and its text, no data (eth/gasestimator, internal/ethapi `DoCall`): the
 *   stand-ins revert with that text as `Error(string)` when called by the transaction's origin;
 * - a top-level contract creation simulated by `eth_call` / `eth_estimateGas` from an origin
 *   without a role on a running Contract Deployer Allow List: `tx.origin <origin> is not authorized
 *   to deploy a contract` (params/hooks_libevm.go `CanCreateContract`);
 * - `eth_sendRawTransaction` / `eth_sendTransaction` from a sender without a role on a running Tx
 *   Allow List: `cannot issue transaction from non-allow listed address: <sender>`
 *   (core/txpool/validation.go, plugin/evm/vmerrors). `eth_call` and `eth_estimateGas` skip this
 *   check, as they do on a node (`SkipAccountChecks`).
 */
import { parseJson } from '../../core/json/parse.js'
import type { AnvilClient } from '../chain/anvilClient.js'
import type { CallOutcome, ChainCall } from '../chain/envelope.js'
import { checksumAddress, rawTransactionSender } from './rawTx.js'
import { roleSlot, runtimeCode, type PrecompileRuntime } from './runtime.js'

const nodeError = (message: string): CallOutcome => ({ error: { code: -32000, message } })
const zeroAddress = '0x0000000000000000000000000000000000000000'

function params(call: ChainCall): unknown[] {
  if (call.params === undefined) return []
  try {
    const p = parseJson(call.params)
    return Array.isArray(p) ? p : []
  } catch {
    return []
  }
}

/** The text of an `Error(string)` revert payload. */
export function revertText(data: unknown): string | undefined {
  if (typeof data !== 'string' || !data.startsWith('0x08c379a0') || data.length < 10 + 128) return undefined
  const body = Buffer.from(data.slice(10), 'hex')
  const offset = Number(BigInt(`0x${body.subarray(0, 32).toString('hex')}`))
  const length = Number(BigInt(`0x${body.subarray(offset, offset + 32).toString('hex')}`))
  return body.subarray(offset + 32, offset + 32 + length).toString('utf8')
}

export function precompileHooks(runtime: PrecompileRuntime, anvil: AnvilClient) {
  const roleOf = async (key: 'txAllowListConfig' | 'contractDeployerAllowListConfig', account: string) => {
    const address =
      key === 'txAllowListConfig' ? '0x0200000000000000000000000000000000000002' : '0x0200000000000000000000000000000000000000'
    return BigInt(await anvil.request<string>('eth_getStorageAt', [address, roleSlot(account), 'latest']))
  }
  const enabled = (role: bigint) => role >= 1n && role <= 3n

  return {
    before: () => runtime.sync(),

    /** Runs before a state-changing call is forwarded; an outcome here answers it instead of anvil. */
    async intercept(call: ChainCall): Promise<CallOutcome | undefined> {
      if (!runtime.isRunning('txAllowListConfig')) return undefined
      let sender: string | undefined
      if (call.method === 'eth_sendRawTransaction') {
        const raw = params(call)[0]
        sender = typeof raw === 'string' ? rawTransactionSender(raw) : undefined
      } else if (call.method === 'eth_sendTransaction') {
        const tx = params(call)[0] as { from?: unknown } | undefined
        sender = typeof tx?.from === 'string' && /^0x[0-9a-fA-F]{40}$/.test(tx.from) ? tx.from : undefined
      }
      if (sender === undefined || enabled(await roleOf('txAllowListConfig', sender))) return undefined
      return nodeError(`cannot issue transaction from non-allow listed address: ${checksumAddress(sender)}`)
    },

    /** Rewrites anvil's answer where a node answers otherwise. */
    async adjust(call: ChainCall, outcome: CallOutcome): Promise<CallOutcome> {
      if (call.method === 'eth_getCode') {
        const [address] = params(call)
        if ('result' in outcome && typeof address === 'string') {
          const key = runtime.keyAt(address)
          if (key && outcome.result === `"${runtimeCode(key)}"`) return { result: '"0x01"' }
        }
        return outcome
      }
      if (call.method !== 'eth_call' && call.method !== 'eth_estimateGas') return outcome
      const tx = params(call)[0] as { to?: unknown; from?: unknown } | undefined
      if (typeof tx !== 'object' || tx === null) return outcome
      const from = typeof tx.from === 'string' ? tx.from : zeroAddress
      if ((tx.to === undefined || tx.to === null) && runtime.isRunning('contractDeployerAllowListConfig')) {
        if (!enabled(await roleOf('contractDeployerAllowListConfig', from)))
          return nodeError(`tx.origin ${checksumAddress(from)} is not authorized to deploy a contract`)
        return outcome
      }
      if (typeof tx.to !== 'string' || !runtime.keyAt(tx.to) || !('rawError' in outcome)) return outcome
      let data: unknown
      try {
        data = (parseJson(outcome.rawError) as { data?: unknown }).data
      } catch {
        return outcome
      }
      const text = revertText(data)
      return text === undefined ? outcome : nodeError(text)
    },
  }
}

export type PrecompileHooks = ReturnType<typeof precompileHooks>
