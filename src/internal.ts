/**
 * `subnet-rpc/internal`: the pieces of the node's wire format and rules that `subnet-rpc-devnet` shares with this
 * package and that an app has no use for: Go's `encoding/json` writer, ACP-226's delay excess, and name helpers.
 * No compatibility promise beyond the devnet of the same version.
 * @packageDocumentation
 */
export { goCompact, goJson, goMap, RawJson } from './core/json/goJson.js'
export { delayOf, desiredDelayExcess, initialDelayExcess } from './core/acp226.js'
export { idFromString } from './core/cb58.js'
export { isPrecompileKey, networkUpgradeKey, networkUpgradeKeys, networkUpgradeRule } from './core/names.js'
export { checksumAddress } from './core/config/verify.js'
