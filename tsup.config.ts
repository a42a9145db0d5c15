import { defineConfig } from 'tsup'

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      'devnet/index': 'src/devnet/index.ts',
      'viem/index': 'src/viem/index.ts',
      'viem/actions': 'src/viem/actions/index.ts',
      'ethers/index': 'src/ethers/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: true,
    treeshake: true,
    // import.meta.url (used to locate the anvil package) needs a shim in the CJS build.
    shims: true,
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    sourcemap: true,
    banner: { js: '#!/usr/bin/env node' },
  },
])
