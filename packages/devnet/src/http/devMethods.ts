/**
 * Development methods stay with development tools. anvil answers its test methods (`anvil_*`,
 * `evm_*`, `hardhat_*`, `debug_*`, `ots_*`), and signs with its ten unlocked test keys
 * (`eth_sign`, `eth_sendTransaction`, `personal_*`, …); the devnet adds `devnet_*`. A node has none
 * of them (Subnet-EVM's default `eth-apis` serves no `debug`, `personal` or `admin` API and holds no
 * key). Tools reach them: test runners, Hardhat, forge, cast and scripts send no `Origin` header.
 * A browser page always sends one (Fetch standard: every cross-origin request, every WebSocket
 * handshake), and the devnet, like a node, lets every origin call it (CORS `*`): so a page from an
 * origin not given in `devOrigins` is refused these methods, and `nodeExact` refuses them to all
 * as a node does.
 */
import type { CallExecutor, CallOutcome, ChainCall } from '../l1/rpc/envelope.js'

/** Who may call the development methods. */
export type DevMethodAccess = {
  /**
   * Origins whose pages may call them (`--dev-origins`): exact origins (any case), one `*` inside an entry as a
   * wildcard (`http://localhost:*`), `*` for every page. Requests without an `Origin` (tools) always may.
   */
  devOrigins?: readonly string[]
  /** No development method at all, for any caller (`--node-exact`): each answers a node's -32601. */
  nodeExact?: boolean
}

const devPrefixes = ['anvil_', 'evm_', 'hardhat_', 'debug_', 'ots_', 'personal_', 'devnet_']
const devNames = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
])

/** True for a method a node does not have and anvil or the devnet answer for development. */
export function isDevelopmentMethod(method: string): boolean {
  return devNames.has(method) || devPrefixes.some((p) => method.startsWith(p))
}

/** Whether a page from `origin` (an `Origin` header; undefined without one) may call development methods. */
export function originMayDevelop(origin: string | undefined, devOrigins: readonly string[]): boolean {
  if (origin === undefined) return true
  const o = origin.toLowerCase()
  return devOrigins.some((entry) => {
    const e = entry.toLowerCase()
    if (e === '*') return true
    const star = e.indexOf('*')
    if (star === -1) return e === o
    const [pre, suf] = [e.slice(0, star), e.slice(star + 1)]
    return o.length >= pre.length + suf.length && o.startsWith(pre) && o.endsWith(suf)
  })
}

/** `handler.go` `methodNotFoundError`: what a node answers for a method it does not have. */
const notAvailable = (method: string) => `the method ${method} does not exist/is not available`

/** The refusal of `method` to `origin`, or undefined when it may be called. */
export function devMethodRefusal(method: string, origin: string | undefined, access: DevMethodAccess): CallOutcome | undefined {
  if (!isDevelopmentMethod(method)) return undefined
  if (access.nodeExact) return { error: { code: -32601, message: notAvailable(method) } }
  if (originMayDevelop(origin, access.devOrigins ?? [])) return undefined
  return {
    error: {
      code: -32601,
      message:
        `${notAvailable(method)} to pages from ${origin}: it is a development method (anvil, evm, hardhat, debug, ` +
        `devnet, or signing with the test keys), served to tools (no Origin header) and to the origins of --dev-origins ` +
        `(startDevnet's devOrigins); start the devnet with --dev-origins ${origin} to allow this page`,
    },
  }
}

/**
 * `execute` for one caller: its development methods answered with their refusal, the other calls run
 * as they are, in one batch and in order.
 */
export function gateDevMethods(execute: CallExecutor, origin: string | undefined, access: DevMethodAccess): CallExecutor {
  if (!access.nodeExact && originMayDevelop(origin, access.devOrigins ?? [])) return execute
  return async (calls: ChainCall[]) => {
    const refusals = calls.map((c) => devMethodRefusal(c.method, origin, access))
    const allowed = calls.filter((_, i) => refusals[i] === undefined)
    const outcomes = allowed.length > 0 ? await execute(allowed) : []
    let next = 0
    return refusals.map((r) => r ?? outcomes[next++]!)
  }
}
