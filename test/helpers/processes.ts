/** Processes and ports in tests of the devnet's lifecycle: what a devnet leaves behind (Linux /proc). */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'

export async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    })
    return true
  } catch {
    return false
  }
}

export async function gone(url: string, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (!(await reachable(url))) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

/** A process that has not exited (a zombie has). */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** Every process below `pid` (Linux /proc: each thread's children). */
export function descendants(pid: number): number[] {
  let tasks: string[] = []
  try {
    tasks = readdirSync(`/proc/${pid}/task`)
  } catch {}
  const children = tasks.flatMap((t) => {
    try {
      return readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
    } catch {
      return []
    }
  })
  return children.flatMap((c) => [c, ...descendants(c)])
}

/** True once 127.0.0.1:`port` can be listened on again. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** Waits until none of `pids` runs and both ports are free; says what is left otherwise. */
export async function leftOver(pids: number[], ports: number[], ms = 10_000): Promise<string[]> {
  const until = Date.now() + ms
  for (;;) {
    const left = [
      ...pids.filter(running).map((p) => `process ${p}: ${readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ')}`),
      ...(await Promise.all(ports.map(async (p) => ((await portFree(p)) ? '' : `port ${p}`)))).filter(Boolean),
    ]
    if (left.length === 0 || Date.now() > until) return left
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Runs a command until `ready` matches its stdout; resolves with the output and the child. */
export function startChild(
  args: string[],
  ready: RegExp,
  command = process.execPath,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options })
  let out = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const started = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (ready.test(out)) resolve(out)
    })
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', () => reject(new Error(`exited early: ${out}`)))
  })
  return { child, started, exited }
}

/** The node's and anvil's ports as the CLI printed them. */
export const ports = (out: string) =>
  [/node +http:\/\/127\.0\.0\.1:(\d+)/, /anvil +http:\/\/127\.0\.0\.1:(\d+)/].map((re) => Number(re.exec(out)![1]))
