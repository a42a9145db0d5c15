/**
 * Finds and runs the real anvil behind the devnet, through `@viem/anvil`.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, join } from 'node:path'
import { createAnvil } from '@viem/anvil'

/** Thrown when no anvil binary can be found; the message names every way to provide one. */
export class AnvilNotFoundError extends Error {
  override name = 'AnvilNotFoundError'
}

function platformPackageBinary(): string | undefined {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platform = process.platform
  const exe = platform === 'win32' ? 'anvil.exe' : 'anvil'
  try {
    const require = createRequire(import.meta.url)
    const pkg = require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`)
    const bin = join(pkg, '..', 'bin', exe)
    return existsSync(bin) ? bin : undefined
  } catch {
    return undefined
  }
}

function onPath(): string | undefined {
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, exe))) return join(dir, exe)
  }
  return undefined
}

/**
 * The anvil binary to run: the `anvilBinary` option, then `ANVIL_BINARY`, then the
 * `@foundry-rs/anvil` platform package, then `anvil` on PATH.
 */
export function findAnvilBinary(anvilBinary?: string): string {
  if (anvilBinary) {
    if (!existsSync(anvilBinary)) throw new AnvilNotFoundError(`anvilBinary option points to ${anvilBinary}, which does not exist`)
    return anvilBinary
  }
  const fromEnv = process.env.ANVIL_BINARY
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new AnvilNotFoundError(`ANVIL_BINARY points to ${fromEnv}, which does not exist`)
    return fromEnv
  }
  const found = platformPackageBinary() ?? onPath()
  if (found) return found
  throw new AnvilNotFoundError(
    'anvil not found. Provide it in one of four ways: the `anvilBinary` option of startDevnet (or --anvil on the CLI), ' +
      'the ANVIL_BINARY environment variable, the npm package @foundry-rs/anvil (its platform package ' +
      `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch} ships the binary), or \`anvil\` on PATH (foundryup).`,
  )
}

export type AnvilProcess = { url: string; port: number; stop(): Promise<void> }

export type AnvilSpawnOptions = {
  binary: string
  chainId: bigint
  gasLimit?: bigint
  port?: number
  timestamp?: number
  blockBaseFeePerGas?: bigint
}

/** Starts anvil on 127.0.0.1 (a free port unless one is given) and waits until it listens. */
export async function spawnAnvil(opts: AnvilSpawnOptions): Promise<AnvilProcess> {
  let listenedPort: number | undefined
  const anvil = createAnvil({
    anvilBinary: opts.binary,
    host: '127.0.0.1',
    port: opts.port ?? 0,
    chainId: Number(opts.chainId),
    gasLimit: opts.gasLimit,
    timestamp: opts.timestamp,
    blockBaseFeePerGas: opts.blockBaseFeePerGas,
    startTimeout: 30_000,
    // @viem/anvil never clears its stop timer: a short one keeps exits prompt.
    stopTimeout: 2_000,
    // execa's `cleanup` kills anvil when this process exits, by a signal or otherwise.
    execArgs: (args: unknown[]) => {
      const [bin, argv, options] = args as [string, string[], Record<string, unknown>]
      return [bin, argv, { ...options, cleanup: true, forceKillAfterTimeout: 1_000 }]
    },
  } as Parameters<typeof createAnvil>[0])
  anvil.on('message', (m: string) => {
    const match = /Listening on [^\s:]+:(\d+)/.exec(m)
    if (match) listenedPort = Number(match[1])
  })
  await anvil.start()
  if (listenedPort === undefined) throw new Error('anvil started but did not report its port')
  const port = listenedPort
  let stopped: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => {
      stopped ??= anvil.stop().catch(() => undefined)
      return stopped
    },
  }
}
