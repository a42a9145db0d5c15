/**
 * `subnet-rpc/viem`: the decorators that add the Subnet-EVM, Info, Health, Validators and ProposerVM API actions to viem
 * clients, and the transport. The actions themselves, standalone and tree-shakeable, are `subnet-rpc/viem/actions`.
 * Browser-safe.
 * @packageDocumentation
 */
export { subnetActions, type SubnetActions } from './decorators/subnet.js'
export { infoActions, type InfoActions, type InfoActionsOptions } from './decorators/info.js'
export { healthActions, type HealthActions, type HealthActionsOptions } from './decorators/health.js'
export { validatorsActions, type ValidatorsActions, type ValidatorsActionsOptions } from './decorators/validators.js'
export { proposerVMActions, type ProposerVMActions, type ProposerVMActionsOptions } from './decorators/proposervm.js'
export { subnetHttp, type SubnetHttpTransportConfig } from './transports/subnetHttp.js'
export type { EndpointActionErrorType, InfoActionErrorType, SubnetActionErrorType } from './types/actions.js'
export { deriveInfoUrl, deriveHealthUrl, deriveValidatorsUrl, deriveProposerVMUrl } from '../core/url.js'
