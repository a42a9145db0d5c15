/** Shared helpers for tests against a real devnet (real anvil, real HTTP). */
import { type ChildProcess, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startDevnet, type Devnet, type DevnetOptions } from '../../packages/devnet/src/index.js'
import type { FeeConfig } from '../../src/index.js'
import { verifyBlockFee, verifyGasLimit, verifyHeaderTime } from '../../src/fees.js'

/**
 * Starts one devnet for the enclosing test file and stops it afterwards, checking every block it built against
 * the node's header rules. For a file that changes the chain (sends transactions, mines, sets anvil state) or
 * needs options a shared devnet cannot take; a file that only reads takes {@link useSharedDevnet}.
 */
export function useDevnet(options: DevnetOptions = {}): () => Devnet {
  let devnet: Devnet | undefined
  beforeAll(async () => {
    devnet = await startDevnet(options)
  })
  afterAll(async () => {
    try {
      if (devnet) await verifyBlocks(devnet)
    } finally {
      await devnet?.stop()
    }
  })
  return () => {
    if (!devnet) throw new Error('devnet not started')
    return devnet
  }
}

/**
 * Options of a shared devnet: data only (it is found again by their JSON), no files that change between
 * files and no callbacks.
 */
export type SharedDevnetOptions = Pick<DevnetOptions, 'seed' | 'networkID' | 'nodeVersion' | 'alias' | 'apiMaxBlocksPerRequest'> & {
  node?: DevnetOptions['node']
}

/** The worker's shared devnets by their options' JSON, on globalThis so that test/helpers/devnet-environment.ts stops them. */
const sharedKey = Symbol.for('subnet-rpc.test.sharedDevnets')
export type SharedDevnets = Map<string, Promise<Devnet>>
export function sharedDevnets(): SharedDevnets {
  const scope = globalThis as { [sharedKey]?: SharedDevnets }
  scope[sharedKey] ??= new Map()
  return scope[sharedKey]
}

/** Keys sorted at every depth: the same options give the same JSON whatever order a file writes them in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

/** The chain's head and anvil's pool, which a file that only reads leaves as it found them. */
async function chainMark(devnet: Devnet): Promise<string> {
  const result = async (url: string, method: string) => {
    const reply = JSON.parse((await rpc(url, method, '[]')).body) as { result?: unknown; error?: unknown }
    if (reply.error !== undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
    return reply.result
  }
  const marks = await Promise.all(devnet.l1s.flatMap((l1) => [result(l1.rpcUrl, 'eth_blockNumber'), result(l1.anvilUrl, 'txpool_status')]))
  return JSON.stringify(marks)
}

/**
 * The devnet of `options` that the test files of this vitest worker share: started by the first file that asks,
 * stopped when the worker ends (test/helpers/devnet-environment.ts). Only for a file that reads: one that sends a
 * transaction, mines or sets anvil state would leak into the next file, so each file checks at its end that the
 * head block and anvil's pool are as it found them, and fails otherwise. Files that use it run in workers
 * reused across files (vitest.config.ts, the `shared` project); run alone, a file starts it for itself.
 *
 * @example
 * const devnet = useSharedDevnet()
 * it('answers', async () => expect((await rpc(devnet().rpcUrl, 'eth_chainId')).status).toBe(200))
 */
export function useSharedDevnet(options: SharedDevnetOptions = {}): () => Devnet {
  let devnet: Devnet | undefined
  let mark: string | undefined
  beforeAll(async () => {
    const devnets = sharedDevnets()
    const key = canonical(options)
    let started = devnets.get(key)
    if (!started) {
      started = startDevnet(options)
      devnets.set(key, started)
      // A start that failed is not kept: the next file tries again (and reports its own failure).
      started.catch(() => devnets.delete(key))
    }
    devnet = await started
    mark = await chainMark(devnet)
  })
  afterAll(async () => {
    if (!devnet || mark === undefined) return
    const now = await chainMark(devnet)
    if (now !== mark)
      throw new Error(
        `this file changed the shared devnet (head and pool ${mark} at its start, ${now} at its end): ` +
          'a file that sends transactions, mines or sets anvil state takes useDevnet, its own devnet',
      )
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

/**
 * The start time of the genesis files `testGenesis` makes: when the test file loads, since the devnet stamps
 * blocks with the wall clock (a schedule relative to it starts now).
 */
export const testGenesisTime = Math.floor(Date.now() / 1000)

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
 * `output()` is what it has printed so far, stdout and stderr.
 */
export async function startCliDevnet(
  genesis?: string,
  flags: string[] = [],
): Promise<{ rpcUrl: string; child: ChildProcess; output: () => string }> {
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
  return { rpcUrl, child, output: () => out }
}

type BlockReply = {
  number: string
  timestamp: string
  timestampMilliseconds?: string
  minDelayExcess?: string
  gasLimit: string
  baseFeePerGas?: string
  blockGasCost?: string
  transactions: { hash: string; gasPrice: string; maxFeePerGas?: string; maxPriorityFeePerGas?: string }[]
}

/**
 * The node's checks of each block's header against its parent's, run on every block a devnet built
 * (customheader `VerifyTime`, `VerifyGasLimit`, `VerifyBlockFee`): each failure is thrown, with the block.
 */
export async function verifyBlocks(devnet: Devnet): Promise<void> {
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    const reply = JSON.parse((await rpc(devnet.rpcUrl, method, JSON.stringify(params))).body) as { result?: T; error?: unknown }
    if (reply.error !== undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
    return reply.result as T
  }
  const upgrades = devnet.chainSpec.networkUpgrades
  const q = (v: string | undefined) => (v === undefined ? undefined : BigInt(v))
  const header = (b: BlockReply) => ({
    timestamp: BigInt(b.timestamp),
    timestampMilliseconds: q(b.timestampMilliseconds),
    minDelayExcess: q(b.minDelayExcess),
    gasLimit: BigInt(b.gasLimit),
  })
  const head = BigInt(await call<string>('eth_blockNumber', []))
  const failures: string[] = []
  let parent = await call<BlockReply>('eth_getBlockByNumber', ['0x0', true])
  for (let n = 1n; n <= head; n++) {
    const block = await call<BlockReply>('eth_getBlockByNumber', [`0x${n.toString(16)}`, true])
    const time = verifyHeaderTime({ parent: header(parent), header: header(block), upgrades })
    if (!time.ok) failures.push(`block ${n}: ${time.message}`)
    // The fee config in force for the block is the one at its parent (GetFeeConfigAt); its numbers as bigints.
    const body = (await rpc(devnet.rpcUrl, 'eth_feeConfig', JSON.stringify([parent.number]))).body
    const numbers = JSON.parse(body.replace(/(?<=[:,[])(-?\d+)(?=[,}\]])/g, '"$1"')) as { result: { feeConfig: Record<string, string> } }
    const feeConfig = Object.fromEntries(Object.entries(numbers.result.feeConfig).map(([k, v]) => [k, BigInt(v)])) as FeeConfig
    const limit = verifyGasLimit({ feeConfig, parent: header(parent), header: header(block), upgrades })
    if (!limit.ok) failures.push(`block ${n}: ${limit.message}`)
    // Blocks with transactions: an empty one is only made by evm_mine / anvil_mine, a tool with no node
    // counterpart, and before Granite nothing pays its block gas cost (docs/devnet.md, What differs).
    if (block.blockGasCost !== undefined && block.transactions.length > 0) {
      const receipts = await call<{ gasUsed: string }[]>('eth_getBlockReceipts', [block.number])
      const fee = verifyBlockFee({
        baseFee: q(block.baseFeePerGas),
        blockGasCost: BigInt(block.blockGasCost),
        transactions: block.transactions.map((tx, i) => ({
          ...(tx.maxFeePerGas !== undefined
            ? { maxFeePerGas: BigInt(tx.maxFeePerGas), maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas!) }
            : { gasPrice: BigInt(tx.gasPrice) }),
          gasUsed: BigInt(receipts[i]!.gasUsed),
        })),
      })
      if (!fee.ok) failures.push(`block ${n}: ${fee.message}`)
    }
    parent = block
  }
  if (failures.length > 0) throw new Error(`blocks a node would refuse:\n${failures.join('\n')}`)
}

/**
 * An "anvil" of a supported version (it answers `--version` as anvil 1.7.1 does) that leaves a mark in `dir` if it is
 * ever started: a config error must come before anvil.
 */
export function spyAnvil(dir: string): { mark: string; anvilBinary: string } {
  const mark = join(dir, 'anvil-started')
  const anvilBinary = join(dir, 'anvil-spy.sh')
  const script = `#!/bin/sh\nif [ "$1" = "--version" ]; then echo 'anvil Version: 1.7.1'; exit 0; fi\ntouch '${mark}'\nsleep 30\n`
  writeFileSync(anvilBinary, script, { mode: 0o755 })
  return { mark, anvilBinary }
}

/** A JSON-RPC reply as a devnet gives it. */
export type RpcReply = { result?: any; error?: { code: number; message: string } }

/**
 * Calls on a devnet's L1 endpoint: `reply` gives the reply as it is, `call` its result (throwing the node's error
 * message with the method's name), `receipts` waits (up to 10 s each) for the receipts of sent transactions.
 */
export function l1Calls(devnet: () => { rpcUrl: string }) {
  const reply = async (method: string, params: unknown[] = []): Promise<RpcReply> =>
    JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as RpcReply
  const call = async (method: string, params: unknown[] = []): Promise<any> => {
    const r = await reply(method, params)
    if (r.error) throw new Error(`${method}: ${r.error.message}`)
    return r.result
  }
  const receipts = async (hashes: string[]): Promise<any[]> => {
    const found: any[] = []
    for (const hash of hashes) {
      let r: any
      for (const deadline = Date.now() + 10_000; !r && Date.now() < deadline; ) {
        r = await call('eth_getTransactionReceipt', [hash])
        if (!r) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      found.push(r)
    }
    return found
  }
  return { reply, call, receipts }
}
