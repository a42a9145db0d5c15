/**
 * Runs a Subnet-EVM precompile Go test case (precompile/precompiletest/test_precompile.go `PrecompileTest`) as a
 * JSON-RPC client observes it on the devnet: the `BeforeHook`'s roles written to the precompile's storage first
 * (`SetAllowListRole` writes the slot, as `anvil_setStorageAt` does), then `Contract.Run(caller, input, SuppliedGas,
 * readOnly)` as a top-level `eth_call` from the caller whose gas is the intrinsic gas plus `SuppliedGas` (the node's
 * precompile gets exactly that), and with one gas less (out of gas, since `Run` must leave no gas). A case that
 * succeeds is then mined with that gas limit: the receipt's status, gas used (the whole limit), logs and the state
 * after (`AfterHook`). `ReadOnly` cases run from the caller's address given code (a state override) that
 * STATICCALLs the precompile with exactly `SuppliedGas`, the only way a caller reaches a precompile read-only; a
 * node's error there is seen as a failed call with no data. Each case runs between `evm_snapshot` and `evm_revert`.
 */
import { type Hex, toHex } from 'viem'
import { expect } from 'vitest'
import { rpc, testFeeConfig } from '../../helpers/devnet.js'

export type Reply = { result?: any; error?: { code: number; message: string; data?: unknown } }

export const call = async (url: string, method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(url, method, JSON.stringify(params))).body) as Reply

/** allowlisttest's addresses (test_allowlist.go). */
export const TestAdminAddr = '0x0000000000000000000000000000000000000011'
export const TestEnabledAddr = '0x0000000000000000000000000000000000000022'
export const TestNoRoleAddr = '0x0000000000000000000000000000000000000033'
export const TestManagerAddr = '0x0000000000000000000000000000000000000044'

export const NoRole = 0n
export const EnabledRole = 1n
export const AdminRole = 2n
export const ManagerRole = 3n
export const roleName = (role: bigint) => ['NoRole', 'EnabledRole', 'AdminRole', 'ManagerRole'][Number(role)]

export const slotOf = (account: string) => `0x${account.slice(2).toLowerCase().padStart(64, '0')}`
export const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}` as Hex

/** allowlisttest.SetDefaultRoles: admin, manager and enabled at `precompile`. */
export const defaultRoles = (precompile: string): [string, string, bigint][] => [
  [precompile, slotOf(TestAdminAddr), AdminRole],
  [precompile, slotOf(TestManagerAddr), ManagerRole],
  [precompile, slotOf(TestEnabledAddr), EnabledRole],
]

/** anvil's first account, the precompiles' admin in the tables' genesis. */
export const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** The tables' genesis time. */
export const T0 = 0x65000000
/** An upgrade time far ahead of the wall clock the devnet's blocks follow (pre-Durango / pre-Granite devnets). */
export const LATER = 4_000_000_000
/** The tables' genesis: `testFeeConfig`, Durango from the start unless `upgrades` say otherwise, and `config`. */
export const tableGenesis = (
  chainId: number,
  config: Record<string, unknown>,
  upgrades: Record<string, number> = { durangoTimestamp: 0 },
) => ({
  config: { chainId, feeConfig: testFeeConfig, ...upgrades, ...config },
  alloc: {},
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})
// Helicon with them: a local network has it from genesis since avalanchego v1.15.1, and it cannot come before Granite.
export const preDurango = { durangoTimestamp: LATER, etnaTimestamp: LATER, graniteTimestamp: LATER, heliconTimestamp: LATER }

export const TX_ALLOW_LIST = '0x0200000000000000000000000000000000000002'

export type ExpectedLog = { address: string; topics: Hex[]; data: Hex }

export type Case = {
  name: string
  caller: string
  precompile: string
  /** Storage the BeforeHook writes: [address, slot, value] (a role at slot bytes32(account)). */
  before: [string, string, bigint][]
  input: Hex
  suppliedGas: number
  readOnly?: boolean
  /** The result bytes on success. */
  res?: Hex
  /** The node's error text (eth_call's -32000 message); `write protection` / `out of gas` for read-only cases. */
  err?: string
  /** The logs of the mined call (AfterHook's `state.Logs()`). */
  logs?: ExpectedLog[]
  /** Storage after: [address, slot, value]; `mined`: the number of the block that mined the call. */
  storage?: [string, string, bigint | 'mined'][]
  /** The stand-in's own work costs more than the node's fixed gas (a fresh slot, a new account): see `runCase`. */
  dearer?: boolean
  /** false where the caller cannot send the call on a node (no role on a running Tx Allow List). */
  mined?: boolean
  /** Coin the mined call credits: [account, wei]. */
  credits?: [string, bigint][]
  /** The call's access list (Warp predicates: `Predicates` in the Go case). */
  accessList?: { address: string; storageKeys: Hex[] }[]
  /** The intrinsic gas the access list costs on a node (Warp's predicate gas), added to the call's gas. */
  accessListGas?: number
  /** Refused before it runs (a predicate the node's `IntrinsicGas` refuses): no check with one gas less. */
  refused?: boolean
}

const calldataGas = (data: Hex) => {
  let gas = 0
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4 : 16
  return gas
}
export const intrinsicGas = (data: Hex) => 21_000 + calldataGas(data)

/**
 * Runtime code for the caller's address in read-only cases: STATICCALL(gas, precompile, calldata) and returns the
 * success flag as a word, then the call's return data.
 */
const staticCaller = (precompile: string, gas: number) =>
  `0x366000600037600060003660007f${gas.toString(16).padStart(64, '0')}73${precompile.slice(2).toLowerCase()}` +
  // swap so that the stack is gas, address, argsOffset, argsSize, retOffset, retSize
  `90fa60005260003d600060203e3d6020016000f3`

/** A node's `eth_call` answers vm.ErrOutOfGas as `out of gas` (core/vm/errors.go, through internal/ethapi). */
const outOfGas = 'out of gas'

export async function runCase(url: string, c: Case): Promise<void> {
  const snapshot = (await call(url, 'evm_snapshot', [])).result
  try {
    for (const [address, slot, value] of c.before) {
      expect((await call(url, 'anvil_setStorageAt', [address, slot, word(value)])).error).toBeUndefined()
    }
    const gas = intrinsicGas(c.input) + (c.accessListGas ?? 0) + c.suppliedGas
    if (c.readOnly) return await runReadOnly(url, c)
    const tx = { from: c.caller, to: c.precompile, data: c.input, ...(c.accessList ? { accessList: c.accessList } : {}) }
    const exact = await call(url, 'eth_call', [{ ...tx, gas: toHex(gas) }, 'latest'])
    if (c.err === 'out of gas') {
      expect(exact.error, 'given exactly SuppliedGas').toEqual({ code: -32000, message: outOfGas })
    } else if (c.err !== undefined) {
      expect(exact.error?.message, 'the error given exactly SuppliedGas').toBe(c.err)
      expect(exact.error?.code).toBe(-32000)
    } else {
      expect(exact.error, `success given exactly SuppliedGas: ${JSON.stringify(exact.error)}`).toBeUndefined()
      expect(exact.result).toBe(c.res)
    }
    if (c.suppliedGas > 0 && !c.refused) {
      const less = await call(url, 'eth_call', [{ ...tx, gas: toHex(gas - 1) }, 'latest'])
      expect(less.error, 'one gas less').toEqual({ code: -32000, message: outOfGas })
    }
    if (c.err !== undefined) return
    // Mined with exactly that gas limit: the precompile leaves no gas, so the whole limit is used. The Tx Allow List
    // admits only senders with a role (a node's pool too): one is given to a caller without any where the case is
    // not the Tx Allow List's own; there a caller without a role cannot send on a node either (`mined: false`).
    if (c.mined === false) return await checkState(url, c)
    if (c.precompile !== TX_ALLOW_LIST) {
      const held = BigInt((await call(url, 'eth_getStorageAt', [TX_ALLOW_LIST, slotOf(c.caller), 'latest'])).result)
      if (held === NoRole) await call(url, 'anvil_setStorageAt', [TX_ALLOW_LIST, slotOf(c.caller), word(EnabledRole)])
    }
    await call(url, 'anvil_setBalance', [c.caller, toHex(10n ** 20n)])
    await call(url, 'anvil_impersonateAccount', [c.caller])
    const send = async (limit: number) => {
      const sent = await call(url, 'eth_sendTransaction', [{ ...tx, gas: toHex(limit) }])
      expect(sent.error, JSON.stringify(sent.error)).toBeUndefined()
      return (await call(url, 'eth_getTransactionReceipt', [sent.result])).result
    }
    const balances = async () =>
      Promise.all((c.credits ?? []).map(async ([a]) => BigInt((await call(url, 'eth_getBalance', [a, 'latest'])).result)))
    let before = await balances()
    let receipt = await send(gas)
    if (c.dearer) {
      // Differs from the node: the stand-in's EVM work costs more than the node's fixed gas, so mined with the
      // node's gas it runs out (all gas used); mined with the devnet's estimate it succeeds, and its receipt (and
      // the fee charged, checked with the credits below) reports the node's gas (packages/devnet/src/l1/block/nodeGas.ts).
      expect(receipt.status, 'mined with the node gas').toBe('0x0')
      expect(Number(receipt.gasUsed)).toBe(gas)
      const estimate = Number((await call(url, 'eth_estimateGas', [tx])).result)
      expect(estimate).toBeGreaterThan(gas)
      before = await balances()
      receipt = await send(estimate)
      expect(receipt.status).toBe('0x1')
      expect(Number(receipt.gasUsed), "gasUsed: the node's, intrinsic + SuppliedGas").toBe(gas)
    } else {
      expect(receipt.status).toBe('0x1')
      // Refund-free, as Subnet-EVM's transactions are: a call that clears a slot is charged in full.
      expect(Number(receipt.gasUsed), 'gasUsed: intrinsic + SuppliedGas').toBe(gas)
    }
    // Coin the call credits (AfterHook's GetBalance), less the fee where the account is the sender.
    const after = await balances()
    const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
    for (const [i, [account, amount]] of (c.credits ?? []).entries()) {
      expect((after[i] ?? 0n) - (before[i] ?? 0n), `coin credited to ${account}`).toBe(amount - (account === c.caller ? fee : 0n))
    }
    const logs = receipt.logs.map((l: ExpectedLog) => ({ address: l.address.toLowerCase(), topics: l.topics, data: l.data }))
    expect(logs).toEqual((c.logs ?? []).map((l) => ({ ...l, address: l.address.toLowerCase() })))
    await checkState(url, c, BigInt(receipt.blockNumber))
  } finally {
    expect((await call(url, 'evm_revert', [snapshot])).result).toBe(true)
  }
}

async function runReadOnly(url: string, c: Case) {
  const ask = async (gas: number) => {
    const overrides = { [c.caller]: { code: staticCaller(c.precompile, gas) } }
    const access = c.accessList ? { accessList: c.accessList } : {}
    const reply = await call(url, 'eth_call', [{ from: ADMIN, to: c.caller, data: c.input, ...access }, 'latest', overrides])
    expect(reply.error, JSON.stringify(reply)).toBeUndefined()
    const out = reply.result as string
    return { ok: BigInt(out.slice(0, 66)) === 1n, data: `0x${out.slice(66)}` }
  }
  const exact = await ask(c.suppliedGas)
  if (c.err !== undefined) {
    // The node's error reaches a calling contract as a failed call without data.
    expect(exact).toEqual({ ok: false, data: '0x' })
  } else {
    expect(exact).toEqual({ ok: true, data: c.res })
    if (c.suppliedGas > 0) expect(await ask(c.suppliedGas - 1)).toEqual({ ok: false, data: '0x' })
  }
  await checkState(url, c)
}

async function checkState(url: string, c: Case, mined?: bigint) {
  for (const [address, slot, value] of c.storage ?? []) {
    const want = value === 'mined' ? mined : value
    expect(BigInt((await call(url, 'eth_getStorageAt', [address, slot, 'latest'])).result), `${address} ${slot}`).toBe(want)
  }
}
