/**
 * Per-network facts the node derives from its network ID: names, primary chain IDs,
 * the static `getTxFee` table (v1.12.2+) and the upgrade schedule (`upgrade/upgrade.go`).
 */

export const networkNames: Readonly<Record<number, string>> = {
  1: 'mainnet',
  2: 'cascade',
  3: 'denali',
  4: 'everest',
  5: 'fuji',
  10: 'testing',
  12345: 'local',
}

/** `constants.GetHRP`-style name: known IDs by name, anything else `network-<id>`. */
export function networkName(networkID: number): string {
  return networkNames[networkID] ?? `network-${networkID}`
}

export const platformChainID = '11111111111111111111111111111111LpoYY'

/** X- and C-Chain IDs follow from each network's genesis. */
export function primaryChainIDs(networkID: number): { X: string; C: string } {
  switch (networkID) {
    case 1:
      return { X: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', C: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5' }
    case 5:
      return { X: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', C: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp' }
    default:
      return { X: '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed', C: '2CA6j5zYzasynPsFeNoqWkmTCt3VScMvXUZHbfDJ8k3oGzAPtU' }
  }
}

/** `info.getTxFee` since v1.12.2: hard-coded per network, txFee/createAssetTxFee from config. */
export function txFeeTable(networkID: number, txFee: bigint, createAssetTxFee: bigint) {
  const big = networkID === 1
  const fuji = networkID === 5
  return {
    txFee,
    createAssetTxFee,
    createSubnetTxFee: big ? 1_000_000_000n : 100_000_000n,
    transformSubnetTxFee: big ? 10_000_000_000n : fuji ? 1_000_000_000n : 100_000_000n,
    createBlockchainTxFee: big ? 1_000_000_000n : 100_000_000n,
    addPrimaryNetworkValidatorFee: 0n,
    addPrimaryNetworkDelegatorFee: 0n,
    addSubnetValidatorFee: 1_000_000n,
    addSubnetDelegatorFee: 1_000_000n,
  }
}
