/**
 * Wire contract of the L1 endpoint's JSON-RPC layer (spec §3.2–3.4, research rpc-layer §1–2):
 * exact status, body text (key order, trailing newline or not) and error texts.
 */
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { post, rpc, useDevnet, type RawReply } from '../helpers/devnet.js'

const devnet = useDevnet()

/** A JSON string as Go writes it: HTML-safe escaping of <, > and &. */
const goStr = (s: string) => JSON.stringify(s).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)
/** An Encoder-path error reply (trailing newline). */
const err = (id: string, code: number, message: string) =>
  `{"jsonrpc":"2.0","id":${id},"error":{"code":${code},"message":${goStr(message)}}}\n`
/** An Encoder-path result reply (trailing newline). */
const ok = (id: string, result: string) => `{"jsonrpc":"2.0","id":${id},"result":${result}}\n`
const invalidParams = (message: string, id = '1') => err(id, -32602, message)
const invalidArg0 = (message: string) => invalidParams(`invalid argument 0: ${message}`)

const modules = '{"eth":"1.0","net":"1.0","rpc":"1.0","warp":"1.0","web3":"1.0"}'
const call = (id: string, method: string, params?: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"${method}"${params === undefined ? '' : `,"params":${params}`}}`
const notification = (method: string, params?: string) =>
  `{"jsonrpc":"2.0","method":"${method}"${params === undefined ? '' : `,"params":${params}`}}`

/** A raw HTTP request through node:http, for what fetch cannot send (no Content-Type, chunked bodies, odd methods). */
function raw(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean },
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'POST', headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const headers = new Headers()
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v)
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    if (opts.body !== undefined) {
      if (!opts.chunked) req.setHeader('content-length', Buffer.byteLength(opts.body))
      const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : opts.body
      // Several writes without a content-length make node send Transfer-Encoding: chunked.
      for (let i = 0; i < body.length; i += 1 << 20) req.write(body.subarray(i, i + (1 << 20)))
    }
    req.end()
  })
}

async function blockNumber(): Promise<bigint> {
  const r = await rpc(devnet().anvilUrl, 'eth_blockNumber', '[]')
  return BigInt((JSON.parse(r.body) as { result: string }).result)
}

describe('HTTP checks (spec §3.2, research §2.1)', () => {
  it('GET with no body and no query is a 200 health check with an empty body', async () => {
    const r = await raw(devnet().rpcUrl, { method: 'GET' })
    expect(r.status).toBe(200)
    expect(r.body).toBe('')
    expect(r.headers.get('content-type')).toBeNull()
  })

  it('GET with a query string or a body is handled as JSON-RPC', async () => {
    const { rpcUrl } = devnet()
    expect((await raw(`${rpcUrl}?x=1`, { method: 'GET' })).status).toBe(415)
    const q = await raw(`${rpcUrl}?x=1`, { method: 'GET', headers: { 'content-type': 'application/json' } })
    expect(q.status).toBe(200)
    expect(q.body).toBe('')
    const withBody = await raw(rpcUrl, { method: 'GET', headers: { 'content-type': 'application/json' }, body: call('1', 'rpc_modules') })
    expect(withBody.body).toBe(ok('1', modules))
  })

  it('PUT and DELETE are 405 method not allowed', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const r = await raw(devnet().rpcUrl, { method, headers: { 'content-type': 'application/json' }, body: call('1', 'eth_chainId') })
      expect(r.status).toBe(405)
      expect(r.body).toBe('method not allowed\n')
      expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('rejects content types other than the JSON ones with 415', async () => {
    const rejected = [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json ; x',
      'application/json; charset',
      'application/json; x=',
      'application/json; a=1; a=2',
      'application/json, text/plain',
      'application/*',
      '',
    ]
    for (const type of rejected) {
      const r = await raw(devnet().rpcUrl, { headers: { 'content-type': type }, body: call('1', 'eth_chainId') })
      expect({ type, status: r.status, body: r.body }).toEqual({
        type,
        status: 415,
        body: 'invalid content type, only application/json is supported\n',
      })
    }
    const missing = await raw(devnet().rpcUrl, { body: call('1', 'eth_chainId') })
    expect(missing.status).toBe(415)
    expect(missing.body).toBe('invalid content type, only application/json is supported\n')
  })

  it('accepts application/json with parameters, any case, and the two other JSON media types', async () => {
    const accepted = [
      'application/json; charset=utf-8',
      'application/json;',
      'application/json ;',
      'Application/JSON',
      'application/json;charset="utf-8"',
      'APPLICATION/JSONREQUEST',
      'application/json-rpc; charset=x',
    ]
    for (const type of accepted) {
      const r = await post(devnet().rpcUrl, call('1', 'rpc_modules'), { 'content-type': type })
      expect({ type, status: r.status, body: r.body }).toEqual({ type, status: 200, body: ok('1', modules) })
    }
  })

  it('refuses bodies over 5 MiB with 413 naming the real size, with or without Content-Length', async () => {
    const body = call('1', 'rpc_modules').padEnd(5 * 1024 * 1024 + 1, ' ')
    const r = await post(devnet().rpcUrl, body)
    expect(r.status).toBe(413)
    expect(r.body).toBe('content length too large (5242881>5242880)\n')
    const chunked = await raw(devnet().rpcUrl, { headers: { 'content-type': 'application/json' }, body: `${body}    `, chunked: true })
    expect(chunked.status).toBe(413)
    expect(chunked.body).toBe('content length too large (5242885>5242880)\n')
  })

  it('serves a body of exactly 5 MiB', async () => {
    const r = await post(devnet().rpcUrl, call('1', 'rpc_modules').padEnd(5 * 1024 * 1024, ' '))
    expect(r.status).toBe(200)
    expect(r.body).toBe(ok('1', modules))
  })

  it('answers 404 page not found for unknown chains and non-exact paths', async () => {
    const { url, blockchainID } = devnet()
    for (const path of [
      '/ext/bc/unknownchain/rpc',
      `/ext/bc/${blockchainID}/rpc/`,
      `/ext/bc/${blockchainID}/RPC`,
      `/ext/bc/${blockchainID.toLowerCase()}/rpc`,
    ]) {
      const r = await post(url + path, call('1', 'eth_chainId'))
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 404, body: '404 page not found\n' })
    }
  })

  it('answers on the alias URL exactly as on the blockchain ID URL', async () => {
    const { rpcUrl, aliasRpcUrl } = devnet()
    expect(aliasRpcUrl).not.toBe(rpcUrl)
    for (const [method, params] of [
      ['eth_getChainConfig', '[]'],
      ['eth_feeConfig', '["earliest"]'],
      ['eth_chainId', undefined],
      ['foo_bar', undefined],
    ] as const) {
      const a = await rpc(rpcUrl, method, params, '"x"')
      const b = await rpc(aliasRpcUrl, method, params, '"x"')
      expect(b.status).toBe(200)
      expect(b.body).toBe(a.body)
    }
  })

  it('writes JSON-RPC replies as application/json with status 200, errors included', async () => {
    const r = await rpc(devnet().rpcUrl, 'foo_bar')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json')
  })

  it('empty and whitespace-only bodies give 200 with an empty body', async () => {
    for (const body of ['', '  \n\t ']) {
      const r = await post(devnet().rpcUrl, body)
      expect(r.status).toBe(200)
      expect(r.body).toBe('')
      expect(r.headers.get('content-type')).toBe('application/json')
    }
  })

  it('OPTIONS without a body passes the checks and answers an empty 200', async () => {
    const r = await raw(devnet().rpcUrl, { method: 'OPTIONS' })
    expect(r.status).toBe(200)
    expect(r.body).toBe('')
  })
})

describe('envelope (spec §3.3, research §2.2–2.4)', () => {
  it('malformed JSON is a -32700 parse error written without a newline', async () => {
    const parseError = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}'
    for (const body of [
      '{"jsonrpc":"2.0",',
      "'f",
      '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},]',
      '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      '{"id":01}',
    ]) {
      const r = await post(devnet().rpcUrl, body)
      expect({ body, status: r.status, reply: r.body }).toEqual({ body, status: 200, reply: parseError })
    }
  })

  it('reads only the first JSON value and ignores trailing bytes', async () => {
    const r = await post(devnet().rpcUrl, `${call('1', 'rpc_modules')} garbage {`)
    expect(r.body).toBe(ok('1', modules))
  })

  it('echoes ids raw: strings, numbers as written, booleans, escapes', async () => {
    for (const id of ['"abc"', '1.50', '-1E+2', 'true', 'false', '"\\u0041"', '0', '12345678901234567890123']) {
      const r = await post(devnet().rpcUrl, call(id, 'rpc_modules'))
      expect(r.body).toBe(ok(id, modules))
    }
  })

  it('HTML-escapes <, > and & in an echoed id, as Go json.Encoder does', async () => {
    const r = await post(devnet().rpcUrl, call('"a<b&c>d"', 'rpc_modules'))
    expect(r.body).toBe(ok('"a\\u003cb\\u0026c\\u003ed"', modules))
  })

  it('"id":null is a call and is answered with "id":null', async () => {
    expect((await post(devnet().rpcUrl, call('null', 'rpc_modules'))).body).toBe(ok('null', modules))
    expect((await post(devnet().rpcUrl, call('null', 'foo_bar'))).body).toBe(
      err('null', -32601, 'the method foo_bar does not exist/is not available'),
    )
  })

  it('matches envelope keys case-insensitively', async () => {
    const r = await post(devnet().rpcUrl, '{"JSONRPC":"2.0","ID":7,"METHOD":"rpc_modules","Params":[]}')
    expect(r.body).toBe(ok('7', modules))
  })

  it('invalid requests are -32600 with the id echoed when it is a valid id, else null', async () => {
    const cases: [string, string][] = [
      ['{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}', '1'],
      ['{"id":1,"method":"eth_chainId"}', '1'],
      ['{"jsonrpc":2,"id":1,"method":"eth_chainId"}', '1'],
      ['{"jsonrpc":"2.0","id":2,"method":5}', '2'],
      ['{"jsonrpc":"2.0","id":2,"method":""}', '2'],
      ['{"jsonrpc":"2.0","id":2}', '2'],
      ['{"jsonrpc":"2.0","id":{},"method":"eth_chainId"}', 'null'],
      ['{"jsonrpc":"2.0","id":[],"method":"eth_chainId"}', 'null'],
      ['{"jsonrpc":"1.0","method":"eth_chainId"}', 'null'],
      ['1', 'null'],
      ['null', 'null'],
      ['"x"', 'null'],
    ]
    for (const [body, id] of cases) {
      const r = await post(devnet().rpcUrl, body)
      expect({ body, reply: r.body }).toEqual({ body, reply: err(id, -32600, 'invalid request') })
    }
  })

  it('a response-shaped message is dropped: 200 with an empty body', async () => {
    for (const body of ['{"jsonrpc":"2.0","id":1,"result":"0x1"}', '{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}']) {
      const r = await post(devnet().rpcUrl, body)
      expect(r.status).toBe(200)
      expect(r.body).toBe('')
    }
  })

  it('a notification is executed and nothing is written', async () => {
    const before = await blockNumber()
    const r = await post(devnet().rpcUrl, notification('evm_mine'))
    expect(r.status).toBe(200)
    expect(r.body).toBe('')
    expect(await blockNumber()).toBe(before + 1n)
  })
})

describe('method dispatch (research §2.4)', () => {
  it('unknown methods are -32601, the name HTML-escaped in the message', async () => {
    const { rpcUrl } = devnet()
    expect((await rpc(rpcUrl, 'foo_bar', '[]')).body).toBe(err('1', -32601, 'the method foo_bar does not exist/is not available'))
    expect((await rpc(rpcUrl, 'eth_', '[]')).body).toBe(err('1', -32601, 'the method eth_ does not exist/is not available'))
    expect((await rpc(rpcUrl, 'eth_ChainId')).body).toBe(err('1', -32601, 'the method eth_ChainId does not exist/is not available'))
    expect((await rpc(rpcUrl, 'eth_chainId_x')).body).toBe(err('1', -32601, 'the method eth_chainId_x does not exist/is not available'))
    expect((await rpc(rpcUrl, 'chainId')).body).toBe(err('1', -32601, 'the method chainId does not exist/is not available'))
    expect((await rpc(rpcUrl, '<b>')).body).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"the method \\u003cb\\u003e does not exist/is not available"}}\n',
    )
  })

  it('any *_subscribe over HTTP is -32601 notifications not supported', async () => {
    for (const method of ['eth_subscribe', 'foo_subscribe']) {
      const r = await rpc(devnet().rpcUrl, method, '["newHeads"]')
      expect(r.body).toBe(err('1', -32601, 'notifications not supported'))
    }
  })

  it('any *_unsubscribe uses the built-in callback: subscription not found / missing argument', async () => {
    const { rpcUrl } = devnet()
    expect((await rpc(rpcUrl, 'eth_unsubscribe', '["0x1"]')).body).toBe(err('1', -32000, 'subscription not found'))
    expect((await rpc(rpcUrl, 'foo_unsubscribe', '["0x1"]')).body).toBe(err('1', -32000, 'subscription not found'))
    expect((await rpc(rpcUrl, 'eth_unsubscribe')).body).toBe(invalidParams('missing value for required argument 0'))
    expect((await rpc(rpcUrl, 'eth_unsubscribe', '[]')).body).toBe(invalidParams('missing value for required argument 0'))
    expect((await rpc(rpcUrl, 'eth_unsubscribe', '["0x1",2]')).body).toBe(invalidParams('too many arguments, want at most 1'))
    expect((await rpc(rpcUrl, 'eth_unsubscribe', '{}')).body).toBe(invalidParams('non-array args'))
  })

  it('rpc_modules lists the default eth-apis namespaces', async () => {
    const { rpcUrl } = devnet()
    for (const params of [undefined, 'null', '[]']) expect((await rpc(rpcUrl, 'rpc_modules', params)).body).toBe(ok('1', modules))
    expect((await rpc(rpcUrl, 'rpc_modules', '[1]')).body).toBe(invalidParams('too many arguments, want at most 0'))
    expect((await rpc(rpcUrl, 'rpc_modules', '[null]')).body).toBe(invalidParams('too many arguments, want at most 0'))
    expect((await rpc(rpcUrl, 'rpc_modules', '{}')).body).toBe(invalidParams('non-array args'))
  })
})

describe('positional params (spec §3.4, research §1.1)', () => {
  it('non-array params are -32602 non-array args, for zero-arg methods too', async () => {
    const { rpcUrl } = devnet()
    for (const method of ['eth_feeConfig', 'eth_getChainConfig', 'eth_getActiveRulesAt', 'eth_getActivePrecompilesAt'])
      for (const params of ['{}', '{"a":1}', '"latest"', '5', 'true', '""'])
        expect({ method, params, body: (await rpc(rpcUrl, method, params)).body }).toEqual({
          method,
          params,
          body: invalidParams('non-array args'),
        })
  })

  it('too many arguments', async () => {
    const { rpcUrl } = devnet()
    expect((await rpc(rpcUrl, 'eth_getChainConfig', '[1]')).body).toBe(invalidParams('too many arguments, want at most 0'))
    expect((await rpc(rpcUrl, 'eth_getChainConfig', '[{}]')).body).toBe(invalidParams('too many arguments, want at most 0'))
    expect((await rpc(rpcUrl, 'eth_feeConfig', '["latest",1]')).body).toBe(invalidParams('too many arguments, want at most 1'))
    expect((await rpc(rpcUrl, 'eth_getActiveRulesAt', '[1,2]')).body).toBe(invalidParams('too many arguments, want at most 1'))
    expect((await rpc(rpcUrl, 'eth_getActivePrecompilesAt', '[1,null]')).body).toBe(invalidParams('too many arguments, want at most 1'))
  })

  it('element 0 is decoded before the count is checked', async () => {
    expect((await rpc(devnet().rpcUrl, 'eth_feeConfig', '["bad",1]')).body).toBe(invalidArg0('hex string without 0x prefix'))
    expect((await rpc(devnet().rpcUrl, 'eth_getActiveRulesAt', '["1",2]')).body).toBe(
      invalidArg0('json: cannot unmarshal string into Go value of type uint64'),
    )
  })

  it('*uint64 timestamp argument: every row of the §3.4 table', async () => {
    const rows: [string, string][] = [
      ['["0x6553f100"]', 'json: cannot unmarshal string into Go value of type uint64'],
      ['["1700000000"]', 'json: cannot unmarshal string into Go value of type uint64'],
      ['[-1]', 'json: cannot unmarshal number -1 into Go value of type uint64'],
      ['[1.5]', 'json: cannot unmarshal number 1.5 into Go value of type uint64'],
      ['[1e3]', 'json: cannot unmarshal number 1e3 into Go value of type uint64'],
      ['[18446744073709551616]', 'json: cannot unmarshal number 18446744073709551616 into Go value of type uint64'],
      ['[true]', 'json: cannot unmarshal bool into Go value of type uint64'],
      ['[{}]', 'json: cannot unmarshal object into Go value of type uint64'],
      ['[[]]', 'json: cannot unmarshal array into Go value of type uint64'],
    ]
    for (const method of ['eth_getActiveRulesAt', 'eth_getActivePrecompilesAt'])
      for (const [params, message] of rows)
        expect({ method, params, body: (await rpc(devnet().rpcUrl, method, params)).body }).toEqual({
          method,
          params,
          body: invalidArg0(message),
        })
  })

  it('*uint64 accepts omitted, null, [], [null] (latest block time) and the full uint64 range', async () => {
    const { rpcUrl } = devnet()
    for (const method of ['eth_getActiveRulesAt', 'eth_getActivePrecompilesAt']) {
      const latest = await rpc(rpcUrl, method)
      for (const params of ['null', '[]', '[null]']) expect((await rpc(rpcUrl, method, params)).body).toBe(latest.body)
      expect((await rpc(rpcUrl, method, '[18446744073709551615]')).status).toBe(200)
      expect((await rpc(rpcUrl, method, '[18446744073709551615]')).body).toMatch(/^\{"jsonrpc":"2.0","id":1,"result":\{/)
    }
  })

  it('*rpc.BlockNumberOrHash argument: the §3.4 and research §1.2 error rows', async () => {
    const hash = `0x${'ab'.repeat(32)}`
    const rows: [string, string][] = [
      ['"foo"', 'hex string without 0x prefix'],
      ['"10"', 'hex string without 0x prefix'],
      ['"0"', 'hex string without 0x prefix'],
      ['"Latest"', 'hex string without 0x prefix'],
      ['"-0x1"', 'hex string without 0x prefix'],
      ['" 0x1"', 'hex string without 0x prefix'],
      ['"0x"', 'hex string "0x"'],
      ['"0x01"', 'hex number with leading zero digits'],
      ['"0x00"', 'hex number with leading zero digits'],
      ['"0xzz"', 'invalid hex string'],
      ['"0x-1"', 'invalid hex string'],
      ['"0x1_0"', 'invalid hex string'],
      ['"0x1 "', 'invalid hex string'],
      ['"0xg"', 'invalid hex string'],
      ['"0x10000000000000000"', 'hex number > 64 bits'],
      ['"0x1ffffffffffffffffz"', 'hex number > 64 bits'],
      ['"0xfffffffffffffffz"', 'invalid hex string'],
      ['"0xffffffffffffffffz"', 'invalid hex string'],
      ['"0x8000000000000000"', 'blocknumber too high'],
      ['"0xffffffffffffffff"', 'blocknumber too high'],
      ['""', 'empty hex string'],
      [`"0x${'ab'.repeat(31)}zz"`, 'invalid hex string'],
      [`"1x${'ab'.repeat(32)}"`, 'hex string without 0x prefix'],
      [`"0x${'a'.repeat(62)}é"`, 'invalid hex string'],
      ['5', 'json: cannot unmarshal number into Go value of type string'],
      ['1.5', 'json: cannot unmarshal number into Go value of type string'],
      ['-1', 'json: cannot unmarshal number into Go value of type string'],
      ['true', 'json: cannot unmarshal bool into Go value of type string'],
      ['[]', 'json: cannot unmarshal array into Go value of type string'],
      ['{"blockNumber":5}', 'json: cannot unmarshal object into Go value of type string'],
      ['{"blockNumber":"0x8000000000000000"}', 'json: cannot unmarshal object into Go value of type string'],
      ['{"blockNumber":"0x01"}', 'json: cannot unmarshal object into Go value of type string'],
      ['{"blockHash":5}', 'json: cannot unmarshal object into Go value of type string'],
      ['{"blockHash":"0x12"}', 'json: cannot unmarshal object into Go value of type string'],
      ['{"requireCanonical":"yes"}', 'json: cannot unmarshal object into Go value of type string'],
      [`{"blockNumber":"0x1","blockHash":"${hash}"}`, 'cannot specify both BlockHash and BlockNumber, choose one or the other'],
    ]
    for (const [arg, message] of rows) {
      const r = await rpc(devnet().rpcUrl, 'eth_feeConfig', `[${arg}]`)
      expect({ arg, body: r.body }).toEqual({ arg, body: invalidArg0(message) })
    }
  })

  it('an object with neither number nor hash decodes, then the backend refuses it with -32000', async () => {
    for (const arg of ['{}', '{"requireCanonical":true}', '{"foo":1}', '{"blockNumber":null}', '{"blockHash":null}']) {
      const r = await rpc(devnet().rpcUrl, 'eth_feeConfig', `[${arg}]`)
      expect({ arg, body: r.body }).toEqual({ arg, body: err('1', -32000, 'invalid arguments; neither block nor hash specified') })
    }
  })
})

describe('batches (research §2.5)', () => {
  it('mixes local and forwarded methods with per-element answers in order', async () => {
    const before = await blockNumber()
    const hex = (n: bigint) => `"0x${n.toString(16)}"`
    const body = `[${[
      call('1', 'eth_chainId'),
      call('"a"', 'eth_getChainConfig', '{}'),
      call('3', 'rpc_modules'),
      '1',
      notification('evm_mine'),
      call('4', 'eth_blockNumber'),
      '{"jsonrpc":"2.0","id":[1],"method":"eth_chainId"}',
      '{"jsonrpc":"1.0","id":7,"method":"eth_chainId"}',
      call('8', 'foo_bar'),
      call('9', 'eth_getActiveRulesAt', '["x"]'),
      '{"jsonrpc":"2.0","id":10,"result":"0x1"}',
      '{}',
      'null',
      '[1]',
      '{"jsonrpc":"2.0","method":5,"id":"m"}',
      call('11', 'eth_subscribe', '["newHeads"]'),
      call('null', 'eth_blockNumber'),
    ].join(',')}]`
    const r = await post(devnet().rpcUrl, body)
    expect(r.status).toBe(200)
    const expected = `[${[
      ok('1', '"0x1869f"'),
      err('"a"', -32602, 'non-array args'),
      ok('3', modules),
      err('null', -32600, 'invalid request'),
      ok('4', hex(before + 1n)),
      err('null', -32600, 'invalid request'),
      err('7', -32600, 'invalid request'),
      err('8', -32601, 'the method foo_bar does not exist/is not available'),
      err('9', -32602, 'invalid argument 0: json: cannot unmarshal string into Go value of type uint64'),
      err('null', -32600, 'invalid request'),
      err('null', -32600, 'invalid request'),
      err('null', -32600, 'invalid request'),
      err('"m"', -32600, 'invalid request'),
      err('11', -32601, 'notifications not supported'),
      ok('null', hex(before + 1n)),
    ]
      .map((s) => s.trimEnd())
      .join(',')}]\n`
    expect(r.body).toBe(expected)
  })

  it('runs elements sequentially: a notification between two calls takes effect in between', async () => {
    const before = await blockNumber()
    const r = await post(
      devnet().rpcUrl,
      `[${call('1', 'eth_blockNumber')},${notification('evm_mine')},${call('2', 'eth_feeConfig', '["latest"]')},${call('3', 'eth_blockNumber')}]`,
    )
    const replies = JSON.parse(r.body) as { id: number; result: unknown }[]
    expect(replies.map((x) => x.id)).toEqual([1, 2, 3])
    expect(replies[0]!.result).toBe(`0x${before.toString(16)}`)
    expect(replies[2]!.result).toBe(`0x${(before + 1n).toString(16)}`)
  })

  it('only notifications: all executed, 200 with an empty body', async () => {
    const before = await blockNumber()
    const r = await post(devnet().rpcUrl, `[${notification('evm_mine')},${notification('evm_mine')},${notification('eth_feeConfig')}]`)
    expect(r.status).toBe(200)
    expect(r.body).toBe('')
    expect(r.headers.get('content-type')).toBe('application/json')
    expect(await blockNumber()).toBe(before + 2n)
  })

  it('only responses: 200 with an empty body', async () => {
    const r = await post(devnet().rpcUrl, '[{"jsonrpc":"2.0","id":1,"result":"0x1"}]')
    expect(r.body).toBe('')
  })

  it('[] is a single empty batch error without a newline', async () => {
    for (const body of ['[]', '[ ]', ' [\n] ']) {
      const r = await post(devnet().rpcUrl, body)
      expect(r.body).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"empty batch"}}')
    }
  })

  it('1001 elements: one batch too large entry with the first call id, nothing executed, no newline', async () => {
    const before = await blockNumber()
    const elements = [
      notification('evm_mine'),
      '5',
      call('"first"', 'evm_mine'),
      ...Array.from({ length: 998 }, (_, i) => call(String(i), 'evm_mine')),
    ]
    expect(elements).toHaveLength(1001)
    const r = await post(devnet().rpcUrl, `[${elements.join(',')}]`)
    expect(r.status).toBe(200)
    expect(r.body).toBe('[{"jsonrpc":"2.0","id":"first","error":{"code":-32600,"message":"batch too large"}}]')
    expect(await blockNumber()).toBe(before)

    const onlyNotifications = await post(devnet().rpcUrl, `[${Array.from({ length: 1001 }, () => notification('evm_mine')).join(',')}]`)
    expect(onlyNotifications.body).toBe('[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}}]')
    expect(await blockNumber()).toBe(before)
  })

  it('1000 elements are served', async () => {
    const r = await post(devnet().rpcUrl, `[${Array.from({ length: 1000 }, (_, i) => call(String(i), 'rpc_modules')).join(',')}]`)
    expect(r.body).toBe(`[${Array.from({ length: 1000 }, (_, i) => ok(String(i), modules).trimEnd()).join(',')}]\n`)
  })
})
