/**
 * anvil 1.8.5 and later refuse a request with both `gasPrice` and EIP-1559 fee fields, so the devnet never
 * sends one: a client's mixed arguments get the node's -32000 (transaction_args.go `setFeeDefaults`,
 * `ToMessage`) before anvil sees them, and what the devnet fills or builds carries one fee style. Real devnet,
 * real anvil; every body posted to anvil is recorded by wrapping `AnvilClient.prototype.post`.
 */
import { describe, expect, it } from 'vitest'
import { recordAnvilPosts } from '../helpers/anvilPosts.js'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const chainId = 4326
const bothStyles = { code: -32000, message: 'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified' }

const sent = recordAnvilPosts()

const devnet = useDevnet({
  genesis: {
    config: { chainId, feeConfig: testFeeConfig },
    alloc: { [DEV.slice(2)]: { balance: '0x3635c9adc5dea00000' } },
    timestamp: `0x${Math.floor(Date.now() / 1000).toString(16)}`,
    gasLimit: '0x7A1200',
    difficulty: '0x0',
  },
})

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply

/** Every object in the bodies posted to anvil that sets `gasPrice` and an EIP-1559 fee field. */
function mixedInSent(): unknown[] {
  const found: unknown[] = []
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>
      const set = (k: string) => o[k] !== undefined && o[k] !== null
      if (set('gasPrice') && (set('maxFeePerGas') || set('maxPriorityFeePerGas'))) found.push(o)
      Object.values(o).forEach(walk)
    }
  }
  for (const body of sent) walk(JSON.parse(body))
  return found
}

const fee = '0x174876e800'
const mixed = [
  { gasPrice: fee, maxFeePerGas: fee },
  { gasPrice: fee, maxPriorityFeePerGas: '0x1' },
  { GasPrice: fee, MAXFEEPERGAS: fee, maxPriorityFeePerGas: '0x1' },
]

describe('fee styles', () => {
  it("answers a client's mixed fee fields with the node's error, and anvil never sees them", async () => {
    const before = sent.length
    for (const fees of mixed) {
      const tx = { from: DEV, to: DEV, value: '0x1', ...fees }
      expect((await call('eth_call', [tx, 'latest'])).error).toEqual(bothStyles)
      expect((await call('eth_estimateGas', [tx])).error).toEqual(bothStyles)
      expect((await call('eth_createAccessList', [tx, 'latest'])).error).toEqual(bothStyles)
      expect((await call('debug_traceCall', [tx, 'latest', {}])).error).toEqual(bothStyles)
      expect((await call('eth_fillTransaction', [tx])).error).toEqual(bothStyles)
      expect((await call('eth_sendTransaction', [tx])).error).toEqual(bothStyles)
    }
    expect(sent.slice(before).join('\n')).not.toMatch(/gasprice/i)
  })

  it('keeps a null fee field as unset, as Go decodes it, and does not pass it on', async () => {
    const tx = { from: DEV, to: DEV, value: '0x1', gasPrice: null, maxFeePerGas: fee, maxPriorityFeePerGas: '0x1' }
    expect((await call('eth_call', [tx, 'latest'])).result).toBe('0x')
    const filled = await call('eth_fillTransaction', [tx])
    expect(filled.error).toBeUndefined()
    expect([filled.result.tx.maxFeePerGas, filled.result.tx.maxPriorityFeePerGas]).toEqual([fee, '0x1'])
  })

  it('fills and sends one fee style: gasPrice alone as given, else both EIP-1559 fields', async () => {
    const legacy = await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1', gasPrice: fee }])
    expect(legacy.error).toBeUndefined()
    const dynamic = await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1', maxFeePerGas: fee }])
    expect(dynamic.error).toBeUndefined()
    const plain = await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1' }])
    expect(plain.error).toBeUndefined()
    const sends = sent.map((b) => JSON.parse(b)).filter((b) => b.method === 'eth_sendTransaction')
    const fields = sends.slice(-3).map((b) =>
      Object.keys(b.params[0])
        .filter((k) => /fee|price/i.test(k))
        .sort(),
    )
    expect(fields).toEqual([['gasPrice'], ['maxFeePerGas', 'maxPriorityFeePerGas'], ['maxFeePerGas', 'maxPriorityFeePerGas']])
  })

  it('sends anvil no request with both fee styles in the whole run', () => {
    expect(sent.length).toBeGreaterThan(0)
    expect(mixedInSent()).toEqual([])
  })
})
