/**
 * `eth_fillTransaction` as a node fills a transaction (graft/subnet-evm/internal/ethapi/api.go
 * `FillTransaction` → transaction_args.go `setDefaults`): the fee fields first
 * (`setFeeDefaults` / `setSubnetEVMFeeDefault`: the tip from the gas price oracle, ../block/tipOracle.ts, the fee cap
 * tip + 2 × the head's base fee), then the gas from `DoEstimateGas` with those fees, whose error is
 * the fill's. viem asks for it before every send it prepares, so the node's estimate refusals (a
 * precompile's error, a creation by an origin without a deployer role) must come out here too:
 * the devnet estimates through its own `eth_estimateGas` (what the node's estimate answers) and
 * leaves only the nonce, chain ID and encoding to anvil's own fill.
 */
import type { AnvilClient } from '../anvilClient.js'
import { type CallOutcome, nodeErrorOutcome } from '../rpc/envelope.js'
import { bothFeeStyles, bothFeeStylesText } from '../rpc/forwardedArgs.js'

export type Args = Record<string, unknown>

/**
 * The arguments of a transaction with the node's defaults for its fees and gas (`setFeeDefaults`,
 * then `DoEstimateGas`), or the estimate's error, which is the answer. `estimate` answers
 * `eth_estimateGas` for the arguments as the devnet does. Undefined where anvil's own answer stands
 * (arguments that are not an object). Arguments with both `gasPrice` and an EIP-1559 fee field get the
 * node's refusal (`setFeeDefaults`), so what reaches anvil carries one fee style: `gasPrice` alone, as
 * given, or both EIP-1559 fields (anvil 1.8.5 and later refuse a mix).
 */
export async function fillDefaults(
  anvil: AnvilClient,
  given: unknown,
  estimate: (args: Args) => Promise<CallOutcome>,
  suggestTip: () => Promise<bigint>,
): Promise<{ args: Args } | { error: CallOutcome } | undefined> {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return undefined
  const args: Args = { ...(given as Args) }
  const set = (key: string) => args[key] !== undefined && args[key] !== null
  if (bothFeeStyles(args)) return { error: nodeErrorOutcome(bothFeeStylesText) }
  // A null fee field is an unset one (Go's decoding); it is not passed on.
  for (const key of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas']) if (args[key] === null) delete args[key]
  if (!set('gasPrice') && !(set('maxFeePerGas') && set('maxPriorityFeePerGas'))) {
    if (!set('maxPriorityFeePerGas')) args.maxPriorityFeePerGas = `0x${(await suggestTip()).toString(16)}`
    if (!set('maxFeePerGas')) {
      // setSubnetEVMFeeDefault: twice the head's base fee, so the transaction survives a rising base fee.
      const head = await anvil.request<{ baseFeePerGas?: string }>('eth_getBlockByNumber', ['latest', false])
      args.maxFeePerGas = `0x${(BigInt(args.maxPriorityFeePerGas as string) + 2n * BigInt(head.baseFeePerGas ?? '0x0')).toString(16)}`
    }
  }
  if (!set('gas')) {
    const { nonce, chainId, type, gas, ...call } = args
    const estimated = await estimate(call)
    if (!('result' in estimated)) return { error: estimated }
    args.gas = JSON.parse(estimated.result) as string
  }
  return { args }
}

/** The outcome of `eth_fillTransaction` with `params` (undefined: anvil's own answer stands). */
export async function fillTransaction(
  anvil: AnvilClient,
  params: unknown[],
  estimate: (args: Args) => Promise<CallOutcome>,
  suggestTip: () => Promise<bigint>,
): Promise<CallOutcome | undefined> {
  const filled = await fillDefaults(anvil, params[0], estimate, suggestTip)
  if (!filled) return undefined
  if ('error' in filled) return filled.error
  return anvil.outcome('eth_fillTransaction', [filled.args, ...params.slice(1)])
}
