export { SubnetRpcError } from './base.js'
export { NodeRpcError, MethodNotFoundError, type NodeRpcErrorType, type MethodNotFoundErrorType } from './node.js'
export { ResponseShapeError, PrecisionError, type ResponseShapeErrorType, type PrecisionErrorType } from './response.js'
export { ChainConfigError, type ChainConfigErrorType } from './config.js'
export {
  BlsLibraryError,
  WarpFormatError,
  WarpMessageNotFoundError,
  WarpNetworkError,
  WarpQuorumError,
  WarpWeightError,
  TeleporterDeliveryTimeoutError,
  type WarpFormatErrorType,
} from './warp.js'
export { InvalidArgumentError, InfoEndpointError, type InvalidArgumentErrorType, type InfoEndpointErrorType } from './argument.js'
export {
  AllowListRoleError,
  InvalidFeeConfigError,
  PrecompileNotActiveError,
  SelfDemotionError,
  type AllowListRoleErrorType,
  type InvalidFeeConfigErrorType,
  type PrecompileNotActiveErrorType,
  type SelfDemotionErrorType,
} from './precompile.js'
