export * from '../../../dist/devnet/index.js'
