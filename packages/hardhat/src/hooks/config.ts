/**
 * The `config` hooks: `subnet` of an HTTP network is checked (validateUserConfig) and resolved (resolveUserConfig):
 * paths (genesis, upgrade, stateDir, chainConfig) made absolute from the project root, the devnet's port and alias read from `url`, and `url` replaced by
 * ../devnet-url.ts's, which starts the devnet when a connection is created.
 */
import { isAbsolute, resolve } from 'node:path'
import type { HardhatUserConfig, HttpNetworkUserConfig, NetworkUserConfig } from 'hardhat/types/config'
import type { ConfigHooks, HardhatUserConfigValidationError } from 'hardhat/types/hooks'
import { DevnetUrl } from '../devnet-url.js'
import type { SubnetConfig, SubnetDevnetConfig } from '../type-extensions.js'

const devnetKeys = ['genesis', 'upgrade', 'seed', 'networkID', 'stateDir', 'chainConfig', 'relayer']
const relayerKeys = ['messengers', 'privateKey', 'rewardAddress']

/** `http://127.0.0.1:<port>/ext/bc/<alias>/rpc` (or `localhost`): the devnet's port and alias, or why not. */
export function devnetAddress(url: unknown): { port: number; alias: string } | string {
  const shape = 'url must be http://127.0.0.1:<port>/ext/bc/<alias>/rpc (the devnet serves there; port 0: a free port for each connection)'
  if (typeof url !== 'string') return `${shape}, a string (not a configuration variable)`
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return shape
  }
  const alias = /^\/ext\/bc\/([A-Za-z0-9_.-]+)\/rpc$/.exec(parsed.pathname)?.[1]
  // URL drops a port that is the scheme's default (80): the devnet needs one written out.
  const port = /^http:\/\/[^/]+:(\d+)\//.test(url) ? Number(parsed.port || 80) : undefined
  if (parsed.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(parsed.hostname) || !alias || port === undefined) return shape
  return { port, alias }
}

/** The problems of one network's `subnet`, each at its path. */
function subnetErrors(name: string, network: NetworkUserConfig): HardhatUserConfigValidationError[] {
  const subnet = (network as { subnet?: unknown }).subnet
  if (subnet === undefined) return []
  const at = (...path: (string | number)[]) => ['networks', name, 'subnet', ...path]
  if (network.type !== 'http') return [{ path: at(), message: 'subnet is a setting of an http network' }]
  if (typeof subnet !== 'object' || subnet === null || Array.isArray(subnet)) return [{ path: at(), message: 'subnet must be an object' }]
  const errors: HardhatUserConfigValidationError[] = Object.keys(subnet)
    .filter((key) => key !== 'devnet')
    .map((key) => ({ path: at(key), message: `unknown setting ${key} (subnet has devnet)` }))
  const devnet = (subnet as { devnet?: unknown }).devnet
  if (devnet === undefined) return errors
  if (typeof devnet !== 'object' || devnet === null || Array.isArray(devnet))
    return [...errors, { path: at('devnet'), message: 'devnet must be an object' }]
  const d = devnet as Record<string, unknown>
  for (const key of Object.keys(d))
    if (!devnetKeys.includes(key))
      errors.push({ path: at('devnet', key), message: `unknown setting ${key} (devnet has ${devnetKeys.join(', ')})` })
  for (const key of ['genesis', 'upgrade', 'seed', 'stateDir', 'chainConfig'])
    if (d[key] !== undefined && (typeof d[key] !== 'string' || d[key] === ''))
      errors.push({ path: at('devnet', key), message: `${key} must be a non-empty string` })
  if (d.networkID !== undefined && !(Number.isSafeInteger(d.networkID) && (d.networkID as number) > 0))
    errors.push({ path: at('devnet', 'networkID'), message: 'networkID must be a positive integer' })
  errors.push(...relayerErrors(d.relayer, (key) => at('devnet', 'relayer', ...key)))
  const address = devnetAddress((network as HttpNetworkUserConfig).url)
  if (typeof address === 'string') errors.push({ path: ['networks', name, 'url'], message: address })
  return errors
}

/** `devnet.relayer`: true, false, or { messengers?, privateKey?, rewardAddress? } of the right shapes. */
function relayerErrors(relayer: unknown, at: (path: string[]) => (string | number)[]): HardhatUserConfigValidationError[] {
  if (relayer === undefined || typeof relayer === 'boolean') return []
  if (typeof relayer !== 'object' || relayer === null || Array.isArray(relayer))
    return [{ path: at([]), message: `relayer must be true, false or an object { ${relayerKeys.join(', ')} }` }]
  const r = relayer as Record<string, unknown>
  const errors: HardhatUserConfigValidationError[] = Object.keys(r)
    .filter((key) => !relayerKeys.includes(key))
    .map((key) => ({ path: at([key]), message: `unknown setting ${key} (relayer has ${relayerKeys.join(', ')})` }))
  const address = /^0x[0-9a-fA-F]{40}$/
  if (r.messengers !== undefined && !(Array.isArray(r.messengers) && r.messengers.every((a) => typeof a === 'string' && address.test(a))))
    errors.push({ path: at(['messengers']), message: 'messengers must be a list of 0x-prefixed 20-byte addresses' })
  if (r.privateKey !== undefined && !(typeof r.privateKey === 'string' && /^0x[0-9a-fA-F]{64}$/.test(r.privateKey)))
    errors.push({ path: at(['privateKey']), message: 'privateKey must be 0x and 64 hex digits' })
  if (r.rewardAddress !== undefined && !(typeof r.rewardAddress === 'string' && address.test(r.rewardAddress)))
    errors.push({ path: at(['rewardAddress']), message: 'rewardAddress must be a 0x-prefixed 20-byte address' })
  return errors
}

export default async (): Promise<Partial<ConfigHooks>> => ({
  async validateUserConfig(userConfig: HardhatUserConfig): Promise<HardhatUserConfigValidationError[]> {
    return Object.entries(userConfig.networks ?? {}).flatMap(([name, network]) => subnetErrors(name, network))
  },

  async resolveUserConfig(userConfig, resolveConfigurationVariable, next) {
    const resolved = await next(userConfig, resolveConfigurationVariable)
    for (const [name, network] of Object.entries(userConfig.networks ?? {})) {
      const target = resolved.networks[name]
      if (network.type !== 'http' || target?.type !== 'http' || network.subnet === undefined) continue
      const subnet: SubnetConfig = {}
      const devnet = network.subnet.devnet
      const address = devnet && devnetAddress(network.url)
      if (devnet && typeof address === 'object') {
        const path = (file: string | undefined) => (file === undefined || isAbsolute(file) ? file : resolve(resolved.paths.root, file))
        const config: SubnetDevnetConfig = {
          ...devnet,
          genesis: path(devnet.genesis),
          upgrade: path(devnet.upgrade),
          stateDir: path(devnet.stateDir),
          chainConfig: path(devnet.chainConfig),
          ...address,
        }
        subnet.devnet = config
        target.url = new DevnetUrl(name, network.url as string, config)
      }
      target.subnet = subnet
    }
    return resolved
  },
})
