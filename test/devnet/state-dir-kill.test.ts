/**
 * A devnet run from the command line with `--state-dir` and killed with SIGKILL (no stop, no last write): a start on
 * the dir resumes the chain as the last periodic write left it, which holds every block mined more than a second or
 * so before the kill (docs/devnet.md, State that lasts). `--chain-config` is taken from the command line too.
 */
import { readdirSync, readFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../../packages/devnet/src/index.js'
import { rpc, startCliDevnet } from '../helpers/devnet.js'

const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-state-kill-'))
const stateDir = join(dir, 'state')
const chainConfig = join(dir, 'config.json')
writeFileSync(chainConfig, JSON.stringify({ 'allow-unprotected-txs': true }))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const call = async (url: string, method: string, params: unknown[] = []) =>
  JSON.parse((await rpc(url, method, JSON.stringify(params))).body).result

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
}

describe('--state-dir and kill -9', () => {
  let devnet: Devnet | undefined
  afterAll(async () => {
    await devnet?.stop()
  })

  it('a start after SIGKILL resumes the chain of the last write; the dir is whole', async () => {
    const cli = await startCliDevnet(undefined, ['--state-dir', stateDir, '--chain-config', chainConfig])
    expect(cli.output()).toContain('L1 rpc')
    await call(cli.rpcUrl, 'anvil_mine', ['0x5'])
    const head = await call(cli.rpcUrl, 'eth_getBlockByNumber', ['latest', false])
    // The periodic write takes the new head within about a second.
    const file = join(stateDir, 'l1', 'devnet', 'state.json')
    const written = () => existsSync(file) && readFileSync(file, 'utf8').includes(`"hash":"${head.hash}"`)
    const since = Date.now()
    while (!written() && Date.now() - since < 10_000) await sleep(50)
    expect(written()).toBe(true)
    const anvils = childrenOf(cli.child.pid!)
    cli.child.kill('SIGKILL')
    for (const pid of anvils) process.kill(pid, 'SIGKILL')
    await new Promise((r) => cli.child.once('exit', r))

    expect(readdirSync(join(stateDir, 'l1', 'devnet')).filter((f) => f.includes('.tmp'))).toEqual([])
    devnet = await startDevnet({ stateDir, chainConfig })
    const resumed = await call(devnet.rpcUrl, 'eth_getBlockByNumber', ['latest', false])
    expect(resumed.hash).toBe(head.hash)
  }, 120_000)
})
