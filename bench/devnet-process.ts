/**
 * A devnet in a process of its own, for the benchmarks that compare it with a plain anvil (itself a process of its
 * own): `startDevnet` with the options given as JSON in argv[2]; prints `READY <L1 URL>` once it serves, and stops on
 * SIGTERM. A user's `npx subnet-rpc-devnet` or the Hardhat plugin's devnet runs apart from the client too.
 */
import { startDevnet } from '../packages/devnet/src/index.js'

const devnet = await startDevnet({ ...JSON.parse(process.argv[2] ?? '{}'), onWarning: () => undefined })
console.log(`READY ${devnet.rpcUrl}`)
process.once('SIGTERM', () => {
  void devnet.stop().then(() => process.exit(0))
})
