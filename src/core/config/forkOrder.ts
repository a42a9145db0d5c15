/**
 * The fork-order check a subnet-evm node runs on its chain config when it sets up the genesis block
 * (`core/genesis.go` `SetupGenesisBlock` and `Genesis.Commit` call `ChainConfig.CheckConfigForkOrder`, after
 * `plugin/evm/vm.go` `parseGenesis` has run `Genesis.Verify` and `params.SetEthUpgrades`): libevm's
 * `params/config.go` `CheckConfigForkOrder` over go-ethereum's forks first, which then returns the extra payload's
 * hook (`c.Hooks().CheckConfigForkOrder()`), subnet-evm's `params/extras/config.go` `CheckConfigForkOrder`
 * (`checkForks(c.forkOrder())`, `params/extras/network_upgrades.go`). Both loops are the same; the node returns
 * their error unwrapped (`core.NewBlockChain` → `eth.New` → `VM.initializeChain`).
 */

/** A `fork` of either loop: a block-numbered or a timestamped one, undefined when nil. */
export type Fork = { name: string; block?: bigint; timestamp?: bigint; optional?: boolean }

/**
 * go-ethereum's forks in libevm `CheckConfigForkOrder`'s order, named by their genesis JSON keys
 * (`params.ChainConfig`'s tags): `optional` ones may be nil with later ones set.
 */
export const ethForks = [
  { name: 'homesteadBlock', by: 'block' },
  { name: 'daoForkBlock', by: 'block', optional: true },
  { name: 'eip150Block', by: 'block' },
  { name: 'eip155Block', by: 'block' },
  { name: 'eip158Block', by: 'block' },
  { name: 'byzantiumBlock', by: 'block' },
  { name: 'constantinopleBlock', by: 'block' },
  { name: 'petersburgBlock', by: 'block' },
  { name: 'istanbulBlock', by: 'block' },
  { name: 'muirGlacierBlock', by: 'block', optional: true },
  { name: 'berlinBlock', by: 'block' },
  { name: 'londonBlock', by: 'block' },
  { name: 'arrowGlacierBlock', by: 'block', optional: true },
  { name: 'grayGlacierBlock', by: 'block', optional: true },
  { name: 'mergeNetsplitBlock', by: 'block', optional: true },
  { name: 'shanghaiTime', by: 'timestamp' },
  { name: 'cancunTime', by: 'timestamp', optional: true },
  { name: 'pragueTime', by: 'timestamp', optional: true },
  { name: 'verkleTime', by: 'timestamp', optional: true },
] as const satisfies readonly { name: string; by: 'block' | 'timestamp'; optional?: boolean }[]

type EthFork = (typeof ethForks)[number]
export type EthForkBlockKey = Extract<EthFork, { by: 'block' }>['name']
export type EthForkTimeKey = Extract<EthFork, { by: 'timestamp' }>['name']

/** The `*big.Int` fork blocks of the genesis `config`. */
export const ethForkBlockKeys = ethForks.filter((f) => f.by === 'block').map((f) => f.name) as EthForkBlockKey[]
/** The `*uint64` fork times of the genesis `config`. */
export const ethForkTimeKeys = ethForks.filter((f) => f.by === 'timestamp').map((f) => f.name) as EthForkTimeKey[]

/** libevm's list with the values of a chain config's geth side (`ChainSpec.eth`, after `SetEthUpgrades`). */
export function ethForkOrder(eth: Record<string, unknown>): Fork[] {
  return ethForks.map((f) => {
    const v = eth[f.name] as bigint | undefined
    return { name: f.name, optional: 'optional' in f && f.optional, ...(f.by === 'block' ? { block: v } : { timestamp: v }) }
  })
}

/**
 * The loop of libevm `CheckConfigForkOrder` and of subnet-evm's `checkForks`: the failing fork's name and the
 * message (`unsupported fork ordering: …`; Go's `%v` of a `*big.Int` or a dereferenced `uint64` is its decimal),
 * or undefined. A fork is compared only with the last one set (or the last non-optional one).
 */
export function checkForks(forks: readonly Fork[]): { fork: string; message: string } | undefined {
  const fault = (fork: string, text: string) => ({ fork, message: `unsupported fork ordering: ${text}` })
  let last: Fork | undefined
  for (const cur of forks) {
    if (last) {
      const lastSet = last.block !== undefined || last.timestamp !== undefined
      const curSet = cur.block !== undefined || cur.timestamp !== undefined
      // Non-optional forks must all be present in the chain config up to the last defined fork.
      if (!lastSet && curSet) {
        return cur.block !== undefined
          ? fault(cur.name, `${last.name} not enabled, but ${cur.name} enabled at block ${cur.block}`)
          : fault(cur.name, `${last.name} not enabled, but ${cur.name} enabled at timestamp ${cur.timestamp}`)
      }
      // Forks (by block or by timestamp) must follow the fork definition sequence.
      if ((last.block !== undefined && cur.block !== undefined) || (last.timestamp !== undefined && cur.timestamp !== undefined)) {
        if (last.block !== undefined && cur.block !== undefined && last.block > cur.block)
          return fault(cur.name, `${last.name} enabled at block ${last.block}, but ${cur.name} enabled at block ${cur.block}`)
        if (last.timestamp !== undefined && cur.timestamp !== undefined && last.timestamp > cur.timestamp)
          return fault(
            cur.name,
            `${last.name} enabled at timestamp ${last.timestamp}, but ${cur.name} enabled at timestamp ${cur.timestamp}`,
          )
        // Timestamp based forks can follow block based ones, but not the other way around (reached only by a
        // fork carrying both, which neither list has).
        if (last.timestamp !== undefined && cur.block !== undefined)
          return fault(cur.name, `${last.name} used timestamp ordering, but ${cur.name} reverted to block ordering`)
      }
    }
    // An optional fork left unset is skipped.
    if (!cur.optional || cur.block !== undefined || cur.timestamp !== undefined) last = cur
  }
  return undefined
}
