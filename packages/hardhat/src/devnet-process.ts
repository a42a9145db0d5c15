/**
 * A devnet for one connection, in a process of its own (./worker.ts). Started when Hardhat creates the connection's
 * provider (./devnet-url.ts), stopped by `closeConnection` (./hooks/network.ts) or, at the latest, when Hardhat's
 * process exits: the worker stops its devnet (and anvil) when the IPC channel closes. Nothing here keeps Hardhat's
 * process alive once the devnet is up (the child and its channel are unreferenced), as Hardhat's own simulated
 * networks do not.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { DevnetOptions } from 'subnet-rpc-devnet'
import { DevnetStartError } from './errors.js'
import type { SubnetDevnetConfig, SubnetDevnetInfo } from './type-extensions.js'

/** What the worker answers: the devnet's URLs and IDs, or why it did not start. */
export type WorkerReply = { ready: SubnetDevnetInfo } | { error: { name: string; message: string } }

/** A running devnet and the way to stop it. */
export type DevnetProcess = { info: SubnetDevnetInfo; stop(): Promise<void> }

const workerPath = fileURLToPath(new URL('./worker.js', import.meta.url))

/** Starts the devnet of `network` in a worker process; resolves once it answers on its port. */
export async function startDevnetProcess(network: string, config: SubnetDevnetConfig): Promise<DevnetProcess> {
  // No execArgv: Hardhat's loaders (tsx) are not the devnet's. stderr is the user's: anvil's and the devnet's warnings.
  const child = fork(workerPath, [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' })
  const options: DevnetOptions = {
    port: config.port,
    alias: config.alias,
    ...(config.genesis !== undefined && { genesis: config.genesis }),
    ...(config.upgrade !== undefined && { upgrade: config.upgrade }),
    ...(config.seed !== undefined && { seed: config.seed }),
    ...(config.networkID !== undefined && { networkID: config.networkID }),
    ...(config.stateDir !== undefined && { stateDir: config.stateDir }),
    ...(config.chainConfig !== undefined && { chainConfig: config.chainConfig }),
    ...(config.relayer !== undefined && { relayer: config.relayer === true ? true : config.relayer || undefined }),
  }
  child.send(options)
  const reply = await Promise.race([
    once(child, 'message').then(([message]) => message as WorkerReply),
    once(child, 'exit').then(
      ([code]): WorkerReply => ({ error: { name: 'Error', message: `the devnet's process exited (code ${code})` } }),
    ),
  ])
  if ('error' in reply) {
    child.kill()
    throw new DevnetStartError(network, reply.error.name, reply.error.message)
  }
  release(child)
  let stopped: Promise<void> | undefined
  return {
    info: reply.ready,
    stop() {
      stopped ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return
        child.ref()
        const exited = once(child, 'exit')
        // Closing the channel is the worker's signal to stop its devnet and exit.
        child.disconnect()
        await exited
      })()
      return stopped
    },
  }
}

/** Lets Hardhat's process exit while the devnet runs: the worker notices the closed channel and stops. */
function release(child: ChildProcess) {
  child.unref()
  ;(child.channel as { unref?: () => void } | undefined)?.unref?.()
}
