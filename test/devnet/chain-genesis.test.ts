/**
 * A devnet started from a custom genesis (JSON text, no upgrade.json): defaults the node
 * fills in, a fee value above 2^53 kept verbatim, a nil-timestamp precompile, alloc.
 */
import { describe, expect, it } from 'vitest'
import { rpc, useDevnet } from '../helpers/devnet.js'

const fee =
  '{"gasLimit":15000000,"targetBlockRate":2,"minBaseFee":9007199254740993,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'
const contract = '0x1000000000000000000000000000000000000001'
const slot = `0x${'00'.repeat(31)}01`
const value = `0x${'00'.repeat(31)}2a`

// JSON text, so that 9007199254740993 reaches the devnet exactly.
const genesis = `{
  "config": {
    "chainId": 4321,
    "durangoTimestamp": 0,
    "fortunaTimestamp": 0,
    "feeConfig": ${fee},
    "allowFeeRecipients": true,
    "eip150Hash": "0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0",
    "warpConfig": { "blockTimestamp": null },
    "unknownPrecompileConfig": { "blockTimestamp": 0 }
  },
  "alloc": {
    "8db97c7cece249c2b98bdc0226cc4c2a57bf52fc": { "balance": "0x52B7D2DCC80CD2E4000000" },
    "${contract}": { "balance": "1000", "code": "0x6001600055", "nonce": "0x5", "storage": { "${slot}": "${value}" } }
  },
  "timestamp": "0x65000000",
  "gasLimit": "0xE4E1C0",
  "difficulty": "0x0"
}`

const devnet = useDevnet({ genesis })

const ok = (result: string) => `{"jsonrpc":"2.0","id":1,"result":${result}}\n`
const D = 1607144400

describe('custom genesis', () => {
  it('eth_getChainConfig: defaults filled, unknown keys dropped, 0 treated as unset, upgrades {}', async () => {
    const expected =
      `{"allowFeeRecipients":true,"berlinBlock":0,"byzantiumBlock":0,"cancunTime":${D},"chainId":4321,"constantinopleBlock":0,` +
      `"durangoTimestamp":${D},"eip150Block":0,"eip155Block":0,"eip158Block":0,"etnaTimestamp":${D},"feeConfig":${fee},` +
      `"graniteTimestamp":${D},"heliconTimestamp":${D},"homesteadBlock":0,"istanbulBlock":0,"londonBlock":0,"muirGlacierBlock":0,"petersburgBlock":0,` +
      `"shanghaiTime":${D},"subnetEVMTimestamp":0,"warpConfig":{"blockTimestamp":null,"quorumNumerator":0,"requirePrimaryNetworkSigners":false},"upgrades":{}}`
    expect((await rpc(devnet().rpcUrl, 'eth_getChainConfig')).body).toBe(ok(expected))
  })

  it('eth_feeConfig shows minBaseFee 9007199254740993 verbatim (FeeManager not enabled: lastChangedAt 0)', async () => {
    const r = await rpc(devnet().rpcUrl, 'eth_feeConfig')
    expect(r.body).toBe(ok(`{"feeConfig":${fee},"lastChangedAt":0}`))
    expect(r.body).toContain('"minBaseFee":9007199254740993,')
    expect((await rpc(devnet().rpcUrl, 'eth_feeConfig', '["earliest"]')).body).toBe(r.body)
  })

  it('a precompile with a nil timestamp is never active', async () => {
    expect((await rpc(devnet().rpcUrl, 'eth_getActivePrecompilesAt', '[18446744073709551615]')).body).toBe(ok('{}'))
    const rules = (await rpc(devnet().rpcUrl, 'eth_getActiveRulesAt', '[0]')).body
    expect(rules).toBe(
      ok(
        '{"ethRules":{"ChainID":4321,"IsHomestead":true,"IsEIP150":true,"IsEIP155":true,"IsEIP158":true,"IsByzantium":true,"IsConstantinople":true,"IsPetersburg":true,"IsIstanbul":true,"IsBerlin":true,"IsLondon":true,"IsMerge":true,"IsShanghai":false,"IsCancun":false,"IsPrague":false,"IsVerkle":false},' +
          '"avalancheRules":{"IsSubnetEVM":true,"IsDurango":false,"IsEtna":false,"IsFortuna":false,"IsGranite":false,"IsHelicon":false},"precompiles":{}}',
      ),
    )
  })

  it('eth_chainId is the genesis chainId; alloc balance, code, nonce and storage are applied', async () => {
    const { rpcUrl } = devnet()
    expect((await rpc(rpcUrl, 'eth_chainId')).body).toBe(ok('"0x10e1"'))
    expect((await rpc(rpcUrl, 'eth_getBalance', '["0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc","latest"]')).body).toBe(
      ok('"0x52b7d2dcc80cd2e4000000"'),
    )
    expect((await rpc(rpcUrl, 'eth_getBalance', `["${contract}","latest"]`)).body).toBe(ok('"0x3e8"'))
    expect((await rpc(rpcUrl, 'eth_getCode', `["${contract}","latest"]`)).body).toBe(ok('"0x6001600055"'))
    expect((await rpc(rpcUrl, 'eth_getTransactionCount', `["${contract}","latest"]`)).body).toBe(ok('"0x5"'))
    expect((await rpc(rpcUrl, 'eth_getStorageAt', `["${contract}","0x1","latest"]`)).body).toBe(ok(`"${value}"`))
  })

  it('the chain starts at the genesis timestamp with the genesis gas limit', async () => {
    const r = JSON.parse((await rpc(devnet().rpcUrl, 'eth_getBlockByNumber', '["0x0",false]')).body) as {
      result: { timestamp: string; gasLimit: string }
    }
    expect(r.result.timestamp).toBe('0x65000000')
    expect(BigInt(r.result.gasLimit)).toBe(15000000n)
  })
})
