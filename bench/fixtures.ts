/**
 * Real-shaped reply bodies for the benchmarks, produced by the devnet's own encoders (the
 * node's wire format), so every client parses and decodes exactly what a node sends.
 */
import { defaultGenesis } from '../packages/devnet/src/config/defaults.js'
import { loadChainFiles } from '../src/core/config/genesis.js'
import { chainConfigJson } from '../src/core/config/chainSpec.js'
import { activeRulesJson } from '../src/core/config/rules.js'
import { feeConfigJson } from '../src/core/config/feeConfig.js'
import { resolveNodeConfig, type PeerConfig } from '../packages/devnet/src/config/node.js'
import { derivePeerNodeIds } from '../packages/devnet/src/identity.js'
import { createInfoService } from '../packages/devnet/src/info/service.js'
import { goJson } from '../src/core/json/goJson.js'

const start = 1_700_000_000
const envelope = (result: string) => `{"jsonrpc":"2.0","id":1,"result":${result}}`

/** A chain config whose upgrade.json has `count` precompile upgrades (enable/disable pairs). */
function chainConfigWith(count: number, minBaseFee: bigint) {
  const genesis = defaultGenesis(start)
  genesis.config.feeConfig.minBaseFee = minBaseFee as unknown as number
  const upgrades = []
  for (let i = 0; i < count; i++) {
    const ts = start + 3600 * (i + 1)
    const enabled = Array.from({ length: 18 }, (_, k) => `0x${(k + 1).toString(16).padStart(2, '0').repeat(20)}`)
    const admins = ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc']
    const step = [
      { contractDeployerAllowListConfig: { adminAddresses: admins, enabledAddresses: enabled, blockTimestamp: ts } },
      { feeManagerConfig: { blockTimestamp: ts, disable: true } },
      { contractDeployerAllowListConfig: { blockTimestamp: ts, disable: true } },
      {
        feeManagerConfig: {
          adminAddresses: admins,
          blockTimestamp: ts,
          initialFeeConfig: { ...genesis.config.feeConfig, minBaseFee: minBaseFee + BigInt(i) },
        },
      },
    ][i % 4]
    upgrades.push(step)
  }
  return loadChainFiles(genesis, { precompileUpgrades: upgrades }, 12345).spec
}

function peersBody(count: number, upgradeTime: bigint): string {
  const ids = derivePeerNodeIds('bench', count)
  const base = resolveNodeConfig({ seed: 'bench' }, '2CPdCMcTqGDyADh2Vp74x8hxV3AJi3FAUMKHbYXVsyUSanep9Q')
  const peers: PeerConfig[] = ids.map((nodeID, i) => ({
    ...base.peers[i % base.peers.length]!,
    nodeID,
    ip: `10.0.${i >> 8}.${i & 255}:9651`,
    publicIP: `10.0.${i >> 8}.${i & 255}:9651`,
    upgradeTime,
  }))
  const service = createInfoService({ ...base, peers }, { resolve: () => undefined, isBootstrapped: () => true })
  return envelope(goJson(service.get('peers')!(undefined)))
}

export function fixtures(opts: { longIntegers: boolean }) {
  const big = opts.longIntegers ? 9_007_199_254_740_993n : 25_000_000_000n
  const spec = chainConfigWith(2, big)
  const bigSpec = chainConfigWith(50, big)
  const node = resolveNodeConfig({ seed: 'bench' }, 'x')
  const info = createInfoService(node, { resolve: () => undefined, isBootstrapped: () => true })
  return {
    feeConfig: envelope(
      goJson({ feeConfig: feeConfigJson(spec.feeConfig), lastChangedAt: opts.longIntegers ? 9_007_199_254_740_995n : 0n }),
    ),
    getChainConfig: envelope(goJson(chainConfigJson(spec))),
    getChainConfigLarge: envelope(goJson(chainConfigJson(bigSpec))),
    getActiveRulesAt: envelope(goJson(activeRulesJson(spec, BigInt(start + 100)))),
    getNodeVersion: envelope(goJson(info.get('getNodeVersion')!(undefined))),
    peers200: peersBody(200, opts.longIntegers ? 9_007_199_254_740_993n : 1_763_568_000n),
    peersLarge: peersBody(1000, opts.longIntegers ? 9_007_199_254_740_993n : 1_763_568_000n),
  }
}
