export * from '../../dist/viem/actions/index.js'
