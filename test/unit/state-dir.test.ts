/**
 * The state dir's pure parts (packages/devnet/src/state/stateDir.ts) and the chain config reader
 * (packages/devnet/src/config/chainConfig.ts): the codec keeps bigints and Maps, a write is whole or absent,
 * the genesis digest follows what the node's genesis hash covers, and config.json is read as the node reads it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultAllowUnprotectedTxHashes, readChainConfig } from '../../packages/devnet/src/config/chainConfig.js'
import { decodeState, encodeState, genesisDigest, sourceText, writeAtomic } from '../../packages/devnet/src/state/stateDir.js'
import { loadChainFiles } from '../../src/config.js'

describe('state codec', () => {
  it('keeps bigints (above 2^53 too) and Maps, nested', () => {
    const value = { a: 2n ** 70n, b: new Map([['x', [1n, null]]]), c: [new Map([[1, { d: -5n }]])], s: 'text' }
    expect(decodeState(encodeState(value))).toEqual(value)
  })

  it('an object source keeps its bigints as JSON integers', () => {
    expect(sourceText({ minBaseFee: 9007199254740993n, s: 'x' })).toBe('{"minBaseFee":9007199254740993,"s":"x"}')
  })
})

describe('writeAtomic', () => {
  it('writes the whole file, creates the directory, leaves no temporary file, and replaces an old one', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'state-atomic-')), 'a', 'b')
    const file = join(dir, 'state.json')
    writeAtomic(file, 'first')
    writeAtomic(file, 'x'.repeat(1 << 20))
    expect(readFileSync(file, 'utf8')).toHaveLength(1 << 20)
    expect(readdirSync(dir)).toEqual(['state.json'])
    expect(existsSync(`${file}.tmp-${process.pid}`)).toBe(false)
  })
})

describe('genesisDigest', () => {
  const genesis = {
    config: {
      chainId: 99999,
      feeConfig: {
        gasLimit: 8_000_000,
        minBaseFee: 25_000_000_000,
        targetGas: 15_000_000,
        baseFeeChangeDenominator: 36,
        minBlockGasCost: 0,
        maxBlockGasCost: 1_000_000,
        targetBlockRate: 2,
        blockGasCostStep: 200_000,
      },
    },
    alloc: { '8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC': { balance: '0x52B7D2DCC80CD2E4000000' } },
    timestamp: '0x0',
    gasLimit: '0x7A1200',
    difficulty: '0x0',
  }
  const digest = (g: Record<string, unknown>) => {
    const text = JSON.stringify(g)
    return genesisDigest(text, loadChainFiles(text, undefined, 12345))
  }

  it('is the same for the same genesis in another notation or key case', () => {
    expect(
      digest({
        ...genesis,
        gasLimit: 8_000_000,
        alloc: { '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc': { balance: '100000000000000000000000000' } },
      }),
    ).toBe(digest(genesis))
  })

  it('changes with the allocation, the time, the gas limit or the extra data, not with the chain config', () => {
    const base = digest(genesis)
    expect(digest({ ...genesis, alloc: { ...genesis.alloc, '0x00000000000000000000000000000000000000aa': { balance: '0x1' } } })).not.toBe(
      base,
    )
    expect(digest({ ...genesis, timestamp: '0x1' })).not.toBe(base)
    expect(
      digest({
        ...genesis,
        gasLimit: '0x7A1201',
        config: { ...genesis.config, feeConfig: { ...genesis.config.feeConfig, gasLimit: 8_000_001 } },
      }),
    ).not.toBe(base)
    expect(digest({ ...genesis, extraData: '0x01' })).not.toBe(base)
    expect(digest({ ...genesis, config: { ...genesis.config, chainId: 99998 } })).toBe(base)
  })
})

describe('readChainConfig', () => {
  it("the node's defaults: unprotected refused but the EIP-1820 deployment", () => {
    const c = readChainConfig({}, 'test')
    expect(c.allowUnprotectedTxs).toBe(false)
    expect([...c.allowUnprotectedTxHashes]).toEqual([...defaultAllowUnprotectedTxHashes])
    expect(c.apiMaxBlocksPerRequest).toBeUndefined()
  })

  it('a hash list replaces the default list (json.Unmarshal into a slice), null empties it; other keys pass', () => {
    const h = `0x${'AB'.repeat(32)}`
    expect([
      ...readChainConfig(JSON.stringify({ 'allow-unprotected-tx-hashes': [h], 'pruning-enabled': false }), 'test').allowUnprotectedTxHashes,
    ]).toEqual([h.toLowerCase()])
    expect(readChainConfig({ 'allow-unprotected-tx-hashes': null }, 'test').allowUnprotectedTxHashes.size).toBe(0)
    expect(readChainConfig({ 'allow-unprotected-txs': true, 'api-max-blocks-per-request': 10 }, 'test')).toMatchObject({
      allowUnprotectedTxs: true,
      apiMaxBlocksPerRequest: 10,
    })
  })

  it('a value of the wrong type is refused, naming the key', () => {
    expect(() => readChainConfig({ 'allow-unprotected-txs': 'yes' }, 'the L1 a')).toThrow(
      'the L1 a: allow-unprotected-txs: expected true or false, got "yes"',
    )
    expect(() => readChainConfig({ 'allow-unprotected-tx-hashes': ['0x12'] }, 'the L1 a')).toThrow(
      /allow-unprotected-tx-hashes: expected a list of 32-byte hex/,
    )
    expect(() => readChainConfig([1] as never, 'the L1 a')).toThrow('the L1 a: a chain config is a JSON object, got [1]')
    expect(() => readChainConfig('/no/such/config.json', 'the L1 a')).toThrow(
      '/no/such/config.json: no such file (the chain config of the L1 a)',
    )
  })
})
