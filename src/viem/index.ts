/**
 * `subnet-rpc/viem`: Subnet-EVM, Info, Health and Validators API actions for viem clients. Browser-safe.
 * @packageDocumentation
 */
export * from './actions/index.js'
export { subnetActions, type SubnetActions } from './decorators/subnet.js'
export { infoActions, type InfoActions, type InfoActionsOptions } from './decorators/info.js'
export { healthActions, type HealthActions, type HealthActionsOptions } from './decorators/health.js'
export { validatorsActions, type ValidatorsActions, type ValidatorsActionsOptions } from './decorators/validators.js'
export { subnetHttp, type SubnetHttpTransportConfig } from './transports/subnetHttp.js'
export type { EndpointActionErrorType, InfoActionErrorType, SubnetActionErrorType } from './types/actions.js'
export { deriveInfoUrl, deriveHealthUrl, deriveValidatorsUrl } from '../core/url.js'
export { fetchHealth, healthGetUrl, type FetchHealthOptions, type HealthKind } from '../core/health.js'
