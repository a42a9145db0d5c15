/**
 * upgrade.json's `stateUpgrades` applied to anvil's state as subnet-evm's `stateupgrade.Configure` applies
 * them: code replaced (nonce 0 → 1), storage set and cleared, balance changes added as uint256 (negative
 * ones subtract, below zero wraps round 2^256), an account left empty deleted. Real devnet, real anvil;
 * time moved with `evm_mine(timestamp)` through the devnet's URL.
 */
import { describe, expect, it } from 'vitest'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

// Blocks are stamped with the wall clock: the schedule starts now.
const T0 = Math.floor(Date.now() / 1000)
const FIRST = T0 + 100
const SECOND = T0 + 200

const word = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}`
const ETHER = 10n ** 18n

/** Gains 1 ether at FIRST and 3 wei at SECOND. */
const RICH = '0x1000000000000000000000000000000000000001'
/** Loses 2 ether at FIRST. */
const PAYER = '0x1000000000000000000000000000000000000002'
/** A contract whose code and storage FIRST replaces; nonce 5 is kept. */
const CONTRACT = '0x1000000000000000000000000000000000000003'
/** No account before FIRST; gets code (and so nonce 1). */
const FRESH = '0x1000000000000000000000000000000000000004'
/** 1000 wei, then -1001: wraps to 2^256 - 1. */
const WRAP = '0x1000000000000000000000000000000000000005'
/** No account; FIRST sets only a storage slot, so the account stays empty and Finalise deletes it. */
const EMPTY = '0x1000000000000000000000000000000000000006'

const SLOT1 = word(1n)
const SLOT2 = word(2n)
const SLOT3 = word(3n)
/** Returns 1. */
const OLD_CODE = '0x600160005260206000f3'
/** Returns storage slot 1. */
const NEW_CODE = '0x60015460005260206000f3'

const genesis = {
  config: {
    chainId: 4322,
    feeConfig: testFeeConfig,
  },
  alloc: {
    [RICH.slice(2)]: { balance: '10000000000000000000' },
    [PAYER.slice(2)]: { balance: '5000000000000000000' },
    [CONTRACT.slice(2)]: { balance: '0x0', code: OLD_CODE, nonce: '0x5', storage: { [SLOT2]: word(0x2an) } },
    [WRAP.slice(2)]: { balance: '1000' },
  },
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
}

const upgrade = {
  stateUpgrades: [
    {
      blockTimestamp: FIRST,
      accounts: {
        [RICH]: { balanceChange: '0xDE0B6B3A7640000' },
        [PAYER]: { balanceChange: '-2000000000000000000' },
        [CONTRACT]: { code: NEW_CODE, storage: { [SLOT1]: word(0xbeefn), [SLOT2]: word(0n) } },
        [FRESH]: { code: '0x00' },
        [WRAP]: { balanceChange: '-1001' },
        [EMPTY]: { storage: { [SLOT3]: word(7n) } },
      },
    },
    {
      blockTimestamp: SECOND,
      accounts: {
        [RICH]: { balanceChange: 3 },
        [CONTRACT]: { storage: { [SLOT1]: word(0xcafen) } },
      },
    },
  ],
}

const devnet = useDevnet({ genesis, upgrade })
type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]): Promise<Reply> => {
  const reply = JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply
}
const balance = async (a: string, block = 'latest') => BigInt((await call('eth_getBalance', [a, block])).result)
const nonce = async (a: string) => BigInt((await call('eth_getTransactionCount', [a, 'latest'])).result)
const code = async (a: string) => (await call('eth_getCode', [a, 'latest'])).result as string
const storage = async (a: string, slot: string) => (await call('eth_getStorageAt', [a, slot, 'latest'])).result as string
const callContract = async () => BigInt((await call('eth_call', [{ to: CONTRACT, data: '0x' }, 'latest'])).result)
/** Mines one block at `t`; returns its number. */
const mineAt = async (t: number) => {
  await call('evm_mine', [t])
  const head = (await call('eth_getBlockByNumber', ['latest', false])).result
  expect(Number(BigInt(head.timestamp))).toBe(t)
  return BigInt(head.number)
}
const snapshot = async () => (await call('evm_snapshot', [])).result as string

const before = { rich: 10n * ETHER, payer: 5n * ETHER, wrap: 1000n }
const afterFirst = { rich: 11n * ETHER, payer: 3n * ETHER, wrap: (1n << 256n) - 1n }

async function expectUntouched() {
  expect(await balance(RICH)).toBe(before.rich)
  expect(await balance(PAYER)).toBe(before.payer)
  expect(await balance(WRAP)).toBe(before.wrap)
  expect(await code(CONTRACT)).toBe(OLD_CODE)
  expect(await nonce(CONTRACT)).toBe(5n)
  expect(await storage(CONTRACT, SLOT2)).toBe(word(0x2an))
  expect(await storage(CONTRACT, SLOT1)).toBe(word(0n))
  expect(await callContract()).toBe(1n)
  expect(await code(FRESH)).toBe('0x')
  expect(await nonce(FRESH)).toBe(0n)
}

async function expectFirstApplied() {
  expect(await balance(RICH)).toBe(afterFirst.rich)
  expect(await balance(PAYER)).toBe(afterFirst.payer)
  expect(await balance(WRAP)).toBe(afterFirst.wrap)
  expect(await code(CONTRACT)).toBe(NEW_CODE)
  expect(await nonce(CONTRACT)).toBe(5n)
  expect(await storage(CONTRACT, SLOT1)).toBe(word(0xbeefn))
  expect(await storage(CONTRACT, SLOT2)).toBe(word(0n))
  expect(await callContract()).toBe(0xbeefn)
  expect(await code(FRESH)).toBe('0x00')
  expect(await nonce(FRESH)).toBe(1n)
  // Only a slot on a new account: Finalise deletes the empty account, slot and all.
  expect(await storage(EMPTY, SLOT3)).toBe(word(0n))
  expect(await nonce(EMPTY)).toBe(0n)
  expect(await code(EMPTY)).toBe('0x')
}

describe('stateUpgrades from upgrade.json', () => {
  let beforeFirst: string
  let firstBlock: bigint

  it('nothing is applied before the first timestamp', async () => {
    await expectUntouched()
    await mineAt(FIRST - 2)
    await expectUntouched()
    beforeFirst = await snapshot()
  })

  it('the first block at its timestamp applies it: code, storage set and cleared, balance changes, nonce', async () => {
    firstBlock = await mineAt(FIRST)
    await expectFirstApplied()
  })

  it('applied once: later blocks do not apply it again', async () => {
    await mineAt(FIRST + 10)
    await mineAt(FIRST + 20)
    await expectFirstApplied()
  })

  it("state at the activating block shows it, its parent does not (anvil keeps a block's state until the next one)", async () => {
    const at = (n: bigint) => `0x${n.toString(16)}`
    expect(await balance(RICH, at(firstBlock - 1n))).toBe(before.rich)
    expect(await balance(RICH, at(firstBlock))).toBe(afterFirst.rich)
    expect(BigInt((await call('eth_call', [{ to: CONTRACT, data: '0x' }, at(firstBlock)])).result)).toBe(0xbeefn)
    expect(BigInt((await call('eth_call', [{ to: CONTRACT, data: '0x' }, at(firstBlock - 1n)])).result)).toBe(1n)
  })

  it('the second upgrade runs at its own time, on top of the first', async () => {
    await mineAt(SECOND - 2)
    expect(await balance(RICH)).toBe(afterFirst.rich)
    expect(await callContract()).toBe(0xbeefn)
    await mineAt(SECOND)
    expect(await balance(RICH)).toBe(afterFirst.rich + 3n)
    expect(await callContract()).toBe(0xcafen)
    expect(await balance(PAYER)).toBe(afterFirst.payer)
    await mineAt(SECOND + 2)
    expect(await balance(RICH)).toBe(afterFirst.rich + 3n)
  })

  it('evm_revert to before the first: undone, then applied again (once) when the chain reaches it again', async () => {
    expect((await call('evm_revert', [beforeFirst])).result).toBe(true)
    await expectUntouched()
    beforeFirst = await snapshot()
    await mineAt(FIRST)
    await expectFirstApplied()
    await mineAt(FIRST + 2)
    await expectFirstApplied()
  })

  it('a block that passes both timestamps applies both, in order', async () => {
    expect((await call('evm_revert', [beforeFirst])).result).toBe(true)
    await expectUntouched()
    await mineAt(SECOND + 50)
    expect(await balance(RICH)).toBe(afterFirst.rich + 3n)
    expect(await balance(PAYER)).toBe(afterFirst.payer)
    expect(await balance(WRAP)).toBe(afterFirst.wrap)
    expect(await code(CONTRACT)).toBe(NEW_CODE)
    expect(await callContract()).toBe(0xcafen)
    await mineAt(SECOND + 60)
    expect(await balance(RICH)).toBe(afterFirst.rich + 3n)
  })
})
