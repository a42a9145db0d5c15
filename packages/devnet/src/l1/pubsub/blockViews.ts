/**
 * One read of each accepted block, shared by every subscription of an L1: a node builds a head's
 * notification from the one header its chain event carries (eth/filters/filter_system.go
 * `handleChainEvent` hands the same header to every `newHeads` subscriber), so the devnet reads a
 * block's header, logs and transactions from anvil once per block, whatever the number of
 * subscriptions and connections, and formats them once.
 */
import type { ChainEvents } from './chainEvents.js'

/** One announced block: what subscriptions read of it, each read once (the first to ask loads it). */
export class BlockView {
  readonly #loads = new Map<string, Promise<unknown>>()
  constructor(readonly number: bigint) {}

  /** The value `key` names for this block: `load`ed by the first caller, the same promise for every later one. */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let loaded = this.#loads.get(key) as Promise<T> | undefined
    if (!loaded) {
      loaded = load()
      this.#loads.set(key, loaded)
    }
    return loaded
  }
}

type Listener = (view: BlockView) => void

/**
 * The blocks of one L1's {@link ChainEvents} as {@link BlockView}s: a fresh view per announcement
 * (a block number announced again after a revert is another block), so nothing is cached across
 * blocks and a view is gone once its subscriptions have read it.
 */
export class BlockViews {
  static readonly #byEvents = new WeakMap<ChainEvents, BlockViews>()
  readonly #listeners = new Set<Listener>()

  /** The views of `events` (one set per L1, made on first use). */
  static of(events: ChainEvents): BlockViews {
    let views = BlockViews.#byEvents.get(events)
    if (!views) {
      views = new BlockViews(events)
      BlockViews.#byEvents.set(events, views)
    }
    return views
  }

  private constructor(events: ChainEvents) {
    events.onBlock((n) => {
      if (this.#listeners.size === 0) return
      const view = new BlockView(n)
      for (const listener of this.#listeners) listener(view)
    })
  }

  /** Calls `listener` with the view of each block mined from now on, in order; returns its removal. */
  onBlock(listener: Listener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
