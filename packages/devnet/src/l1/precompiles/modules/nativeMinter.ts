/**
 * The Native Minter (precompile/contracts/nativeminter): an allow list, `Configure` mints the config's
 * `initialMint` (module.go). Its stand-in pays each mint within the call from a reserve of `mintReserve` wei
 * on its own account (packages/devnet/contracts/standins/NativeMinter.sol), topped up once the block is mined by the amounts in its
 * `NativeCoinMinted` logs, and before Durango, when the node emits none, in anvil's traces.
 */
import { precompileAddresses } from 'subnet-rpc'
import type { PrecompileConfig } from 'subnet-rpc/config'
import type { Block } from '../../anvilClient.js'
import type { CallOutcome } from '../../rpc/envelope.js'
import { precompileEvents, precompileSelectors } from '../artifacts/contracts.js'
import { hex, type Module, type ModuleHost } from './module.js'

/** The wei the stand-in holds beyond its own balance, to pay mints from: balances at its address are reported without it. */
const mintReserve = 1n << 255n
const address = precompileAddresses.contractNativeMinterConfig.toLowerCase()

/**
 * The mints of blocks `from`…`latest` that ran before Durango, when the Native Minter emits no
 * `NativeCoinMinted` (contract.go `mintNativeCoin`): read from anvil's traces of calls to it
 * (`trace_filter`), each kept when it and every frame above it succeeded, in a block before
 * `durangoTimestamp`. Nothing to ask for a chain that starts with Durango, nor once the range starts
 * after it.
 */
async function preDurangoMints({ spec, anvil, genesisTimestamp }: ModuleHost, from: bigint, latest: Block): Promise<[string, bigint][]> {
  const durango = spec.networkUpgrades.durangoTimestamp
  if (durango !== undefined && durango <= genesisTimestamp) return []
  const time = async (n: bigint) => (n === latest.number ? latest.timestamp : (await anvil.blockByNumber(n))?.timestamp)
  const before = async (n: bigint) => {
    const t = await time(n)
    return t !== undefined && (durango === undefined || t < durango)
  }
  if (!(await before(from))) return []
  type Trace = {
    type: string
    action: { callType?: string; to?: string; input?: string }
    error?: string
    traceAddress: number[]
    transactionHash: string
    blockNumber: number
  }
  // An anvil without trace_filter (an older binary) pays no pre-Durango mint rather than failing the sync.
  const traces = await anvil.raw<Trace[]>('trace_filter', [{ fromBlock: hex(from), toBlock: hex(latest.number), toAddress: [address] }])
  const mints: [string, bigint][] = []
  for (const t of traces.result ?? []) {
    const input = t.action.input ?? ''
    if (t.type !== 'call' || t.action.callType !== 'call' || t.action.to?.toLowerCase() !== address || t.error) continue
    if (!input.startsWith(precompileSelectors.INativeMinter.mintNativeCoin) || input.length < 10 + 128) continue
    if (!(await before(BigInt(t.blockNumber)))) continue
    if (t.traceAddress.length > 0) {
      // A frame above that failed takes the mint back with it.
      const frames = await anvil.request<Trace[]>('trace_transaction', [t.transactionHash])
      const above = (f: Trace) => f.traceAddress.length < t.traceAddress.length && f.traceAddress.every((x, i) => x === t.traceAddress[i])
      if (frames.some((f) => above(f) && f.error)) continue
    }
    mints.push([`0x${input.slice(34, 74)}`, BigInt(`0x${input.slice(74, 138)}`)])
  }
  return mints
}

export const nativeMinter = {
  configKey: 'contractNativeMinterConfig',
  address,
  contract: 'NativeMinter',
  allowList: true,
  async configure(host: ModuleHost, config: PrecompileConfig) {
    await host.addBalance(address, mintReserve)
    for (const [account, amount] of config.initialMint ?? []) if (amount) await host.addBalance(account, amount)
  },
  logs: {
    topic: precompileEvents.NativeCoinMinted,
    /** Tops the reserve up by the blocks' mints, its nonce put back to 1 after its couriers' creations. */
    async take(host, logs, from, latest) {
      let minted = 0n
      for (const log of logs) minted += BigInt(log.data)
      for (const [, amount] of await preDurangoMints(host, from, latest)) minted += amount
      if (minted === 0n) return
      await host.addBalance(address, minted)
      await host.anvil.request('anvil_setNonce', [address, '0x1'])
    },
  },
} as const satisfies Module

/** `eth_getBalance`: the reserve is the stand-in's, not the account's. */
export function withoutMintReserve(outcome: CallOutcome, args: unknown[]): CallOutcome {
  // A balance of 63 hex digits or fewer (the result's quotes and 0x around them) is below the reserve: no look at
  // the account asked.
  if (!('result' in outcome) || outcome.result.length < 68) return outcome
  const [account] = args
  const balance = typeof account === 'string' && account.toLowerCase() === address ? BigInt(JSON.parse(outcome.result)) : 0n
  return balance >= mintReserve ? { result: JSON.stringify(`0x${(balance - mintReserve).toString(16)}`) } : outcome
}
