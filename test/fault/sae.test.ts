/**
 * A Subnet-EVM on streaming asynchronous execution (SAE), as avalanchego's spike runs it
 * (PR #5387, `vms/saevm/subnetevm`: `api/eth_extras.go` registers `eth_getActiveRulesAt` on the
 * libevm RPC server and nothing else of the extras): a real HTTP server answering as that node
 * would, `eth_getActiveRulesAt` with its reply and -32601 `the method eth_feeConfig does not
 * exist/is not available` (libevm rpc/errors.go `methodNotFoundError`) for `eth_feeConfig` and
 * `eth_getActivePrecompilesAt`. The hint says so and names what to use instead, in viem and ethers.
 */
import { createPublicClient, http } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { MethodNotFoundError } from '../../src/errors/index.js'
import { SubnetProvider } from '../../src/ethers/index.js'
import { subnetActions } from '../../src/viem/index.js'
import { useFakeNode } from '../helpers/servers.js'

const sae = useFakeNode()
const useL1 = 'use …/ext/bc/<blockchainID>/rpc'

/** `ActiveRulesResult` of the SAE wrapper (same wire shape as legacy Subnet-EVM): Helicon active, Warp from genesis. */
const rules = {
  ethRules: {
    ChainID: 99999,
    IsHomestead: true,
    IsEIP150: true,
    IsEIP155: true,
    IsEIP158: true,
    IsEIP2929: true,
    IsEIP4762: false,
    IsByzantium: true,
    IsConstantinople: true,
    IsPetersburg: true,
    IsIstanbul: true,
    IsBerlin: true,
    IsLondon: true,
    IsMerge: true,
    IsShanghai: true,
    IsCancun: true,
    IsPrague: false,
    IsOsaka: false,
    IsVerkle: false,
  },
  avalancheRules: { IsSubnetEVM: true, IsDurango: true, IsEtna: true, IsFortuna: true, IsGranite: true, IsHelicon: true },
  precompiles: { warpConfig: { timestamp: 1607144400 } },
}

const url = () => `${sae().url}/ext/bc/sae/rpc`
const providers: SubnetProvider[] = []
afterAll(() => {
  for (const p of providers) p.destroy()
})

async function failure(p: Promise<unknown>): Promise<MethodNotFoundError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(MethodNotFoundError)
  return e as MethodNotFoundError
}

describe('a Subnet-EVM on SAE: eth_getActiveRulesAt served, eth_feeConfig and eth_getActivePrecompilesAt not', () => {
  it('viem: getActiveRulesAt decodes; feeConfig names the Gas Price Manager, getActivePrecompilesAt getActiveRulesAt', async () => {
    sae().answer('eth_getActiveRulesAt', { result: rules })
    const client = createPublicClient({ transport: http(url()) }).extend(subnetActions())
    const active = await client.getActiveRulesAt()
    expect(active.avalancheRules.IsHelicon).toBe(true)
    expect(active.precompiles).toEqual({ warpConfig: { timestamp: 1607144400n } })

    const fee = await failure(client.feeConfig())
    expect(fee.shortMessage).toBe(`eth_feeConfig failed: not a Subnet-EVM L1: ${useL1}; on SAE, use the Gas Price Manager`)
    expect(fee.hint).toBe(`not a Subnet-EVM L1: ${useL1}; on SAE, use the Gas Price Manager`)
    expect([fee.code, fee.nodeMessage]).toEqual([-32601, 'the method eth_feeConfig does not exist/is not available'])
    expect(fee.details).toBe(fee.nodeMessage)
    expect(fee.metaMessages).toContain(`URL: ${url()}`)

    const pre = await failure(client.getActivePrecompilesAt())
    expect(pre.shortMessage).toBe(`eth_getActivePrecompilesAt failed: not a Subnet-EVM L1: ${useL1}; on SAE, use getActiveRulesAt`)
    expect(pre.nodeMessage).toBe('the method eth_getActivePrecompilesAt does not exist/is not available')
  })

  it('ethers: the same errors from SubnetProvider, and getActiveRulesAt decodes', async () => {
    sae().answer('eth_getActiveRulesAt', { result: rules })
    const provider = new SubnetProvider(url())
    providers.push(provider)
    expect((await provider.getActiveRulesAt()).ethRules.ChainID).toBe(99999n)
    const fee = await failure(provider.feeConfig())
    expect(fee.hint).toBe(`not a Subnet-EVM L1: ${useL1}; on SAE, use the Gas Price Manager`)
    expect(fee.metaMessages).toContain(`URL: ${url()}`)
    const pre = await failure(provider.getActivePrecompilesAt(1_800_000_000))
    expect(pre.hint).toBe(`not a Subnet-EVM L1: ${useL1}; on SAE, use getActiveRulesAt`)
  })
})
