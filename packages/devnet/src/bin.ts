/** The `subnet-rpc-devnet` bin (packages/devnet/bin.js loads it): the devnet's command line (./cli.ts). */
import { devnetCommand } from './cli.js'

devnetCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`subnet-rpc-devnet: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  },
)
