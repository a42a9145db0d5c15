export * from '../../dist/viem/precompiles/index.js'
