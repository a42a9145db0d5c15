/**
 * `subnet-rpc/viem`: Subnet-EVM and Info API actions for viem clients. Browser-safe.
 * @packageDocumentation
 */
export * from './actions/index.js'
export { subnetActions, type SubnetActions } from './decorators/subnet.js'
export { infoActions, type InfoActions, type InfoActionsOptions } from './decorators/info.js'
export { subnetHttp, type SubnetHttpTransportConfig } from './transports/subnetHttp.js'
export type { InfoActionErrorType, SubnetActionErrorType } from './types/actions.js'
export { deriveInfoUrl } from '../core/url.js'
