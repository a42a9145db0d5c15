export * from '../../dist/viem/index.js'
