/**
 * The checked-in precompile artifacts (src/devnet/precompiles/artifacts/contracts.ts) are what
 * scripts/compile-contracts.mjs makes from contracts/*.sol today: rerun the script after editing a contract.
 */
import { describe, expect, it } from 'vitest'
import { precompileArtifacts } from '../../src/devnet/precompiles/artifacts/contracts.js'
// @ts-expect-error: a plain .mjs script without declarations
import { compilePrecompiles } from '../../scripts/compile-contracts.mjs'

describe('precompile artifacts', () => {
  it('are up to date with contracts/*.sol (run node scripts/compile-contracts.mjs)', () => {
    const fresh = compilePrecompiles() as Record<string, { abi: unknown[]; deployedBytecode: string }>
    expect(Object.keys(precompileArtifacts)).toEqual(Object.keys(fresh))
    for (const [name, artifact] of Object.entries(precompileArtifacts)) {
      expect(artifact.deployedBytecode, name).toBe(fresh[name]!.deployedBytecode)
      expect(artifact.abi, name).toEqual(fresh[name]!.abi)
    }
  })
})
