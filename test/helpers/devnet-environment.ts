/**
 * The test environment of every file (vitest.config.ts `environment`): Node's own, plus one duty at the end of
 * a vitest worker, stopping the devnets its files shared (`useSharedDevnet` in ./devnet.ts). A worker ends after
 * its one file in the isolated projects, after many in the `shared` one. The devnets are found on globalThis
 * rather than imported: the environment is loaded outside the files' module graph.
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime'

type Stoppable = { stop(): Promise<void> }

const environment: Environment = {
  name: 'node-shared-devnets',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const node = await builtinEnvironments.node.setup(global, options)
    return {
      async teardown(global) {
        const devnets = (global as { [k: symbol]: Map<string, Promise<Stoppable>> | undefined })[
          Symbol.for('subnet-rpc.test.sharedDevnets')
        ]
        if (devnets) {
          const started = [...devnets.values()]
          devnets.clear()
          // A start that failed was reported by the file that asked for it.
          await Promise.all(started.map((d) => d.then((devnet) => devnet.stop()).catch(() => undefined)))
        }
        await node.teardown(global)
      },
    }
  },
}

export default environment
