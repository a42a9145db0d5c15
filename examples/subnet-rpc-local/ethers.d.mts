export * from '../../dist/ethers/index.js'
