/**
 * Contract creations inside a transaction (a factory's `new`, CREATE / CREATE2) whose origin has no
 * role on a running Contract Deployer Allow List.
 *
 * A node checks `tx.origin` at every creation, top-level or not: libevm core/vm/evm.go `createCommon`
 * bumps the creator's nonce, checks the EIP-684 collision, then calls `canCreateContract`
 * (core/vm/evm.libevm.go), subnet-evm's params/hooks_libevm.go `CanCreateContract`, which returns
 * `gas = 0` and `tx.origin <origin> is not authorized to deploy a contract`. Both failures leave
 * `createCommon` the same way, (nil, zero address, 0 gas left, error): `opCreate` / `opCreate2`
 * push 0, the creating frame goes on without the gas it gave the creation, the creator's nonce stays
 * bumped. anvil fails a creation into an address that has code in the same way, so the devnet
 * traces the call (`debug_traceCall`, callTracer) for the addresses its creations take and gives
 * each one byte of code (`0xfe`) while the call runs: as state overrides for `eth_call` /
 * `eth_estimateGas`, with `anvil_setCode` until a transaction is mined.
 */
import type { AnvilClient } from '../anvilClient.js'
import type { StateOverrides } from '../precompiles/parentState.js'
import { nativeMinter } from '../precompiles/modules/nativeMinter.js'

type Frame = { type?: string; from?: string; to?: string; calls?: Frame[] }

/** The outermost creation frames' addresses (a blocked creation runs nothing inside it). */
function creations(frame: Frame, out: Set<string>): void {
  for (const sub of frame.calls ?? []) {
    // The Native Minter's stand-in pays mints to contracts through a creation of its own, which no allow list governs.
    if ((sub.type === 'CREATE' || sub.type === 'CREATE2') && sub.from?.toLowerCase() !== nativeMinter.address) {
      // A creation that collided has no `to`: its address is blocked already.
      if (sub.to) out.add(sub.to.toLowerCase())
    } else creations(sub, out)
  }
}

/** `overrides` (the caller's, may be undefined) with `0xfe` code at each of `addresses` it leaves without code. */
export function blockedOverrides(overrides: StateOverrides | undefined, addresses: Iterable<string>): StateOverrides {
  const out: StateOverrides = { ...overrides }
  for (const address of addresses) {
    const key = Object.keys(out).find((k) => k.toLowerCase() === address) ?? address
    if (out[key]?.code === undefined) out[key] = { ...out[key], code: '0xfe' }
  }
  return out
}

/**
 * The addresses the creations inside `call` would take at `block`. Traced again with those blocked,
 * until no new one appears: a factory that catches a failed creation may go on to others. Empty when
 * anvil cannot trace the call (anvil's own answer then stands).
 */
export async function innerCreationTargets(
  anvil: AnvilClient,
  call: object,
  block: unknown,
  overrides?: StateOverrides,
  blockOverrides?: unknown,
): Promise<string[]> {
  const found = new Set<string>()
  for (let round = 0; round < 16; round++) {
    const options = {
      tracer: 'callTracer',
      stateOverrides: blockedOverrides(overrides, found),
      ...(blockOverrides ? { blockOverrides } : {}),
    }
    const reply = await anvil.raw<Frame>('debug_traceCall', [call, block ?? 'latest', options])
    if (!reply.result) break
    const seen = new Set<string>()
    creations(reply.result, seen)
    const before = found.size
    for (const address of seen) found.add(address)
    if (found.size === before) break
  }
  return [...found]
}
