/**
 * The devnet's own process (started by ./devnet-process.ts with `fork`): it runs `startDevnet` with the options it is
 * sent, answers with the devnet's URLs and IDs, and stops the devnet when the channel to its parent closes: the parent closed
 * the connection, or exited, however it ended. A devnet in Hardhat's own process would keep it alive (its
 * server and anvil) after a script or test file is done; here Hardhat's process holds an unreferenced channel only.
 */
import { type DevnetOptions, startDevnet } from 'subnet-rpc-devnet'
import type { WorkerReply } from './devnet-process.js'

const reply = (message: WorkerReply) => new Promise<void>((resolve) => process.send?.(message, () => resolve()))

process.once('message', async (options: DevnetOptions) => {
  let devnet: Awaited<ReturnType<typeof startDevnet>>
  try {
    devnet = await startDevnet(options)
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e))
    await reply({ error: { name: error.name, message: error.message } })
    process.disconnect()
    return
  }
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= devnet.stop().finally(() => process.exit(0))
    return stopping
  }
  process.once('disconnect', stop)
  // What crosses the channel: no functions, no promises (`failed`: a dead anvil is reported by the devnet's own stderr).
  const { stop: _stop, chainSpec: _spec, failed: _failed, ...info } = devnet
  await reply({ ready: info })
})
