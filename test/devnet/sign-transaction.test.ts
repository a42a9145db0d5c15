/**
 * `eth_signTransaction` as a Subnet-EVM node answers it (graft/subnet-evm/internal/ethapi/api.go
 * `TransactionAPI.SignTransaction`): gas, fees and nonce must be given (each refused with the node's text, in that
 * order), `setDefaults` checks the rest, `checkTxFee` refuses a fee over `rpc-tx-fee-cap`, and the answer is
 * `SignTransactionResult` `{raw, tx}` (anvil answers the raw hex alone). Real HTTP, real anvil.
 */
import { keccak256, parseEther, parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import { rpc, testGenesis, useDevnet } from '../helpers/devnet.js'

// anvil's first dev account: the devnet's wallet (anvil) holds its key.
const from = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const to = '0x00000000000000000000000000000000000000bb'
const chainId = 99_994

const devnet = useDevnet({ l1s: [{ alias: 'sign', genesis: genesis() }] })

function genesis() {
  return { ...testGenesis({ chainId }), alloc: { [from.slice(2)]: { balance: `0x${parseEther('1000000').toString(16)}` } } }
}

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().l1s[0]!.rpcUrl, method, JSON.stringify(params))).body) as Reply
/** The reply's body as sent, for the key order. */
const body = async (method: string, params: unknown[]): Promise<string> =>
  (await rpc(devnet().l1s[0]!.rpcUrl, method, JSON.stringify(params))).body
const sign = (args: Record<string, unknown>) => call('eth_signTransaction', [args])
const refusal = (message: string) => ({ code: -32000, message })
const hex = (v: bigint | number) => `0x${v.toString(16)}`
const nextNonce = async () => BigInt((await call('eth_getTransactionCount', [from, 'pending'])).result as string)

// 1e15 wei × 100,000 gas is 100 ether: the default cap exactly.
const atCap = 10n ** 15n
const gas = 100_000n
const dynamic = { from, to, value: '0x1', gas: hex(gas), maxFeePerGas: hex(50_000_000_000n), maxPriorityFeePerGas: '0x1', nonce: '0x0' }

describe('eth_signTransaction refusals, before anything is signed', () => {
  it('arguments the node does not decode: its -32602 texts', async () => {
    expect((await call('eth_signTransaction', [])).error).toEqual({ code: -32602, message: 'missing value for required argument 0' })
    expect((await sign({ ...dynamic, gas: 21_000 })).error).toEqual({
      code: -32602,
      message: 'invalid argument 0: json: cannot unmarshal non-string into Go struct field TransactionArgs.gas of type hexutil.Uint64',
    })
  })

  it("an access list tuple without address or storageKeys: the generated decoder's texts", async () => {
    const missing = (field: string) => ({ code: -32602, message: `invalid argument 0: missing required field '${field}' for AccessTuple` })
    expect((await sign({ ...dynamic, accessList: [{ address: to }] })).error).toEqual(missing('storageKeys'))
    expect((await sign({ ...dynamic, accessList: [{ storageKeys: [] }] })).error).toEqual(missing('address'))
    expect((await sign({ ...dynamic, accessList: [null] })).error).toEqual(missing('address'))
  })

  it('no gas: "gas not specified" (checked first: nothing at all given gets it too)', async () => {
    const { gas: _, ...noGas } = dynamic
    expect((await sign(noGas)).error).toEqual(refusal('gas not specified'))
    expect((await sign({ from })).error).toEqual(refusal('gas not specified'))
  })

  it('no gas price, or only one of the EIP-1559 fee fields: the missing-fees text', async () => {
    const text = refusal('missing gasPrice or maxFeePerGas/maxPriorityFeePerGas')
    const { maxFeePerGas: _, maxPriorityFeePerGas: __, ...noFees } = dynamic
    expect((await sign(noFees)).error).toEqual(text)
    expect((await sign({ ...noFees, maxFeePerGas: hex(50_000_000_000n) })).error).toEqual(text)
    expect((await sign({ ...noFees, maxPriorityFeePerGas: '0x1', nonce: undefined })).error).toEqual(text)
  })

  it('no nonce: "nonce not specified"', async () => {
    const { nonce: _, ...noNonce } = dynamic
    expect((await sign(noNonce)).error).toEqual(refusal('nonce not specified'))
    expect((await sign({ ...noNonce, nonce: null })).error).toEqual(refusal('nonce not specified'))
  })

  it('blob fields: "signing blob transactions not supported", before the nonce', async () => {
    const { nonce: _, ...noNonce } = dynamic
    expect((await sign({ ...noNonce, maxFeePerBlobGas: '0x1' })).error).toEqual(refusal('signing blob transactions not supported'))
  })

  it("setDefaults' checks: mixed fee styles, fee cap under tip, creation without data, another chain ID", async () => {
    expect((await sign({ ...dynamic, gasPrice: '0x1' })).error).toEqual(
      refusal('both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified'),
    )
    expect((await sign({ ...dynamic, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' })).error).toEqual(
      refusal('maxFeePerGas (0x1) < maxPriorityFeePerGas (0x2)'),
    )
    expect((await sign({ ...dynamic, to: undefined })).error).toEqual(refusal('contract creation without any data provided'))
    expect((await sign({ ...dynamic, chainId: '0x5' })).error).toEqual(refusal(`chainId does not match node's (have=5, want=${chainId})`))
  })

  it("a fee over rpc-tx-fee-cap (100 ether by default): the node's checkTxFee text (a fee cap as the price)", async () => {
    expect((await sign({ ...dynamic, maxFeePerGas: hex(atCap + 1n) })).error).toEqual(
      refusal('tx fee (100.00 ether) exceeds the configured cap (100.00 ether)'),
    )
    const { maxFeePerGas: _, maxPriorityFeePerGas: __, ...legacy } = dynamic
    expect((await sign({ ...legacy, gasPrice: hex(2n * atCap) })).error).toEqual(
      refusal('tx fee (200.00 ether) exceeds the configured cap (100.00 ether)'),
    )
  })

  it('an account the wallet does not hold (or none given): "unknown account"', async () => {
    expect((await sign({ ...dynamic, from: '0x00000000000000000000000000000000000000aa' })).error).toEqual(refusal('unknown account'))
    const { from: _, ...noFrom } = dynamic
    expect((await sign(noFrom)).error).toEqual(refusal('unknown account'))
  })
})

describe('eth_signTransaction signs as the node does', () => {
  it('a fee at the cap exactly is signed', async () => {
    const reply = await sign({ ...dynamic, maxFeePerGas: hex(atCap) })
    expect(reply.error).toBeUndefined()
    expect(parseTransaction(reply.result.raw).maxFeePerGas).toBe(atCap)
  })

  it("EIP-1559: {raw, tx} in the node's key order; raw decodes to the arguments, and eth_sendRawTransaction mines it", async () => {
    const nonce = await nextNonce()
    const args = { ...dynamic, nonce: hex(nonce), input: '0x1234' }
    const text = await body('eth_signTransaction', [args])
    const { result } = JSON.parse(text) as { result: { raw: `0x${string}`; tx: Record<string, unknown> } }
    const parsed = parseTransaction(result.raw)
    expect(parsed).toMatchObject({
      type: 'eip1559',
      chainId,
      nonce: Number(nonce),
      to,
      gas,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1n,
      value: 1n,
      data: '0x1234',
    })
    const hash = keccak256(result.raw)
    expect(Object.keys(result.tx)).toEqual([
      'type',
      'chainId',
      'nonce',
      'to',
      'gas',
      'gasPrice',
      'maxPriorityFeePerGas',
      'maxFeePerGas',
      'value',
      'input',
      'accessList',
      'v',
      'r',
      's',
      'yParity',
      'hash',
    ])
    expect(result.tx).toEqual({
      type: '0x2',
      chainId: hex(chainId),
      nonce: hex(nonce),
      to,
      gas: hex(gas),
      gasPrice: null,
      maxPriorityFeePerGas: '0x1',
      maxFeePerGas: hex(50_000_000_000n),
      value: '0x1',
      input: '0x1234',
      accessList: [],
      v: hex(parsed.yParity!),
      r: hex(BigInt(parsed.r!)),
      s: hex(BigInt(parsed.s!)),
      yParity: hex(parsed.yParity!),
      hash,
    })
    expect(text.indexOf('"raw"')).toBeLessThan(text.indexOf('"tx"'))
    const sent = await call('eth_sendRawTransaction', [result.raw])
    expect(sent).toMatchObject({ result: hash })
    expect((await call('eth_getTransactionReceipt', [hash])).result?.status).toBe('0x1')
  })

  it('legacy: EIP-155 protected (chainId written, no yParity); with an access list: type 1', async () => {
    const nonce = await nextNonce()
    const legacyArgs = { from, to, gas: hex(21_000), gasPrice: hex(50_000_000_000n), nonce: hex(nonce), value: '0x2' }
    const legacy = (await sign(legacyArgs)).result as { raw: `0x${string}`; tx: Record<string, unknown> }
    const parsed = parseTransaction(legacy.raw)
    expect(parsed).toMatchObject({ type: 'legacy', chainId, nonce: Number(nonce), to, gas: 21_000n, gasPrice: 50_000_000_000n, value: 2n })
    expect(Object.keys(legacy.tx)).toEqual([
      'type',
      'chainId',
      'nonce',
      'to',
      'gas',
      'gasPrice',
      'maxPriorityFeePerGas',
      'maxFeePerGas',
      'value',
      'input',
      'v',
      'r',
      's',
      'hash',
    ])
    expect(legacy.tx).toMatchObject({
      type: '0x0',
      chainId: hex(chainId),
      gasPrice: hex(50_000_000_000n),
      maxFeePerGas: null,
      input: '0x',
      v: hex(parsed.v!),
    })
    expect([BigInt(chainId * 2 + 35), BigInt(chainId * 2 + 36)]).toContain(parsed.v)

    const accessList = [{ address: to, storageKeys: [`0x${'00'.repeat(31)}01`] }]
    const typed = (await sign({ ...legacyArgs, accessList })).result as { raw: `0x${string}`; tx: Record<string, unknown> }
    expect(parseTransaction(typed.raw)).toMatchObject({ type: 'eip2930', chainId, accessList })
    expect(typed.tx).toMatchObject({ type: '0x1', accessList, maxFeePerGas: null, yParity: expect.any(String) })

    const sent = await call('eth_sendRawTransaction', [legacy.raw])
    expect(sent).toMatchObject({ result: keccak256(legacy.raw) })
    expect((await call('eth_getTransactionReceipt', [sent.result])).result?.status).toBe('0x1')
  })
})
