/**
 * Inferred parameter and return types of the decorated and standalone viem actions.
 */
import { createPublicClient, createWalletClient, custom, http } from 'viem'
import { describe, expectTypeOf, it } from 'vitest'
import { infoActions, subnetActions, subnetHttp, type InfoActions, type SubnetActions } from '../../src/viem/index.js'
import * as actions from '../../src/viem/actions/index.js'
import * as precompiles from '../../src/viem/precompiles/index.js'
import { precompileActions, precompileWalletActions } from '../../src/viem/precompiles/index.js'
import type {
  FeeConfigParameters,
  FeeConfigReturnType,
  GetActiveRulesAtParameters,
  GetActiveRulesAtReturnType,
  GetNetworkIDReturnType,
  PeersParameters,
  UptimeParameters,
} from '../../src/viem/actions/index.js'
import type {
  ActivePrecompiles,
  ActiveRules,
  AcpVotes,
  BlockTag,
  ChainConfig,
  FeeConfig,
  GetNodeIDReturnType,
  GetNodeVersionReturnType,
  GetTxFeeReturnType,
  GetVMsReturnType,
  Peer,
  PeersReturnType,
  Timestamp,
  UpgradesReturnType,
  UptimeReturnType,
} from '../../src/index.js'

const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
  .extend(subnetActions())
  .extend(infoActions())

describe('decorated chain actions', () => {
  it('feeConfig', () => {
    expectTypeOf(client.feeConfig).returns.resolves.toEqualTypeOf<{ feeConfig: FeeConfig; lastChangedAt?: bigint }>()
    expectTypeOf<FeeConfigReturnType>().toEqualTypeOf<{ feeConfig: FeeConfig; lastChangedAt?: bigint }>()
    expectTypeOf<FeeConfig>().toEqualTypeOf<{
      gasLimit: bigint
      targetBlockRate: bigint
      minBaseFee: bigint
      targetGas: bigint
      baseFeeChangeDenominator: bigint
      minBlockGasCost: bigint
      maxBlockGasCost: bigint
      blockGasCostStep: bigint
    }>()
    expectTypeOf(client.feeConfig).parameter(0).toEqualTypeOf<FeeConfigParameters | undefined>()
    expectTypeOf(client.feeConfig).toBeCallableWith()
    expectTypeOf(client.feeConfig).toBeCallableWith({ blockNumber: 1n })
    expectTypeOf(client.feeConfig).toBeCallableWith({ blockNumber: 1 })
    expectTypeOf(client.feeConfig).toBeCallableWith({ blockHash: '0x00' })
    expectTypeOf(client.feeConfig).toBeCallableWith({ blockTag: 'earliest' })
    expectTypeOf<NonNullable<FeeConfigParameters['blockTag']>>().toEqualTypeOf<BlockTag>()
    // @ts-expect-error an unknown tag
    client.feeConfig({ blockTag: 'newest' })
    // @ts-expect-error a hash must be 0x-prefixed
    client.feeConfig({ blockHash: 'abc' })
    // @ts-expect-error a block number is not a string
    client.feeConfig({ blockNumber: '1' })
  })

  it('getChainConfig', () => {
    expectTypeOf(client.getChainConfig).returns.resolves.toEqualTypeOf<ChainConfig>()
    expectTypeOf<ChainConfig['chainId']>().toEqualTypeOf<bigint>()
    expectTypeOf<ChainConfig['feeConfig']>().toEqualTypeOf<FeeConfig>()
    expectTypeOf<ChainConfig['durangoTimestamp']>().toEqualTypeOf<bigint | undefined>()
    expectTypeOf<ChainConfig['upgrades']['precompileUpgrades']>().toExtend<unknown[] | undefined>()
    expectTypeOf(client.getChainConfig).parameters.toEqualTypeOf<[]>()
  })

  it('getActiveRulesAt', () => {
    expectTypeOf(client.getActiveRulesAt).returns.resolves.toEqualTypeOf<ActiveRules>()
    expectTypeOf<GetActiveRulesAtReturnType>().toEqualTypeOf<ActiveRules>()
    expectTypeOf<ActiveRules['precompiles']>().toEqualTypeOf<Record<string, { timestamp: bigint }>>()
    expectTypeOf<ActiveRules['ethRules']['IsCancun']>().toEqualTypeOf<boolean>()
    expectTypeOf<ActiveRules['ethRules']['ChainID']>().toEqualTypeOf<bigint | undefined>()
    expectTypeOf<ActiveRules['avalancheRules']['IsSomethingNew']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<NonNullable<GetActiveRulesAtParameters['timestamp']>>().toEqualTypeOf<bigint | number | Date>()
    expectTypeOf<Timestamp>().toEqualTypeOf<bigint | number | Date>()
    expectTypeOf(client.getActiveRulesAt).toBeCallableWith()
    expectTypeOf(client.getActiveRulesAt).toBeCallableWith({ timestamp: 1n })
    expectTypeOf(client.getActiveRulesAt).toBeCallableWith({ timestamp: 1 })
    expectTypeOf(client.getActiveRulesAt).toBeCallableWith({ timestamp: new Date() })
    // @ts-expect-error a string timestamp is what nodes reject
    client.getActiveRulesAt({ timestamp: '1700000000' })
    // @ts-expect-error "latest" is not a timestamp
    client.getActiveRulesAt({ timestamp: 'latest' })
  })

  it('getActivePrecompilesAt', () => {
    expectTypeOf(client.getActivePrecompilesAt).returns.resolves.toEqualTypeOf<ActivePrecompiles>()
    expectTypeOf(client.getActivePrecompilesAt).toBeCallableWith({ timestamp: new Date() })
    expectTypeOf<NonNullable<ActivePrecompiles['feeManagerConfig']>['initialFeeConfig']>().toEqualTypeOf<FeeConfig | undefined>()
    expectTypeOf<NonNullable<ActivePrecompiles['txAllowListConfig']>['adminAddresses']>().toEqualTypeOf<
      `0x${string}`[] | null | undefined
    >()
    expectTypeOf<NonNullable<ActivePrecompiles['contractNativeMinterConfig']>['initialMint']>().toEqualTypeOf<
      Record<`0x${string}`, bigint> | undefined
    >()
    expectTypeOf<NonNullable<ActivePrecompiles['warpConfig']>['blockTimestamp']>().toEqualTypeOf<bigint | null>()
  })
})

describe('decorated info actions', () => {
  it('numbers, strings and booleans', () => {
    expectTypeOf(client.getNetworkID).returns.resolves.toEqualTypeOf<number>()
    expectTypeOf<GetNetworkIDReturnType>().toEqualTypeOf<number>()
    expectTypeOf(client.getNetworkName).returns.resolves.toEqualTypeOf<string>()
    expectTypeOf(client.getNodeIP).returns.resolves.toEqualTypeOf<string>()
    expectTypeOf(client.getBlockchainID).returns.resolves.toEqualTypeOf<string>()
    expectTypeOf(client.isBootstrapped).returns.resolves.toEqualTypeOf<boolean>()
  })

  it('required and optional parameters', () => {
    expectTypeOf(client.isBootstrapped).parameter(0).toEqualTypeOf<{ chain: string }>()
    expectTypeOf(client.getBlockchainID).parameter(0).toEqualTypeOf<{ alias: string }>()
    // @ts-expect-error chain is required
    client.isBootstrapped()
    // @ts-expect-error chain is required
    client.isBootstrapped({})
    // @ts-expect-error alias is required
    client.getBlockchainID({})
    expectTypeOf(client.peers).toBeCallableWith()
    expectTypeOf(client.peers).toBeCallableWith({ nodeIDs: ['NodeID-x'] })
    expectTypeOf(client.peers).parameter(0).toEqualTypeOf<PeersParameters | undefined>()
    expectTypeOf(client.uptime).toBeCallableWith()
    expectTypeOf(client.uptime).toBeCallableWith({ subnetID: 'x' })
    expectTypeOf(client.uptime).parameter(0).toEqualTypeOf<UptimeParameters | undefined>()
    expectTypeOf(client.getNetworkID).parameters.toEqualTypeOf<[]>()
  })

  it('peers', () => {
    expectTypeOf(client.peers).returns.resolves.toEqualTypeOf<PeersReturnType>()
    expectTypeOf<PeersReturnType['numPeers']>().toEqualTypeOf<number>()
    expectTypeOf<PeersReturnType['peers'][number]>().toEqualTypeOf<Peer>()
    expectTypeOf<Peer['lastSent']>().toEqualTypeOf<Date>()
    expectTypeOf<Peer['lastReceived']>().toEqualTypeOf<Date>()
    expectTypeOf<Peer['observedUptime']>().toEqualTypeOf<number>()
    expectTypeOf<Peer['upgradeTime']>().toEqualTypeOf<bigint | undefined>()
    expectTypeOf<Peer['publicIP']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Peer['observedSubnetUptimes']>().toEqualTypeOf<Record<string, number> | undefined>()
    expectTypeOf<Peer['supportedACPs']>().toEqualTypeOf<number[] | undefined>()
    async function use() {
      const r = await client.peers()
      expectTypeOf(r.peers[0]!.lastSent).toEqualTypeOf<Date>()
    }
    void use
  })

  it('the other info results', () => {
    expectTypeOf(client.acps).returns.resolves.toEqualTypeOf<{ acps: Record<number, AcpVotes> }>()
    expectTypeOf<AcpVotes['supportWeight']>().toEqualTypeOf<bigint>()
    expectTypeOf(client.getNodeID).returns.resolves.toEqualTypeOf<GetNodeIDReturnType>()
    expectTypeOf<GetNodeIDReturnType['nodePOP']>().toEqualTypeOf<{ publicKey: `0x${string}`; proofOfPossession: `0x${string}` } | null>()
    expectTypeOf(client.getNodeVersion).returns.resolves.toEqualTypeOf<GetNodeVersionReturnType>()
    expectTypeOf<GetNodeVersionReturnType['rpcProtocolVersion']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<GetNodeVersionReturnType['vmVersions']>().toEqualTypeOf<Record<string, string>>()
    expectTypeOf(client.getTxFee).returns.resolves.toEqualTypeOf<GetTxFeeReturnType>()
    expectTypeOf<GetTxFeeReturnType['txFee']>().toEqualTypeOf<bigint>()
    expectTypeOf(client.getVMs).returns.resolves.toEqualTypeOf<GetVMsReturnType>()
    expectTypeOf<GetVMsReturnType['fxs']>().toEqualTypeOf<Record<string, string> | undefined>()
    expectTypeOf(client.upgrades).returns.resolves.toEqualTypeOf<UpgradesReturnType>()
    expectTypeOf<UpgradesReturnType['durangoTime']>().toEqualTypeOf<Date>()
    expectTypeOf<UpgradesReturnType['etnaTime']>().toEqualTypeOf<Date | undefined>()
    expectTypeOf<UpgradesReturnType['apricotPhase4MinPChainHeight']>().toEqualTypeOf<bigint>()
    expectTypeOf<UpgradesReturnType['graniteEpochDuration']>().toEqualTypeOf<bigint | undefined>()
    expectTypeOf(client.uptime).returns.resolves.toEqualTypeOf<UptimeReturnType>()
    expectTypeOf<UptimeReturnType>().toEqualTypeOf<{ rewardingStakePercentage: number; weightedAveragePercentage: number }>()
  })
})

describe('decorators and standalone actions', () => {
  it("the decorators add exactly their action types and keep viem's", () => {
    expectTypeOf(client).toExtend<SubnetActions & InfoActions>()
    expectTypeOf(client.getBlockNumber).returns.resolves.toEqualTypeOf<bigint>()
    expectTypeOf(client.getChainId).returns.resolves.toEqualTypeOf<number>()
    expectTypeOf(subnetActions()(client)).toEqualTypeOf<SubnetActions>()
    expectTypeOf(infoActions()(client)).toEqualTypeOf<InfoActions>()
  })

  it('work on wallet clients and other transports', () => {
    const wallet = createWalletClient({ transport: custom({ request: async () => null }) })
      .extend(subnetActions())
      .extend(infoActions({ url: 'http://127.0.0.1:9650' }))
    expectTypeOf(wallet.feeConfig).returns.resolves.toEqualTypeOf<FeeConfigReturnType>()
    expectTypeOf(wallet.getNetworkID).returns.resolves.toEqualTypeOf<number>()
    const exact = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(subnetActions())
    expectTypeOf(exact.feeConfig).returns.resolves.toEqualTypeOf<FeeConfigReturnType>()
    expectTypeOf(infoActions).toBeCallableWith({ url: 'http://127.0.0.1:9650' })
    expectTypeOf(infoActions).toBeCallableWith()
  })

  it('standalone actions take a client and the same parameters', () => {
    expectTypeOf(actions.feeConfig).toBeCallableWith(client, { blockTag: 'latest' })
    expectTypeOf(actions.feeConfig).returns.resolves.toEqualTypeOf<FeeConfigReturnType>()
    expectTypeOf(actions.getActiveRulesAt).toBeCallableWith(client, { timestamp: new Date() })
    expectTypeOf(actions.getActiveRulesAt).returns.resolves.toEqualTypeOf<ActiveRules>()
    expectTypeOf(actions.getChainConfig).returns.resolves.toEqualTypeOf<ChainConfig>()
    expectTypeOf(actions.getNetworkID).toBeCallableWith(client)
    expectTypeOf(actions.getNetworkID).returns.resolves.toEqualTypeOf<number>()
    expectTypeOf(actions.isBootstrapped).toBeCallableWith(client, { chain: 'C' })
    expectTypeOf(actions.peers).returns.resolves.toEqualTypeOf<PeersReturnType>()
    // @ts-expect-error isBootstrapped needs its parameters
    actions.isBootstrapped(client)
  })

  it('error types are unions of named errors', () => {
    expectTypeOf<actions.FeeConfigErrorType['name']>().toExtend<string>()
    type Names = Extract<
      actions.FeeConfigErrorType,
      { name: 'PrecisionError' | 'ResponseShapeError' | 'InvalidArgumentError' | 'NodeRpcError' | 'MethodNotFoundError' }
    >['name']
    expectTypeOf<Names>().toEqualTypeOf<
      'PrecisionError' | 'ResponseShapeError' | 'InvalidArgumentError' | 'NodeRpcError' | 'MethodNotFoundError'
    >()
    type InfoNames = Extract<actions.GetNetworkIDErrorType, { name: 'InfoEndpointError' }>['name']
    expectTypeOf<InfoNames>().toEqualTypeOf<'InfoEndpointError'>()
  })
})

describe('both forms of extend', () => {
  it('subnetActions, called or not, adds the same typed actions', () => {
    const called = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(subnetActions())
    const uncalled = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(subnetActions)
    expectTypeOf(uncalled.feeConfig).toEqualTypeOf(called.feeConfig)
    expectTypeOf(uncalled.getChainConfig).returns.resolves.toEqualTypeOf<ChainConfig>()
    expectTypeOf(uncalled.getActiveRulesAt).toBeCallableWith({ timestamp: 1n })
    expectTypeOf(uncalled.getBlockNumber).returns.resolves.toEqualTypeOf<bigint>()
    expectTypeOf<Pick<typeof uncalled, keyof SubnetActions>>().toEqualTypeOf<SubnetActions>()
  })

  it('infoActions, called (with or without options) or not, adds the same typed actions', () => {
    const called = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(infoActions())
    const withUrl = createPublicClient({ transport: custom({ request: async () => null }) }).extend(
      infoActions({ url: 'http://127.0.0.1:9650' }),
    )
    const uncalled = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(infoActions)
    expectTypeOf(uncalled.peers).toEqualTypeOf(called.peers)
    expectTypeOf(withUrl.peers).toEqualTypeOf(called.peers)
    expectTypeOf(uncalled.getNetworkID).returns.resolves.toEqualTypeOf<number>()
    expectTypeOf<Pick<typeof uncalled, keyof InfoActions>>().toEqualTypeOf<InfoActions>()
  })

  it('both uncalled, chained, on a wallet client too', () => {
    const both = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
      .extend(subnetActions)
      .extend(infoActions)
    expectTypeOf(both.feeConfig).returns.resolves.toEqualTypeOf<FeeConfigReturnType>()
    expectTypeOf(both.getNodeVersion).returns.resolves.toEqualTypeOf<GetNodeVersionReturnType>()
    const wallet = createWalletClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
      .extend(subnetActions)
      .extend(infoActions)
    expectTypeOf(wallet.getActiveRulesAt).returns.resolves.toEqualTypeOf<ActiveRules>()
    expectTypeOf(wallet.uptime).toBeCallableWith()
  })

  it('the table decides arity: no parameter, an optional one, a required one', () => {
    expectTypeOf<Parameters<InfoActions['getNodeID']>>().toEqualTypeOf<[]>()
    expectTypeOf<Parameters<InfoActions['peers']>>().toEqualTypeOf<[parameters?: PeersParameters]>()
    expectTypeOf<Parameters<InfoActions['isBootstrapped']>>().toEqualTypeOf<[parameters: { chain: string }]>()
    expectTypeOf<Parameters<SubnetActions['getChainConfig']>>().toEqualTypeOf<[]>()
  })

  it("error types: argument errors only where there are arguments, and viem's catch-all", () => {
    type Named<E> = Extract<E, { name: 'InvalidArgumentError' }>
    expectTypeOf<Named<actions.GetChainConfigErrorType>>().toBeNever()
    expectTypeOf<Named<actions.GetNodeIDErrorType>>().toBeNever()
    expectTypeOf<Named<actions.PeersErrorType>['name']>().toEqualTypeOf<'InvalidArgumentError'>()
    expectTypeOf<Named<actions.FeeConfigErrorType>['name']>().toEqualTypeOf<'InvalidArgumentError'>()
    expectTypeOf<
      Extract<actions.FeeConfigErrorType, { name: 'ResponseBodyTooLargeError' }>['name']
    >().toEqualTypeOf<'ResponseBodyTooLargeError'>()
    expectTypeOf<Error & { name: string }>().toExtend<actions.FeeConfigErrorType>()
  })
})

describe('precompile action types', () => {
  const reads = client.extend(precompileActions)
  const wallet = createWalletClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(precompileWalletActions)

  it('each standalone action and decorated method takes its Parameters and returns its ReturnType', () => {
    expectTypeOf(precompiles.getAllowListRole).parameter(1).toEqualTypeOf<precompiles.GetAllowListRoleParameters>()
    expectTypeOf(precompiles.getAllowListRole).returns.resolves.toEqualTypeOf<precompiles.GetAllowListRoleReturnType>()
    expectTypeOf(reads.getFeeManagerConfig).returns.resolves.toEqualTypeOf<precompiles.GetFeeManagerConfigReturnType>()
    expectTypeOf(precompiles.setFeeConfig).parameter(1).toEqualTypeOf<precompiles.SetFeeConfigParameters>()
    expectTypeOf(wallet.setFeeConfig).returns.resolves.toEqualTypeOf<precompiles.SetFeeConfigReturnType>()
    expectTypeOf(wallet.disableRewards).parameter(0).toEqualTypeOf<precompiles.DisableRewardsParameters | undefined>()
    expectTypeOf(precompiles.watchAllowListRoles).parameter(1).toEqualTypeOf<precompiles.WatchAllowListRolesParameters>()
    expectTypeOf(reads.watchRewardChanges).returns.toEqualTypeOf<precompiles.WatchRewardChangesReturnType>()
    expectTypeOf(reads.estimateL1FeesPerGas).parameter(0).toEqualTypeOf<precompiles.EstimateL1FeesPerGasParameters | undefined>()
  })

  it("error types: the typed errors each action can raise, and viem's own", () => {
    type Named<E, N extends string> = Extract<E, { name: N }>['name']
    expectTypeOf<Named<precompiles.GetRewardConfigErrorType, 'PrecompileNotActiveError'>>().toEqualTypeOf<'PrecompileNotActiveError'>()
    expectTypeOf<
      Named<precompiles.GetRewardConfigErrorType, 'ContractFunctionExecutionError'>
    >().toEqualTypeOf<'ContractFunctionExecutionError'>()
    expectTypeOf<Named<precompiles.SetAllowListRoleErrorType, 'SelfDemotionError'>>().toEqualTypeOf<'SelfDemotionError'>()
    expectTypeOf<Extract<precompiles.MintNativeCoinErrorType, { name: 'SelfDemotionError' }>>().toBeNever()
    expectTypeOf<Named<precompiles.SetFeeConfigErrorType, 'InvalidFeeConfigError'>>().toEqualTypeOf<'InvalidFeeConfigError'>()
    expectTypeOf<Named<precompiles.DisableRewardsErrorType, 'AllowListRoleError'>>().toEqualTypeOf<'AllowListRoleError'>()
    expectTypeOf<Named<precompiles.WatchAllowListRolesErrorType, 'InvalidArgumentError'>>().toEqualTypeOf<'InvalidArgumentError'>()
    expectTypeOf<Named<precompiles.EstimateL1FeesPerGasErrorType, 'InvalidArgumentError'>>().toEqualTypeOf<'InvalidArgumentError'>()
    expectTypeOf<Named<precompiles.IsPrecompileActiveErrorType, 'MethodNotFoundError'>>().toEqualTypeOf<'MethodNotFoundError'>()
  })
})
