/**
 * The Subnet-EVM extras on the default devnet (spec §4, research subnetevm-config §2 and §4):
 * eth_getChainConfig, eth_getActiveRulesAt, eth_getActivePrecompilesAt and eth_feeConfig's
 * block argument, with exact bodies.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { rpc, useDevnet } from '../helpers/devnet.js'

const S = Math.floor(Date.now() / 1000)
const T1 = S + 3600
const T2 = S + 7200
const T3 = S + 10800
const DURANGO = 1607144400
// Local networks have Helicon from genesis since avalanchego v1.15.1 (the devnet's default is v1.15.3).
const HELICON = 1607144400

const devnet = useDevnet({ startTime: S })

const ok = (result: string, id = '1') => `{"jsonrpc":"2.0","id":${id},"result":${result}}\n`
const err = (code: number, message: string, id = '1') =>
  `{"jsonrpc":"2.0","id":${id},"error":{"code":${code},"message":${JSON.stringify(message)}}}\n`

const admin = '["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"]'
const genesisFee =
  '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":25000000000,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'
const initialFee =
  '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":50000000000,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'

const cfg = {
  deployer: `{"adminAddresses":${admin},"blockTimestamp":${T1}}`,
  minter: `{"adminAddresses":${admin},"blockTimestamp":0}`,
  feeGenesis: `{"adminAddresses":${admin},"blockTimestamp":0}`,
  feeReenabled: `{"adminAddresses":${admin},"blockTimestamp":${T2},"initialFeeConfig":${initialFee}}`,
  txAllow: `{"adminAddresses":${admin},"blockTimestamp":0}`,
  reward: `{"adminAddresses":${admin},"blockTimestamp":${T3},"initialRewardConfig":{"allowFeeRecipients":true,"rewardAddress":"0x0000000000000000000000000000000000000000"}}`,
  warp: `{"blockTimestamp":${DURANGO},"quorumNumerator":67,"requirePrimaryNetworkSigners":false}`,
}

const chainConfig =
  '{"berlinBlock":0,"byzantiumBlock":0,' +
  `"cancunTime":${DURANGO},"chainId":99999,"constantinopleBlock":0,` +
  `"contractNativeMinterConfig":${cfg.minter},` +
  `"durangoTimestamp":${DURANGO},"eip150Block":0,"eip155Block":0,"eip158Block":0,"etnaTimestamp":${DURANGO},` +
  `"feeConfig":${genesisFee},"feeManagerConfig":${cfg.feeGenesis},` +
  `"graniteTimestamp":${DURANGO},"heliconTimestamp":${HELICON},"homesteadBlock":0,"istanbulBlock":0,"londonBlock":0,"muirGlacierBlock":0,"petersburgBlock":0,` +
  `"shanghaiTime":${DURANGO},"subnetEVMTimestamp":0,"txAllowListConfig":${cfg.txAllow},"warpConfig":${cfg.warp},` +
  '"upgrades":{"precompileUpgrades":[' +
  `{"contractDeployerAllowListConfig":${cfg.deployer}},` +
  `{"feeManagerConfig":{"blockTimestamp":${T1},"disable":true}},` +
  `{"feeManagerConfig":${cfg.feeReenabled}},` +
  `{"txAllowListConfig":{"blockTimestamp":${T3},"disable":true}},` +
  `{"rewardManagerConfig":${cfg.reward}}` +
  ']}}'

/** The ethRules and avalancheRules objects of `Rules(0, true, t)` for the default local chain. */
function rulesAt(t: number): string {
  const d = t >= DURANGO
  return (
    `{"ChainID":99999,"IsHomestead":true,"IsEIP150":true,"IsEIP155":true,"IsEIP158":true,"IsByzantium":true,"IsConstantinople":true,"IsPetersburg":true,"IsIstanbul":true,"IsBerlin":true,"IsLondon":true,"IsMerge":true,"IsShanghai":${d},"IsCancun":${d},"IsPrague":false,"IsVerkle":false},` +
    `"avalancheRules":{"IsSubnetEVM":true,"IsDurango":${d},"IsEtna":${d},"IsFortuna":false,"IsGranite":${d},"IsHelicon":${t >= HELICON}}`
  )
}

/** Expected active precompiles at t for the default schedule: key → [full config, activation timestamp]. */
function activeAt(t: number): [string, string, number][] {
  const out: [string, string, number][] = []
  if (t >= T1) out.push(['contractDeployerAllowListConfig', cfg.deployer, T1])
  out.push(['contractNativeMinterConfig', cfg.minter, 0])
  if (t < T1) out.push(['feeManagerConfig', cfg.feeGenesis, 0])
  else if (t >= T2) out.push(['feeManagerConfig', cfg.feeReenabled, T2])
  if (t >= T3) out.push(['rewardManagerConfig', cfg.reward, T3])
  if (t < T3) out.push(['txAllowListConfig', cfg.txAllow, 0])
  if (t >= DURANGO) out.push(['warpConfig', cfg.warp, DURANGO])
  return out
}

const rulesBody = (t: number) =>
  ok(
    `{"ethRules":${rulesAt(t)},"precompiles":{${activeAt(t)
      .map(([k, , ts]) => `"${k}":{"timestamp":${ts}}`)
      .join(',')}}}`,
  )
const precompilesBody = (t: number) =>
  ok(
    `{${activeAt(t)
      .map(([k, c]) => `"${k}":${c}`)
      .join(',')}}`,
  )

const checkpoints = [0, DURANGO - 1, DURANGO, S - 1, S, T1 - 1, T1, T1 + 1, T2 - 1, T2, T3 - 1, T3, T3 + 1_000_000, HELICON - 1, HELICON]

describe('eth_getChainConfig (spec §4.2, research §2.5)', () => {
  it('writes the default config with sorted keys and the upgrade schedule last', async () => {
    const { rpcUrl } = devnet()
    for (const params of [undefined, 'null', '[]']) {
      const r = await rpc(rpcUrl, 'eth_getChainConfig', params)
      expect(r.status).toBe(200)
      expect(r.body).toBe(ok(chainConfig))
    }
  })

  it('rejects object params and arguments', async () => {
    expect((await rpc(devnet().rpcUrl, 'eth_getChainConfig', '{}')).body).toBe(err(-32602, 'non-array args'))
    expect((await rpc(devnet().rpcUrl, 'eth_getChainConfig', '[null]')).body).toBe(err(-32602, 'too many arguments, want at most 0'))
  })
})

describe('eth_getActiveRulesAt / eth_getActivePrecompilesAt (spec §4.3–4.4, research §4)', () => {
  it('shows every scheduled enable, disable and re-enable at explicit timestamps', async () => {
    for (const t of checkpoints) {
      const rules = await rpc(devnet().rpcUrl, 'eth_getActiveRulesAt', `[${t}]`)
      expect({ t, body: rules.body }).toEqual({ t, body: rulesBody(t) })
      const pre = await rpc(devnet().rpcUrl, 'eth_getActivePrecompilesAt', `[${t}]`)
      expect({ t, body: pre.body }).toEqual({ t, body: precompilesBody(t) })
    }
  })

  it('spot checks: feeManager gone between +3600 and +7200, back with its new config after', async () => {
    const at = async (t: number) => (await rpc(devnet().rpcUrl, 'eth_getActiveRulesAt', `[${t}]`)).body
    expect(await at(T1 - 1)).toContain('"feeManagerConfig":{"timestamp":0}')
    expect(await at(T1)).not.toContain('feeManagerConfig')
    expect(await at(T2)).toContain(`"feeManagerConfig":{"timestamp":${T2}}`)
    expect(await at(T3)).not.toContain('txAllowListConfig')
    expect(await at(T3)).toContain(`"rewardManagerConfig":{"timestamp":${T3}}`)
    expect(await at(0)).not.toContain('warpConfig')
  })

  it('an omitted timestamp means the latest block time', async () => {
    const { rpcUrl, anvilUrl } = devnet()
    const latest = JSON.parse((await rpc(anvilUrl, 'eth_getBlockByNumber', '["latest",false]')).body) as { result: { timestamp: string } }
    const t = Number(BigInt(latest.result.timestamp))
    expect(t).toBeGreaterThanOrEqual(S)
    expect(t).toBeLessThan(T1)
    expect((await rpc(rpcUrl, 'eth_getActiveRulesAt')).body).toBe(rulesBody(t))
    expect((await rpc(rpcUrl, 'eth_getActivePrecompilesAt')).body).toBe(precompilesBody(t))
    expect((await rpc(rpcUrl, 'eth_getActiveRulesAt', '[]')).body).toBe(rulesBody(t))
    expect((await rpc(rpcUrl, 'eth_getActivePrecompilesAt', '[null]')).body).toBe(precompilesBody(t))
  })
})

describe('eth_feeConfig block argument (spec §4.1, research §1.3)', () => {
  const changed =
    '{"gasLimit":8000000,"targetBlockRate":3,"minBaseFee":1,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'
  const before = ok(`{"feeConfig":${genesisFee},"lastChangedAt":0}`)
  const after = ok(`{"feeConfig":${changed},"lastChangedAt":2}`)
  const hashes: string[] = []

  beforeAll(async () => {
    const { rpcUrl } = devnet()
    expect((await rpc(rpcUrl, 'evm_mine')).status).toBe(200) // block 1
    const set = await rpc(rpcUrl, 'devnet_setFeeConfig', `[${changed}]`) // mines block 2
    for (const n of [0, 1, 2]) {
      const b = JSON.parse((await rpc(rpcUrl, 'eth_getBlockByNumber', `["0x${n}",false]`)).body) as { result: { hash: string } }
      hashes.push(b.result.hash)
    }
    expect(set.body).toBe(ok(`{"blockNumber":"0x2","blockHash":"${hashes[2]}"}`))
  })

  it('resolves every form of the argument to the right block', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, after],
      ['null', after],
      ['[]', after],
      ['[null]', after],
      ['["latest"]', after],
      ['["pending"]', after],
      ['["accepted"]', after],
      ['["finalized"]', after],
      ['["safe"]', after],
      ['["\\u006catest"]', after],
      ['["earliest"]', before],
      ['["0x0"]', before],
      ['["0x1"]', before],
      ['["0X1"]', before],
      ['["0x2"]', after],
      [`["${hashes[1]}"]`, before],
      [`["${hashes[2]}"]`, after],
      [`["${hashes[1]!.toUpperCase().replace('0X', '0x')}"]`, before],
      [`[{"blockHash":"${hashes[0]}"}]`, before],
      [`[{"blockHash":"${hashes[2]}","requireCanonical":true}]`, after],
      [`[{"blockHash":"${hashes[1]}","requireCanonical":false}]`, before],
      ['[{"blockNumber":"0x1"}]', before],
      ['[{"blockNumber":"0x2"}]', after],
      ['[{"BLOCKNUMBER":"0x1"}]', before],
      ['[{"blockNumber":"latest"}]', after],
      ['[{"blockNumber":"earliest"}]', before],
      ['[{"blockNumber":"0x1","blockHash":null}]', before],
    ]
    for (const [params, body] of cases) {
      const r = await rpc(devnet().rpcUrl, 'eth_feeConfig', params)
      expect({ params, body: r.body }).toEqual({ params, body })
    }
  })

  it('a number above the last accepted block is cannot query unfinalized data', async () => {
    for (const arg of ['"0x3"', '"0x100"', '"0x7fffffffffffffff"', '{"blockNumber":"0x3"}']) {
      const r = await rpc(devnet().rpcUrl, 'eth_feeConfig', `[${arg}]`)
      expect({ arg, body: r.body }).toEqual({ arg, body: err(-32000, 'cannot query unfinalized data') })
    }
  })

  it('after evm_revert, a reverted block hash is not found and a reverted change is forgotten', async () => {
    const { rpcUrl } = devnet()
    const snap = (JSON.parse((await rpc(rpcUrl, 'evm_snapshot')).body) as { result: string }).result
    const set = JSON.parse((await rpc(rpcUrl, 'devnet_setFeeConfig', `[${changed.replace('"minBaseFee":1', '"minBaseFee":2')}]`)).body) as {
      result: { blockNumber: string; blockHash: string }
    }
    expect(set.result.blockNumber).toBe('0x3')
    expect(await rpc(rpcUrl, 'eth_feeConfig').then((r) => r.body)).toContain('"minBaseFee":2,')
    expect((await rpc(rpcUrl, 'evm_revert', `["${snap}"]`)).body).toBe(ok('true'))
    await rpc(rpcUrl, 'evm_mine') // a different block 3
    expect((await rpc(rpcUrl, 'eth_feeConfig')).body).toBe(after)
    expect((await rpc(rpcUrl, 'eth_feeConfig', '["0x3"]')).body).toBe(after)
    expect((await rpc(rpcUrl, 'eth_feeConfig', `["${set.result.blockHash}"]`)).body).toBe(err(-32000, 'header for hash not found'))
  })

  it('an unknown hash is header for hash not found', async () => {
    const unknown = `0x${'12'.repeat(32)}`
    for (const arg of [`"${unknown}"`, `{"blockHash":"${unknown}"}`, `{"blockHash":"${unknown}","requireCanonical":false}`]) {
      const r = await rpc(devnet().rpcUrl, 'eth_feeConfig', `[${arg}]`)
      expect({ arg, body: r.body }).toEqual({ arg, body: err(-32000, 'header for hash not found') })
    }
  })
})
