// App bundles, minified and gzipped by esbuild + size-limit. test/size/size.test.ts checks what
// each decorator adds over viem alone. viem is a peer dependency, which size-limit leaves out by
// default; the apps must include it to be real apps, so esbuild's externals are cleared.
const app = (name, file) => ({
  name,
  path: `test/size/apps/${file}.ts`,
  gzip: true,
  modifyEsbuildConfig: (config) => ({ ...config, external: [] }),
})

module.exports = [
  app('viem alone', 'viem-only'),
  app('viem + subnetActions', 'viem-subnet'),
  app('viem + infoActions', 'viem-info'),
  app('viem + both + subnetHttp', 'viem-both'),
]
