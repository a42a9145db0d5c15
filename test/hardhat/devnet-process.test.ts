/**
 * subnet-rpc-hardhat's parts that need no Hardhat run (Hardhat 3 runs on Node 22 only; ./plugin.test.ts runs the
 * plugin inside a real Hardhat 3 project):
 *
 * - the devnet's own process (packages/hardhat/dist/devnet-process.js with its built worker, as the plugin runs it):
 *   started, it answers on its L1 URL; `stop()` stops it and its anvil; a devnet that cannot start is a
 *   `DevnetStartError` (a Hardhat plugin error) naming the network and the devnet's error, with no process left; a parent that exits without
 *   stopping it is not kept alive, and the devnet and its anvil stop with it;
 * - the config hooks: `validateUserConfig`'s problems, each at its path, and `resolveUserConfig`'s absolute paths,
 *   port, alias and devnet URL.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { HardhatPluginError } from 'hardhat/plugins'
import type { HardhatConfig, HardhatUserConfig, ResolvedConfigurationVariable } from 'hardhat/types/config'
import { describe, expect, it } from 'vitest'
import configHooks, { devnetAddress } from '../../packages/hardhat/src/hooks/config.js'
import type { SubnetDevnetConfig } from '../../packages/hardhat/src/type-extensions.js'
import { root } from '../package/pack.js'

const run = promisify(execFile)
const built = pathToFileURL(join(root, 'packages/hardhat/dist/devnet-process.js')).href
const load = async () => (await import(built)) as typeof import('../../packages/hardhat/src/devnet-process.js')
const builtErrors = pathToFileURL(join(root, 'packages/hardhat/dist/errors.js')).href
const config: SubnetDevnetConfig = { port: 0, alias: 'devnet' }

async function rpc(url: string, method: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  return ((await res.json()) as { result: unknown }).result
}
const refused = (url: string) =>
  fetch(url, { method: 'POST', body: '{}' }).then(
    () => false,
    () => true,
  )
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function untilRefused(url: string) {
  while (!(await refused(url))) await sleep(100)
}

describe("the devnet's process (dist/devnet-process.js and dist/worker.js)", () => {
  it('starts a devnet that answers on its L1 URL, and stop() stops it and its anvil (twice is fine)', async () => {
    const { startDevnetProcess } = await load()
    const devnet = await startDevnetProcess('l1', { ...config, alias: 'my-l1' })
    expect(devnet.info.aliasRpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ext\/bc\/my-l1\/rpc$/)
    expect(devnet.info.chainId).toBe(99999n)
    expect(await rpc(devnet.info.aliasRpcUrl, 'eth_chainId')).toBe('0x1869f')
    expect(await rpc(devnet.info.rpcUrl, 'eth_feeConfig')).toMatchObject({ lastChangedAt: 0 })
    await devnet.stop()
    await devnet.stop()
    expect(await refused(devnet.info.aliasRpcUrl)).toBe(true)
    await untilRefused(devnet.info.anvilUrl)
  }, 60_000)

  it('with stateDir, the next process resumes the chain the last one stopped', async () => {
    const { startDevnetProcess } = await load()
    const stateDir = join(mkdtempSync(join(tmpdir(), 'hardhat-state-')), 'devnet')
    const first = await startDevnetProcess('l1', { ...config, stateDir })
    await rpc(first.info.rpcUrl, 'evm_mine')
    const head = await rpc(first.info.rpcUrl, 'eth_blockNumber')
    await first.stop()
    const second = await startDevnetProcess('l1', { ...config, stateDir })
    expect(await rpc(second.info.rpcUrl, 'eth_blockNumber')).toBe(head)
    expect(second.info.blockchainID).toBe(first.info.blockchainID)
    await second.stop()
  }, 60_000)

  it('passes relayer on: the devnet runs its relayer and lists its messages', async () => {
    const { startDevnetProcess } = await load()
    const devnet = await startDevnetProcess('l1', { ...config, relayer: true })
    try {
      expect(devnet.info.relayer?.address).toMatch(/^0x[0-9a-f]{40}$/)
      expect(await rpc(devnet.info.rpcUrl, 'devnet_relayerMessages')).toEqual({
        relayerAddress: devnet.info.relayer!.address,
        rewardAddress: devnet.info.relayer!.address,
        messages: [],
      })
    } finally {
      await devnet.stop()
    }
  }, 60_000)

  it('a devnet that cannot start is a DevnetStartError, a Hardhat plugin error naming the network, the file and what is wrong', async () => {
    const { startDevnetProcess } = await load()
    const { DevnetStartError } = (await import(builtErrors)) as typeof import('../../packages/hardhat/src/errors.js')
    const genesis = join(root, 'no-such-genesis.json')
    const error = await startDevnetProcess('l1', { ...config, genesis }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DevnetStartError)
    // What Hardhat's CLI asks of an error to print it as a plugin's, without a stack trace.
    expect(HardhatPluginError.isHardhatPluginError(error)).toBe(true)
    expect(error).toMatchObject({
      name: 'DevnetStartError',
      pluginId: 'subnet-rpc-hardhat',
      network: 'l1',
      reason: 'ChainConfigError',
      details: `${genesis}: no such file (the genesis of the L1 devnet)`,
    })
    expect((error as Error).message).toBe(
      `the devnet of network "l1" did not start: ${genesis}: no such file (the genesis of the L1 devnet)`,
    )
  }, 60_000)

  it('does not keep its parent alive, and stops with it: the parent exits by itself, then the devnet and anvil go', async () => {
    // A parent that starts a devnet, prints its URLs and ends without stopping it: it must exit on its own.
    const code = `const { startDevnetProcess } = await import(${JSON.stringify(built)});
const d = await startDevnetProcess('l1', { port: 0, alias: 'devnet' });
console.log(JSON.stringify([d.info.aliasRpcUrl, d.info.anvilUrl]));`
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: root, timeout: 60_000 })
    const [rpcUrl, anvilUrl] = JSON.parse(stdout) as [string, string]
    await untilRefused(rpcUrl)
    await untilRefused(anvilUrl)
  }, 90_000)
})

describe('the config hooks', () => {
  const hooks = configHooks()
  const validate = async (networks: Record<string, unknown>) =>
    (await (await hooks).validateUserConfig!({ networks } as HardhatUserConfig)).map((e) => [e.path.join('.'), e.message])
  const http = (extra: object) => ({ type: 'http', url: 'http://127.0.0.1:0/ext/bc/devnet/rpc', ...extra })

  it('accepts a devnet network, subnet without devnet, and networks without subnet', async () => {
    expect(
      await validate({
        l1: http({ subnet: { devnet: { genesis: './genesis.json', upgrade: './upgrade.json', seed: 's', networkID: 5 } } }),
        fuji: { type: 'http', url: 'https://example.com/ext/bc/x/rpc', subnet: {} },
        other: { type: 'http', url: 'http://localhost:8545' },
        sim: { type: 'edr-simulated' },
      }),
    ).toEqual([])
  })

  it('reports each problem at its path', async () => {
    expect(
      await validate({
        a: http({ subnet: { devnet: { genesis: 1, upgrad: 'x', networkID: -1, stateDir: '' } } }),
        b: { type: 'edr-simulated', subnet: {} },
        c: http({ subnet: { devnets: {} } }),
        d: http({ url: 'http://10.0.0.1:9650/ext/bc/devnet/rpc', subnet: { devnet: {} } }),
        e: http({ url: 'http://127.0.0.1/ext/bc/devnet/rpc', subnet: { devnet: {} } }),
        f: http({ url: 'http://127.0.0.1:9650/ext/info', subnet: { devnet: {} } }),
        g: http({ subnet: 'yes' }),
        h: http({ subnet: { devnet: { relayer: { messengers: ['0x12'], key: 1, privateKey: 'k' } } } }),
        i: http({ subnet: { devnet: { relayer: 'on' } } }),
        j: http({ subnet: { devnet: { relayer: true } } }),
      }),
    ).toEqual([
      [
        'networks.a.subnet.devnet.upgrad',
        'unknown setting upgrad (devnet has genesis, upgrade, seed, networkID, stateDir, chainConfig, relayer)',
      ],
      ['networks.a.subnet.devnet.genesis', 'genesis must be a non-empty string'],
      ['networks.a.subnet.devnet.stateDir', 'stateDir must be a non-empty string'],
      ['networks.a.subnet.devnet.networkID', 'networkID must be a positive integer'],
      ['networks.b.subnet', 'subnet is a setting of an http network'],
      ['networks.c.subnet.devnets', 'unknown setting devnets (subnet has devnet)'],
      ...['d', 'e', 'f'].map((n) => [
        `networks.${n}.url`,
        'url must be http://127.0.0.1:<port>/ext/bc/<alias>/rpc (the devnet serves there; port 0: a free port for each connection)',
      ]),
      ['networks.g.subnet', 'subnet must be an object'],
      ['networks.h.subnet.devnet.relayer.key', 'unknown setting key (relayer has messengers, privateKey, rewardAddress)'],
      ['networks.h.subnet.devnet.relayer.messengers', 'messengers must be a list of 0x-prefixed 20-byte addresses'],
      ['networks.h.subnet.devnet.relayer.privateKey', 'privateKey must be 0x and 64 hex digits'],
      ['networks.i.subnet.devnet.relayer', 'relayer must be true, false or an object { messengers, privateKey, rewardAddress }'],
    ])
  })

  it('reads the port and alias from the url', () => {
    expect(devnetAddress('http://127.0.0.1:9650/ext/bc/my-l1/rpc')).toEqual({ port: 9650, alias: 'my-l1' })
    expect(devnetAddress('http://localhost:0/ext/bc/devnet/rpc')).toEqual({ port: 0, alias: 'devnet' })
    expect(devnetAddress('http://127.0.0.1:80/ext/bc/devnet/rpc')).toEqual({ port: 80, alias: 'devnet' })
    expect(typeof devnetAddress({ _type: 'ConfigurationVariable', name: 'URL' })).toBe('string')
  })

  it('resolves paths from the project root, and the url to one that starts the devnet; the configured one outside a connection', async () => {
    const userConfig = {
      networks: {
        l1: http({
          url: 'http://127.0.0.1:9650/ext/bc/devnet/rpc',
          subnet: { devnet: { genesis: './g.json', upgrade: '/abs/u.json', stateDir: '.devnet', chainConfig: 'config.json' } },
        }),
        free: http({ subnet: { devnet: {} } }),
        fuji: { type: 'http', url: 'https://example.com/ext/bc/x/rpc', subnet: {} },
      },
    } as HardhatUserConfig
    const fixed = (url: string) =>
      ({ _type: 'ResolvedConfigurationVariable', format: '{variable}', getUrl: async () => url }) as ResolvedConfigurationVariable
    const resolved = {
      paths: { root: '/project' },
      networks: {
        l1: { type: 'http', url: fixed('http://127.0.0.1:9650/ext/bc/devnet/rpc') },
        free: { type: 'http', url: fixed('http://127.0.0.1:0/ext/bc/devnet/rpc') },
        fuji: { type: 'http', url: fixed('https://example.com/ext/bc/x/rpc') },
      },
    } as unknown as HardhatConfig
    const out = await (await hooks).resolveUserConfig!(
      userConfig,
      () => fixed(''),
      async () => resolved,
    )
    const l1 = out.networks.l1 as HardhatConfig['networks'][string] & { type: 'http' }
    expect(l1.subnet).toEqual({
      devnet: {
        genesis: '/project/g.json',
        upgrade: '/abs/u.json',
        stateDir: '/project/.devnet',
        chainConfig: '/project/config.json',
        port: 9650,
        alias: 'devnet',
      },
    })
    // Outside a connection's creation, the configured URL (no devnet is started); with port 0 there is none.
    expect(await l1.url.getUrl()).toBe('http://127.0.0.1:9650/ext/bc/devnet/rpc')
    const free = out.networks.free as typeof l1
    const noUrl = await free.url.getUrl().catch((e: Error) => e)
    expect(HardhatPluginError.isHardhatPluginError(noUrl)).toBe(true)
    expect((noUrl as Error).message).toContain('listens on a free port of each connection')
    const fuji = out.networks.fuji as typeof l1
    expect(fuji.subnet).toEqual({})
    expect(await fuji.url.getUrl()).toBe('https://example.com/ext/bc/x/rpc')
  })
})
