/**
 * The examples of docs/errors.md are correct: run against the fault server (its URL in place
 * of 127.0.0.1:9650), each prints what its branches promise for each fault. `subnet-rpc`
 * imports are pointed at src/, so the examples test the code as it is, without a build.
 * Their type check, against the BUILT package as users get it, is the docs harness's
 * (test/docs/examples.test.ts), as is their run against a healthy devnet.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startFaultServer, type FaultServer } from './server.js'

// The examples that handle each failure (their `catch`); the page's other block shows a wrong endpoint's message,
// which test/viem/errors.test.ts checks against the devnet.
const blocks = [...readFileSync('docs/errors.md', 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((m) => m[1]!)
  .filter((code) => code.includes('catch'))
const dir = resolve(`test/fault/.run-${process.pid}`)

/** The example with `subnet-rpc` imports pointed at src/ and, when given, another node URL. */
function rewrite(code: string, base?: string): string {
  const out = code
    .replaceAll("from 'subnet-rpc'", "from '../../../src/index.js'")
    .replaceAll("from 'subnet-rpc/viem'", "from '../../../src/viem/index.js'")
    .replaceAll("from 'subnet-rpc/ethers'", "from '../../../src/ethers/index.js'")
  return base ? out.replaceAll('http://127.0.0.1:9650', base) : out
}

/** What each example prints, by route of the fault server (`refused`: a port nothing listens on). */
const expected: [string, Record<string, string>][] = [
  [
    'viem',
    {
      ok: 'minBaseFee 25000000000',
      // The fault server answers -32601 on every path, as an EVM chain without the method (or SAE): the hint says so.
      noMethod: 'not a Subnet-EVM L1: use …/ext/bc/<blockchainID>/rpc; on SAE, use the Gas Price Manager',
      resultAndError: 'the node refused: -32000 boom',
      truncated: 'not a valid reply at $',
      array: 'not a valid reply at $',
      bootstrapping503: 'the chain is still bootstrapping: retry later',
      notFound404: 'HTTP failure 404',
      huge: 'reply larger than 10485760 bytes',
      // viem cannot see ids: the reply is used (docs/errors.md says so).
      wrongId: 'minBaseFee 25000000000',
    },
  ],
  [
    'ethers',
    {
      ok: 'node avalanchego/1.14.2',
      noMethod: 'the node refused: -32601 the method info.getNodeVersion does not exist/is not available',
      resultAndError: 'not a valid reply at $',
      wrongId: 'not a valid reply at $.id',
      bootstrapping503: 'HTTP failure 503 Service Unavailable API call rejected because chain is not done bootstrapping\n',
      reset: 'connection failed: ECONNRESET',
      refused: 'connection failed: ECONNREFUSED',
    },
  ],
]

let server: FaultServer
let refusedBase = ''
const unhandled: unknown[] = []
const onUnhandled = (e: unknown) => void unhandled.push(e)

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  mkdirSync(dir, { recursive: true })
  server = await startFaultServer()
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  refusedBase = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
  await new Promise<void>((r) => probe.close(() => r()))
})

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

it('docs/errors.md has the viem and the ethers example', () => {
  expect(blocks.length).toBe(expected.length)
  expect(blocks[0]).toContain("from 'subnet-rpc/viem'")
  expect(blocks[1]).toContain("from 'subnet-rpc/ethers'")
})

describe.each(expected.map(([name, cases], i) => [name, i, cases] as const))('the %s example', (_name, index, cases) => {
  it.each(Object.entries(cases))('against %s prints %j', { timeout: 20_000 }, async (route, line) => {
    const base = route === 'refused' ? `${refusedBase}/refused/docs` : `${server.base}/${route}/docs-${index}`
    const file = join(dir, `run-${index}-${route}.ts`)
    writeFileSync(file, rewrite(blocks[index]!, base))
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await import(file)
      expect(log.mock.calls.map((args) => args.map(String).join(' '))).toEqual([line])
    } finally {
      log.mockRestore()
    }
  })
})

it('no unhandled rejection escaped', () => {
  expect(unhandled).toEqual([])
})
