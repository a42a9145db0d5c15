/**
 * The Hardhat example's `scripts/administer.cjs` as a new user runs it: the built CLI
 * (`node dist/cli.js devnet --genesis <file>`, what `npx subnet-rpc devnet` runs) on each real
 * genesis file of Subnet-EVM's tests that enables a precompile the script administers, then
 * `npx hardhat run scripts/administer.cjs --network devnet` as the genesis admin and as an
 * address without a role. Each effect the script reports is read back here over raw JSON-RPC.
 * The example is its own npm project, installed first with `npm ci` unless its node_modules
 * matches its lock (../helpers/install.ts, shared with test/ethers/hardhat.test.ts).
 */
import { type ChildProcess, execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCliDevnet } from '../helpers/devnet.js'
import { ensureInstalled } from '../helpers/install.js'
import { rawResult } from './helpers.js'

const root = resolve(import.meta.dirname, '../..')
const example = join(root, 'examples/hardhat')
const genesisDir = join(root, 'test/fixtures/subnet-evm-genesis')

const startCli = startCliDevnet

beforeAll(() => ensureInstalled(example), 900_000)

/** Runs the script; its stdout is one JSON object per line. */
async function administer(rpcUrl: string, signerKey?: string, script = 'scripts/administer.cjs'): Promise<Record<string, any>[]> {
  const { stdout } = await promisify(execFile)('npx', ['hardhat', 'run', script, '--network', 'devnet'], {
    cwd: example,
    timeout: 120_000,
    env: {
      ...process.env,
      DEVNET_RPC_URL: rpcUrl,
      ...(signerKey ? { SIGNER_KEY: signerKey } : {}),
      HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      CI: 'true',
    },
  })
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
}

const admin = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0')

const cases = [
  { genesis: 'tx_allow_list.json', key: 'txAllowListConfig', step: 'txAllowList.setEnabled' },
  { genesis: 'fee_manager.json', key: 'feeManagerConfig', step: 'feeManager.setFeeConfig' },
  { genesis: 'contract_native_minter.json', key: 'contractNativeMinterConfig', step: 'nativeMinter.mintNativeCoin' },
] as const

for (const c of cases) {
  describe(`examples/hardhat: scripts/administer.cjs against subnet-rpc devnet --genesis ${c.genesis}`, () => {
    let devnet: { rpcUrl: string; child: ChildProcess }
    let asAdmin: Record<string, any>[]
    let asNobody: Record<string, any>[]
    const nobodyKey = `0x${randomBytes(32).toString('hex')}`

    beforeAll(async () => {
      expect(existsSync(join(root, 'dist/cli.js')), 'build first: npm run build').toBe(true)
      devnet = await startCli(join(genesisDir, c.genesis))
      asAdmin = await administer(devnet.rpcUrl)
      asNobody = await administer(devnet.rpcUrl, nobodyKey)
    }, 240_000)
    afterAll(() => {
      devnet?.child.kill('SIGTERM')
    })

    it('finds the one precompile the genesis enables, as the admin', () => {
      expect(asAdmin[0]).toEqual({ signer: admin, active: [c.key] })
      expect(asAdmin).toHaveLength(2)
      expect(asAdmin[1]).toMatchObject({ step: c.step, ok: true })
    })

    it('the change took effect on the chain', async () => {
      const r = asAdmin[1]!
      if (c.key === 'txAllowListConfig') {
        expect(r.refusedBefore).toBe(`cannot issue transaction from non-allow listed address: ${r.account}`)
        expect(r.role).toBe('enabled')
        expect(r.newcomerTxStatus).toBe(1)
        const role = await rawResult(devnet.rpcUrl, 'eth_call', [
          { to: '0x0200000000000000000000000000000000000002', data: `0xeb54dae1${word(r.account)}` },
          'latest',
        ])
        expect(BigInt(role as string)).toBe(1n)
      }
      if (c.key === 'feeManagerConfig') {
        // fee_manager.json's minBaseFee is 1 gwei; the script doubles it.
        expect(r.minBaseFee).toBe('2000000000')
        expect(r.lastChangedAt).toBe(String(r.block))
        const fees = (await rawResult(devnet.rpcUrl, 'eth_feeConfig', [])) as { feeConfig: { minBaseFee: number }; lastChangedAt: number }
        expect(fees.feeConfig.minBaseFee).toBe(2_000_000_000)
        expect(fees.lastChangedAt).toBe(r.block)
      }
      if (c.key === 'contractNativeMinterConfig') {
        expect(r.balance).toBe(String(1000n * 10n ** 18n))
        expect(BigInt((await rawResult(devnet.rpcUrl, 'eth_getBalance', [r.recipient, 'latest'])) as string)).toBe(1000n * 10n ** 18n)
      }
    })

    it("an address without a role gets the node's error, and nothing changes", async () => {
      const signer = asNobody[0]!.signer as string
      expect(asNobody[1]).toEqual({
        step: c.step,
        ok: false,
        error: {
          txAllowListConfig: `cannot modify allow list: modify address: ${signer}, from role: NoRole, to role: EnabledRole`,
          feeManagerConfig: `non-enabled cannot change fee config: ${signer}`,
          contractNativeMinterConfig: `non-enabled cannot mint: ${signer}`,
        }[c.key],
      })
      if (c.key === 'feeManagerConfig') {
        const fees = (await rawResult(devnet.rpcUrl, 'eth_feeConfig', [])) as { feeConfig: { minBaseFee: number } }
        expect(fees.feeConfig.minBaseFee).toBe(2_000_000_000)
      }
    })
  })
}

for (const c of cases) {
  describe(`examples/hardhat: scripts/precompiles.cjs (typed ethers functions over Hardhat's signer) against --genesis ${c.genesis}`, () => {
    let devnet: { rpcUrl: string; child: ChildProcess }
    let asAdmin: Record<string, any>[]
    let asNobody: Record<string, any>[]

    beforeAll(async () => {
      devnet = await startCli(join(genesisDir, c.genesis))
      asAdmin = await administer(devnet.rpcUrl, undefined, 'scripts/precompiles.cjs')
      asNobody = await administer(devnet.rpcUrl, `0x${randomBytes(32).toString('hex')}`, 'scripts/precompiles.cjs')
    }, 240_000)
    afterAll(() => {
      devnet?.child.kill('SIGTERM')
    })

    it('the admin makes the change; an address without a role gets a typed refusal before anything is sent', async () => {
      expect(asAdmin[0]).toEqual({ signer: admin, active: [c.key] })
      expect(asAdmin[1]).toMatchObject({ step: c.step, ok: true })
      if (c.key === 'txAllowListConfig') expect(asAdmin[1]!.role).toBe('enabled')
      if (c.key === 'feeManagerConfig') {
        expect(asAdmin[1]!.minBaseFee).toBe('2000000000')
        expect(asAdmin[1]!.lastChangedAt).toBe(String(asAdmin[1]!.block))
      }
      if (c.key === 'contractNativeMinterConfig') expect(asAdmin[1]!.balance).toBe(String(1000n * 10n ** 18n))
      const signer = asNobody[0]!.signer as string
      const needs = c.key === 'txAllowListConfig' ? 'manager or admin' : 'enabled, manager or admin'
      expect(asNobody[1]).toEqual({
        step: c.step,
        ok: false,
        error: `AllowListRoleError: not allowed: ${signer} has role none on ${c.key}, needs ${needs}`,
      })
      // Refused before sending: the signer sent nothing.
      expect(BigInt((await rawResult(devnet.rpcUrl, 'eth_getTransactionCount', [signer, 'latest'])) as string)).toBe(0n)
    })
  })
}
