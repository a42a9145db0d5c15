// App bundles, minified and gzipped by esbuild + size-limit, built against subnet-rpc AS INSTALLED
// from its packed tarball (not src/): test/size/size.test.ts installs the app (test/package/pack.ts),
// copies test/size/apps/*.js into it and runs size-limit with SIZE_APP_DIR set to it. It checks what
// each decorator adds over viem alone. viem is a peer dependency, which size-limit leaves out by
// default; the apps must include it to be real apps, so esbuild's externals are cleared.
const dir = process.env.SIZE_APP_DIR
if (!dir) throw new Error('.size-limit.cjs measures an installed app: run it through test/size/size.test.ts (it sets SIZE_APP_DIR)')

const app = (name, file) => ({
  name,
  path: `${dir}/size-apps/${file}.js`,
  gzip: true,
  modifyEsbuildConfig: (config) => ({ ...config, external: [] }),
})

module.exports = [
  app('viem alone', 'viem-only'),
  app('viem + subnetActions', 'viem-subnet'),
  app('viem + infoActions', 'viem-info'),
  app('viem + both + subnetHttp', 'viem-both'),
  app('viem + precompileActions', 'viem-precompiles'),
  app('viem wallet + writeContract', 'viem-wallet-only'),
  app('viem + precompileWalletActions', 'viem-precompile-wallet'),
  app('viem + warpActions', 'viem-warp'),
  app('viem + proposerVMActions', 'viem-proposervm'),
  app('viem wallet + deliverWarpMessage', 'viem-warp-deliver'),
]
