/** Shared helpers for tests against a real devnet (real anvil, real HTTP). */
import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startDevnet, type Devnet, type DevnetOptions } from '../../packages/devnet/src/index.js'

/** Starts one devnet for the enclosing test file and stops it afterwards. */
export function useDevnet(options: DevnetOptions = {}): () => Devnet {
  let devnet: Devnet | undefined
  beforeAll(async () => {
    devnet = await startDevnet(options)
  })
  afterAll(async () => {
    await devnet?.stop()
  })
  return () => {
    if (!devnet) throw new Error('devnet not started')
    return devnet
  }
}

/** The fee config of Subnet-EVM's test genesis files (8M gas, 25 gwei minimum base fee), for tests' own genesis. */
export const testFeeConfig = {
  gasLimit: 8_000_000,
  targetBlockRate: 2,
  minBaseFee: 25_000_000_000,
  targetGas: 15_000_000,
  baseFeeChangeDenominator: 36,
  minBlockGasCost: 0,
  maxBlockGasCost: 1_000_000,
  blockGasCostStep: 200_000,
}

/** The start time of the genesis files `testGenesis` makes (2023-09-12). */
export const testGenesisTime = 0x65000000

/** A minimal genesis with `testFeeConfig`, starting at `testGenesisTime`: chain ID and upgrades from `config`. */
export const testGenesis = (config: Record<string, unknown> & { chainId: number }) => ({
  config: { feeConfig: testFeeConfig, ...config },
  alloc: {},
  timestamp: `0x${testGenesisTime.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})

export type RawReply = { status: number; headers: Headers; body: string }

/** POSTs a raw body and returns status, headers and the exact body text. */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<RawReply> {
  const res = await fetch(url, { method: 'POST', headers, body })
  return { status: res.status, headers: res.headers, body: await res.text() }
}

/** A JSON-RPC call with `params` given as raw JSON text (or omitted). */
export function rpc(url: string, method: string, params?: string, id: string = '1'): Promise<RawReply> {
  const p = params === undefined ? '' : `,"params":${params}`
  return post(url, `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)}${p}}`)
}

/**
 * The fork blocks `SetEthUpgrades` (subnet-evm `params/config_extra.go`) sets to 0 when a genesis leaves them
 * unset: what tests expect in `eth_getChainConfig`, written here independently of the devnet's own list.
 */
export const zeroFilledForkBlocks = [
  'homesteadBlock',
  'eip150Block',
  'eip155Block',
  'eip158Block',
  'byzantiumBlock',
  'constantinopleBlock',
  'petersburgBlock',
  'istanbulBlock',
  'muirGlacierBlock',
  'berlinBlock',
  'londonBlock',
] as const

/**
 * Starts the BUILT CLI as a user runs it (`subnet-rpc devnet --port 0 [--genesis <file>] [...flags]`, from dist/:
 * `npm test` builds it first) and resolves with its L1 URL by alias once it is listening; kill `child` to stop it.
 */
export async function startCliDevnet(genesis?: string, flags: string[] = []): Promise<{ rpcUrl: string; child: ChildProcess }> {
  const args = ['dist/cli.js', 'devnet', '--port', '0', ...(genesis ? ['--genesis', genesis] : []), ...flags]
  const child = spawn(process.execPath, args, { cwd: resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const rpcUrl = await new Promise<string>((done, fail) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const url = /L1 alias +(\S+)/.exec(out)?.[1]
      if (url && /Press Ctrl-C/.test(out)) done(url)
    })
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', () => fail(new Error(`the devnet exited: ${out}`)))
  })
  return { rpcUrl, child }
}
