/**
 * Bundle size (minified by esbuild, then gzip) of small apps using subnet-rpc's viem
 * decorators, beside the same app on viem alone and beside `@avalanche-sdk/client`'s
 * equivalent imports, all measured the same way in one run.
 *
 * subnet-rpc is measured AS INSTALLED: the built dist/ is packed (`npm pack`) and installed with
 * viem and @avalanche-sdk/client (the versions this repository has) into a fresh app under the
 * system's temp directory (test/package/pack.ts), and the apps are bundled from there.
 *
 *   npm run build && npm run bench:size
 */
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { installApp, packTarball, repoVersion } from '../test/package/pack.js'

const url = "'http://127.0.0.1:9650/ext/bc/devnet/rpc'"
const info = "'http://127.0.0.1:9650/ext/info'"
const apps: Record<string, string> = {
  'viem alone': `import { createPublicClient, http } from 'viem'
    const c = createPublicClient({ transport: http(${url}) }); export const x = c.getBlockNumber()`,
  'viem + subnetActions': `import { createPublicClient, http } from 'viem'; import { subnetActions } from 'subnet-rpc/viem'
    const c = createPublicClient({ transport: http(${url}) }).extend(subnetActions()); export const x = [c.getBlockNumber(), c.feeConfig()]`,
  'viem + infoActions': `import { createPublicClient, http } from 'viem'; import { infoActions } from 'subnet-rpc/viem'
    const c = createPublicClient({ transport: http(${url}) }).extend(infoActions()); export const x = [c.getBlockNumber(), c.getNodeVersion()]`,
  'viem + both': `import { createPublicClient, http } from 'viem'; import { infoActions, subnetActions } from 'subnet-rpc/viem'
    const c = createPublicClient({ transport: http(${url}) }).extend(subnetActions()).extend(infoActions()); export const x = [c.getBlockNumber(), c.feeConfig(), c.getNodeVersion()]`,
  'viem + @avalanche-sdk chain methods': `import { createPublicClient, http, createClient } from 'viem'
    import { feeConfig, getChainConfig, getActiveRulesAt } from '@avalanche-sdk/client/methods/public'
    const c = createPublicClient({ transport: http(${url}) })
    export const x = [c.getBlockNumber(), feeConfig(c, { blk: 'latest' }), getChainConfig(c), getActiveRulesAt(c, { timestamp: '0x1' })]`,
  'viem + @avalanche-sdk info methods': `import { createPublicClient, http, createClient } from 'viem'
    import * as i from '@avalanche-sdk/client/methods/info'
    const c = createPublicClient({ transport: http(${url}) }); const n = createClient({ transport: http(${info}) })
    export const x = [c.getBlockNumber(), i.acps(n), i.getBlockchainID(n, { alias: 'X' }), i.getNetworkID(n), i.getNetworkName(n), i.getNodeID(n), i.getNodeIP(n), i.getNodeVersion(n), i.getTxFee(n), i.getVMs(n), i.isBootstrapped(n, { chain: 'X' }), i.peers(n, {}), i.upgrades(n), i.uptime(n)]`,
}

const pack = await packTarball()
const app = await installApp(
  'bench-size',
  { viem: repoVersion('viem'), '@avalanche-sdk/client': repoVersion('@avalanche-sdk/client') },
  true,
)
console.log(`subnet-rpc tarball ${pack.info.size} B (${pack.info.entryCount} files), installed in ${app.dir}`)

const rows: Record<string, Record<string, number>> = {}
let base = 0
for (const [name, contents] of Object.entries(apps)) {
  const out = await build({
    stdin: { contents, resolveDir: app.dir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  const bytes = out.outputFiles[0]!.contents
  const gz = gzipSync(bytes, { level: 9 }).length
  if (name === 'viem alone') base = gz
  rows[name] = {
    'min KB': +(bytes.length / 1024).toFixed(1),
    'min+gzip KB': +(gz / 1024).toFixed(2),
    'added over viem KB': +((gz - base) / 1024).toFixed(2),
  }
}
console.log('\nbundle size (esbuild minify + gzip -9), subnet-rpc as installed; target: each decorator adds ≤ 3 KB over viem alone')
console.table(rows)
