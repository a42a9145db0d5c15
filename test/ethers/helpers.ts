/** ethers test helpers: the shared servers and providers (see test/helpers/servers.ts). */
export * from '../helpers/servers.js'
