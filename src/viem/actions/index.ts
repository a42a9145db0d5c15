/**
 * `subnet-rpc/viem/actions`: the standalone viem actions of subnet-rpc, tree-shakeable.
 * @packageDocumentation
 */
export * from './subnet.js'
export * from './info.js'
export {
  health,
  readiness,
  liveness,
  type HealthParameters,
  type HealthReturnType,
  type HealthErrorType,
  type ReadinessParameters,
  type ReadinessReturnType,
  type ReadinessErrorType,
  type LivenessParameters,
  type LivenessReturnType,
  type LivenessErrorType,
} from './health.js'
export {
  getCurrentValidators,
  type GetCurrentValidatorsParameters,
  type GetCurrentValidatorsReturnType,
  type GetCurrentValidatorsErrorType,
} from './validators.js'
export {
  getProposedHeight,
  getCurrentEpoch,
  type GetProposedHeightParameters,
  type GetProposedHeightReturnType,
  type GetProposedHeightErrorType,
  type GetCurrentEpochParameters,
  type GetCurrentEpochReturnType,
  type GetCurrentEpochErrorType,
} from './proposervm.js'
