/**
 * The L1 the devnet runs when no files are given: a realistic subnet-evm genesis with
 * admin-controlled precompiles and warp, and an upgrade schedule relative to the start
 * time (an enable, a disable and a re-enable) so that rules change while it runs.
 */

/** anvil's first dev account (mnemonic "test test ... junk"): admin of every default precompile. */
import { networkUpgradeDefaults } from 'subnet-rpc/config'

export const defaultAdmin = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
/** The well-known "ewoq" key subnet-evm examples fund. */
export const ewoqAddress = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'
export const defaultChainId = 99999
/** Offsets of the default upgrade schedule from the start time, in seconds. */
export const scheduleOffsets = { first: 3600, second: 7200, third: 10800 } as const

/**
 * The built-in genesis. Warp activates at the network's Durango time (a node refuses it
 * earlier): 2020-12-05 on local networks, 2024 on Fuji and mainnet.
 */
export function defaultGenesis(startTime: number, networkID = 12345) {
  const durango = Number(networkUpgradeDefaults(networkID).durangoTimestamp)
  return {
    config: {
      chainId: defaultChainId,
      homesteadBlock: 0,
      eip150Block: 0,
      eip155Block: 0,
      eip158Block: 0,
      byzantiumBlock: 0,
      constantinopleBlock: 0,
      petersburgBlock: 0,
      istanbulBlock: 0,
      muirGlacierBlock: 0,
      subnetEVMTimestamp: 0,
      feeConfig: {
        gasLimit: 8_000_000,
        targetBlockRate: 2,
        minBaseFee: 25_000_000_000,
        targetGas: 15_000_000,
        baseFeeChangeDenominator: 36,
        minBlockGasCost: 0,
        maxBlockGasCost: 1_000_000,
        blockGasCostStep: 200_000,
      },
      feeManagerConfig: { adminAddresses: [defaultAdmin], blockTimestamp: 0 },
      contractNativeMinterConfig: { adminAddresses: [defaultAdmin], blockTimestamp: 0 },
      txAllowListConfig: { adminAddresses: [defaultAdmin], blockTimestamp: 0 },
      warpConfig: { blockTimestamp: durango, quorumNumerator: 67 },
    },
    alloc: {
      [ewoqAddress.slice(2)]: { balance: '0x52B7D2DCC80CD2E4000000' },
      [defaultAdmin.slice(2)]: { balance: '0x21E19E0C9BAB2400000' },
    },
    nonce: '0x0',
    timestamp: `0x${startTime.toString(16)}`,
    extraData: '0x00',
    gasLimit: '0x7A1200',
    difficulty: '0x0',
    mixHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
    coinbase: '0x0000000000000000000000000000000000000000',
    number: '0x0',
    gasUsed: '0x0',
    parentHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
  }
}

export function defaultUpgrade(startTime: number) {
  const t1 = startTime + scheduleOffsets.first
  const t2 = startTime + scheduleOffsets.second
  const t3 = startTime + scheduleOffsets.third
  return {
    precompileUpgrades: [
      { contractDeployerAllowListConfig: { adminAddresses: [defaultAdmin], blockTimestamp: t1 } },
      { feeManagerConfig: { blockTimestamp: t1, disable: true } },
      {
        feeManagerConfig: {
          adminAddresses: [defaultAdmin],
          blockTimestamp: t2,
          initialFeeConfig: {
            gasLimit: 8_000_000,
            targetBlockRate: 2,
            minBaseFee: 50_000_000_000,
            targetGas: 15_000_000,
            baseFeeChangeDenominator: 36,
            minBlockGasCost: 0,
            maxBlockGasCost: 1_000_000,
            blockGasCostStep: 200_000,
          },
        },
      },
      { txAllowListConfig: { blockTimestamp: t3, disable: true } },
      { rewardManagerConfig: { adminAddresses: [defaultAdmin], blockTimestamp: t3, initialRewardConfig: { allowFeeRecipients: true } } },
    ],
  }
}
