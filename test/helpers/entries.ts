/**
 * The packages' entry points, subpath → source entry: the `exports` of package.json,
 * packages/devnet/package.json and packages/hardhat/package.json, which the builds make from these files. Tests and vitest's aliases
 * resolve the package names to the sources through this table (tsconfig.json's `paths` say the same).
 */
export const entryPoints: Record<string, string> = {
  'subnet-rpc': 'src/index.ts',
  'subnet-rpc/viem': 'src/viem/index.ts',
  'subnet-rpc/viem/actions': 'src/viem/actions/index.ts',
  'subnet-rpc/viem/precompiles': 'src/viem/precompiles/index.ts',
  'subnet-rpc/viem/warp': 'src/viem/warp/index.ts',
  'subnet-rpc/ethers': 'src/ethers/index.ts',
  'subnet-rpc/fees': 'src/fees.ts',
  'subnet-rpc/config': 'src/config.ts',
  'subnet-rpc/warp': 'src/warp.ts',
  'subnet-rpc/internal': 'src/internal.ts',
  'subnet-rpc-devnet': 'packages/devnet/src/index.ts',
  'subnet-rpc-hardhat': 'packages/hardhat/src/index.ts',
}

/** vitest's `resolve.alias` for the table: each package name (exactly) to its source entry under `root`. */
export function sourceAliases(root: string) {
  return Object.entries(entryPoints).map(([id, file]) => ({
    find: new RegExp(`^${id.replaceAll('/', '\\/')}$`),
    replacement: `${root}/${file}`,
  }))
}
