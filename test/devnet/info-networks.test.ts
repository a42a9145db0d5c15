/**
 * `/ext/info` values that follow from the network ID (spec §2.4, §2.5, §2.9, §2.13):
 * mainnet, Fuji and a custom network, on the default node profile (avalanchego v1.15.3: Helicon on
 * Mainnet 2026-09-22T15:00:00Z since v1.15.0, from genesis on other networks since v1.15.1).
 */
import { describe, expect, it } from 'vitest'
import { rpc, useDevnet, type RawReply } from '../helpers/devnet.js'

const ok = (result: string) => `{"jsonrpc":"2.0","result":${result},"id":1}\n`

function expectInvoked(r: RawReply, body: string) {
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body })
  expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
  expect(r.headers.get('x-content-type-options')).toBe('nosniff')
}

describe('mainnet (networkID 1)', () => {
  // The default genesis puts warp at mainnet's Durango; txFee/createAssetTxFee default to mainnet's 1000000 and 10000000.
  const devnet = useDevnet({ seed: 'info-tests', networkID: 1 })
  const call = (method: string, params?: string) => rpc(devnet().infoUrl, method, params)

  it('getNetworkID is "1" and getNetworkName "mainnet"', async () => {
    expectInvoked(await call('info.getNetworkID'), ok('{"networkID":"1"}'))
    expectInvoked(await call('info.getNetworkName'), ok('{"networkName":"mainnet"}'))
  })
  it('upgrades is upgrade.Mainnet, as spec §2.13 lists it, with Helicon at 2026-09-22T15:00:00Z (v1.15.0 notes)', async () => {
    expectInvoked(
      await call('info.upgrades'),
      ok(
        '{"apricotPhase1Time":"2021-03-31T14:00:00Z","apricotPhase2Time":"2021-05-10T11:00:00Z","apricotPhase3Time":"2021-08-24T14:00:00Z","apricotPhase4Time":"2021-09-22T21:00:00Z","apricotPhase4MinPChainHeight":793005,"apricotPhase5Time":"2021-12-02T18:00:00Z","apricotPhasePre6Time":"2022-09-05T01:30:00Z","apricotPhase6Time":"2022-09-06T20:00:00Z","apricotPhasePost6Time":"2022-09-07T03:00:00Z","banffTime":"2022-10-18T16:00:00Z","cortinaTime":"2023-04-25T15:00:00Z","cortinaXChainStopVertexID":"jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga","durangoTime":"2024-03-06T16:00:00Z","etnaTime":"2024-12-16T17:00:00Z","fortunaTime":"2025-04-08T15:00:00Z","graniteTime":"2025-11-19T16:00:00Z","graniteEpochDuration":300000000000,"heliconTime":"2026-09-22T15:00:00Z"}',
      ),
    )
  })
  it('getTxFee has the hard-coded mainnet values', async () => {
    expectInvoked(
      await call('info.getTxFee'),
      ok(
        '{"txFee":"1000000","createAssetTxFee":"10000000","createSubnetTxFee":"1000000000","transformSubnetTxFee":"10000000000","createBlockchainTxFee":"1000000000","addPrimaryNetworkValidatorFee":"0","addPrimaryNetworkDelegatorFee":"0","addSubnetValidatorFee":"1000000","addSubnetDelegatorFee":"1000000"}',
      ),
    )
  })
  it('X and C resolve to the mainnet chain IDs', async () => {
    expectInvoked(
      await call('info.getBlockchainID', '{"alias":"X"}'),
      ok('{"blockchainID":"2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM"}'),
    )
    expectInvoked(
      await call('info.getBlockchainID', '{"alias":"C"}'),
      ok('{"blockchainID":"2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5"}'),
    )
    expectInvoked(
      await call('info.isBootstrapped', '{"chain":"2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5"}'),
      ok('{"isBootstrapped":true}'),
    )
  })
  it('the default genesis puts warp at mainnet Durango, as a mainnet node requires', async () => {
    const r = await rpc(devnet().rpcUrl, 'eth_getActivePrecompilesAt', '[1709740800]')
    expect(r.body).toContain('"warpConfig":{"blockTimestamp":1709740800,"quorumNumerator":67,"requirePrimaryNetworkSigners":false}')
  })
})

describe('Fuji (networkID 5)', () => {
  const devnet = useDevnet({ seed: 'info-tests', networkID: 5 })
  const call = (method: string, params?: string) => rpc(devnet().infoUrl, method, params)

  it('getNetworkID is "5" and getNetworkName "fuji"', async () => {
    expectInvoked(await call('info.getNetworkID'), ok('{"networkID":"5"}'))
    expectInvoked(await call('info.getNetworkName'), ok('{"networkName":"fuji"}'))
  })
  it('upgrades is upgrade.Fuji', async () => {
    expectInvoked(
      await call('info.upgrades'),
      ok(
        '{"apricotPhase1Time":"2021-03-26T14:00:00Z","apricotPhase2Time":"2021-05-05T14:00:00Z","apricotPhase3Time":"2021-08-16T19:00:00Z","apricotPhase4Time":"2021-09-16T21:00:00Z","apricotPhase4MinPChainHeight":47437,"apricotPhase5Time":"2021-11-24T15:00:00Z","apricotPhasePre6Time":"2022-09-06T20:00:00Z","apricotPhase6Time":"2022-09-06T20:00:00Z","apricotPhasePost6Time":"2022-09-07T06:00:00Z","banffTime":"2022-10-03T14:00:00Z","cortinaTime":"2023-04-06T15:00:00Z","cortinaXChainStopVertexID":"2D1cmbiG36BqQMRyHt4kFhWarmatA1ighSpND3FeFgz3vFVtCZ","durangoTime":"2024-02-13T16:00:00Z","etnaTime":"2024-11-25T16:00:00Z","fortunaTime":"2025-03-13T15:00:00Z","graniteTime":"2025-10-29T15:00:00Z","graniteEpochDuration":300000000000,"heliconTime":"2026-07-28T15:00:00Z"}',
      ),
    )
  })
  it('getTxFee has the hard-coded Fuji values', async () => {
    expectInvoked(
      await call('info.getTxFee'),
      ok(
        '{"txFee":"1000000","createAssetTxFee":"10000000","createSubnetTxFee":"100000000","transformSubnetTxFee":"1000000000","createBlockchainTxFee":"100000000","addPrimaryNetworkValidatorFee":"0","addPrimaryNetworkDelegatorFee":"0","addSubnetValidatorFee":"1000000","addSubnetDelegatorFee":"1000000"}',
      ),
    )
  })
  it('X and C resolve to the Fuji chain IDs', async () => {
    expectInvoked(
      await call('info.getBlockchainID', '{"alias":"avm"}'),
      ok('{"blockchainID":"2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm"}'),
    )
    expectInvoked(
      await call('info.getBlockchainID', '{"alias":"evm"}'),
      ok('{"blockchainID":"yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp"}'),
    )
  })
})

describe('a custom network (networkID 1337)', () => {
  const devnet = useDevnet({ seed: 'info-tests', networkID: 1337 })
  const call = (method: string, params?: string) => rpc(devnet().infoUrl, method, params)

  it('getNetworkName is "network-1337"', async () => {
    expectInvoked(await call('info.getNetworkID'), ok('{"networkID":"1337"}'))
    expectInvoked(await call('info.getNetworkName'), ok('{"networkName":"network-1337"}'))
  })
  it('getTxFee uses the "other networks" table', async () => {
    expectInvoked(
      await call('info.getTxFee'),
      ok(
        '{"txFee":"1000000","createAssetTxFee":"1000000","createSubnetTxFee":"100000000","transformSubnetTxFee":"100000000","createBlockchainTxFee":"100000000","addPrimaryNetworkValidatorFee":"0","addPrimaryNetworkDelegatorFee":"0","addSubnetValidatorFee":"1000000","addSubnetDelegatorFee":"1000000"}',
      ),
    )
  })
  it('upgrades is upgrade.Default: everything initially active, Helicon too since v1.15.1; 30s epochs', async () => {
    const r = await call('info.upgrades')
    expect(r.body).toContain('"cortinaXChainStopVertexID":"11111111111111111111111111111111LpoYY"')
    expect(r.body).toContain(
      '"graniteTime":"2020-12-05T05:00:00Z","graniteEpochDuration":30000000000,"heliconTime":"2020-12-05T05:00:00Z"}',
    )
  })
})
