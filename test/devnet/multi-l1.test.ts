/**
 * Several L1s on one devnet node (`startDevnet({ l1s })`, `--l1 <alias>=<genesis>[,<upgrade>]`): two L1s from real
 * Subnet-EVM genesis files, each on its own anvil with its own chain ID, IDs, precompiles and validator set; the Info,
 * Health and Validators APIs answering as a node validating both; unknown aliases refused as the node refuses them;
 * bad options refused before any anvil starts; nothing left running after stop.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { bls12_381 } from '@noble/curves/bls12-381'
import { createWalletClient, defineChain, encodeFunctionData, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet, type DevnetL1 } from '../../packages/devnet/src/index.js'
import { decodeCb58, encodeCb58 } from '../../src/core/cb58.js'
import { allowListAbi, warpMessengerAbi } from '../../src/core/precompiles/abis.js'
import { ChainConfigError, InvalidArgumentError } from '../../src/index.js'
import { post, rpc, spyAnvil } from '../helpers/devnet.js'
import { descendants, leftOver, startChild } from '../helpers/processes.js'

const fixtures = resolve(import.meta.dirname, '../fixtures/subnet-evm-genesis')
const WARP = '0x0200000000000000000000000000000000000005'
const MINTER = '0x0200000000000000000000000000000000000001'
/** The funded account of Subnet-EVM's test genesis files (its well-known test key). */
const funded = privateKeyToAccount('0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027')
const admin = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'

const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-multi-l1-'))
/** A real genesis file with a chain ID of its own and `"timestamp": "0x0"`, written to the temporary directory. */
function genesisFile(name: string, chainId: number): string {
  const g = JSON.parse(readFileSync(join(fixtures, name), 'utf8'))
  g.config.chainId = chainId
  g.timestamp = '0x0'
  const path = join(dir, `${chainId}-${name}`)
  writeFileSync(path, JSON.stringify(g, null, 2))
  return path
}
const genesisA = genesisFile('warp.json', 99901)
const genesisB = genesisFile('contract_native_minter.json', 99902)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (url: string, method: string, params: unknown = []): Promise<Reply> =>
  JSON.parse((await rpc(url, method, JSON.stringify(params))).body)
const info = (d: Devnet, method: string, params: unknown = {}) => call(d.infoUrl, `info.${method}`, params)
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`

let devnet: Devnet
let a: DevnetL1
let b: DevnetL1
beforeAll(async () => {
  devnet = await startDevnet({
    l1s: [
      { alias: 'a', genesis: genesisA },
      { alias: 'b', genesis: genesisB, validators: [{ weight: 10n }, { weight: 20, thisNode: true }, { weight: 30 }] },
    ],
  })
  ;[a, b] = devnet.l1s as [DevnetL1, DevnetL1]
})
afterAll(async () => {
  await devnet?.stop()
})

describe('two L1s on one node', () => {
  it('the first is the default: devnet.rpcUrl and the IDs are its', () => {
    expect(devnet.l1s.map((l) => l.alias)).toEqual(['a', 'b'])
    expect(devnet.rpcUrl).toBe(a.rpcUrl)
    expect(devnet.blockchainID).toBe(a.blockchainID)
    expect(devnet.chainId).toBe(99901n)
    expect(b.chainId).toBe(99902n)
    expect(new Set([a.blockchainID, b.blockchainID, a.subnetID, b.subnetID]).size).toBe(4)
    expect(a.anvilUrl).not.toBe(b.anvilUrl)
    expect(a.rpcUrl).toBe(`${devnet.url}/ext/bc/${a.blockchainID}/rpc`)
    expect(b.aliasRpcUrl).toBe(`${devnet.url}/ext/bc/b/rpc`)
  })

  it('IDs are derived from the seed and alias: the same for the same seed, other for another alias', () => {
    const id = (purpose: string) => encodeCb58(createHash('sha256').update(`subnet-rpc/devnet/${purpose}:subnet-rpc-devnet`).digest())
    expect(a.blockchainID).toBe(id('blockchain/a'))
    expect(a.subnetID).toBe(id('subnet/a'))
    expect(b.blockchainID).toBe(id('blockchain/b'))
    expect(b.subnetID).toBe(id('subnet/b'))
  })

  it('each answers eth_chainId, eth_feeConfig and eth_getChainConfig from its own genesis, by ID and by alias', async () => {
    for (const [l1, chainId, rate] of [
      [a, '0x1863d', 2n],
      [b, '0x1863e', 1n],
    ] as const) {
      for (const url of [l1.rpcUrl, l1.aliasRpcUrl]) expect((await call(url, 'eth_chainId')).result).toBe(chainId)
      const fee = (await call(l1.rpcUrl, 'eth_feeConfig', ['latest'])).result
      expect(BigInt(fee.feeConfig.targetBlockRate)).toBe(rate)
      expect(BigInt(fee.feeConfig.gasLimit)).toBe(20_000_000n)
      const config = (await call(l1.rpcUrl, 'eth_getChainConfig')).result
      expect(BigInt(config.chainId)).toBe(BigInt(chainId))
      expect(Boolean(config.warpConfig)).toBe(l1 === a)
      expect(Boolean(config.contractNativeMinterConfig)).toBe(l1 === b)
      // anvil behind each L1 is its own: it reports the L1's chain ID.
      expect((await call(l1.anvilUrl, 'eth_chainId')).result).toBe(chainId)
    }
  })

  it('a send on A mines on A only: B’s head and balances do not move', async () => {
    const to = '0x00000000000000000000000000000000000a11ce'
    const head = async (url: string) => BigInt((await call(url, 'eth_blockNumber')).result)
    const balance = async (url: string) => BigInt((await call(url, 'eth_getBalance', [to, 'latest'])).result)
    const [headA, headB] = [await head(a.rpcUrl), await head(b.rpcUrl)]
    const chain = defineChain({
      id: 99901,
      name: 'a',
      nativeCurrency: { name: 'A', symbol: 'A', decimals: 18 },
      rpcUrls: { default: { http: [a.rpcUrl] } },
    })
    const wallet = createWalletClient({ account: funded, chain, transport: http(a.rpcUrl) })
    const hash = await wallet.sendTransaction({ to, value: 12345n })
    const receipt = (await waitFor(() => call(a.rpcUrl, 'eth_getTransactionReceipt', [hash]))).result
    expect(receipt.status).toBe('0x1')
    expect(await head(a.rpcUrl)).toBe(headA + 1n)
    expect(await balance(a.rpcUrl)).toBe(12345n)
    expect(await head(b.rpcUrl)).toBe(headB)
    expect(await balance(b.rpcUrl)).toBe(0n)
    expect((await call(b.rpcUrl, 'eth_getTransactionReceipt', [hash])).result).toBeNull()
    // The same signed transaction cannot replay on B: its chain ID is A's.
    const raw = (await call(a.rpcUrl, 'eth_getRawTransactionByHash', [hash])).result as Hex | undefined
    expect(raw).toMatch(/^0x02/)
    expect((await call(b.rpcUrl, 'eth_sendRawTransaction', [raw])).error?.message).toBe('invalid chain id for signer')
  })

  it('precompiles (after A’s first block, where warp.json’s Warp activates): Warp on A gives A’s blockchain ID; the Native Minter on B knows its admin; neither is on the other', async () => {
    const getID = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getBlockchainID' })
    expect((await call(a.rpcUrl, 'eth_call', [{ to: WARP, data: getID }, 'latest'])).result).toBe(hex(decodeCb58(a.blockchainID)))
    expect((await call(b.rpcUrl, 'eth_call', [{ to: WARP, data: getID }, 'latest'])).result).toBe('0x')
    const readAllowList = encodeFunctionData({ abi: allowListAbi, functionName: 'readAllowList', args: [admin] })
    expect(BigInt((await call(b.rpcUrl, 'eth_call', [{ to: MINTER, data: readAllowList }, 'latest'])).result)).toBe(2n)
    expect((await call(a.rpcUrl, 'eth_call', [{ to: MINTER, data: readAllowList }, 'latest'])).result).toBe('0x')
    const active = async (url: string) => Object.keys((await call(url, 'eth_getActivePrecompilesAt', [])).result)
    expect(await active(a.rpcUrl)).toEqual(['warpConfig'])
    expect(await active(b.rpcUrl)).toEqual(['contractNativeMinterConfig'])
  })
})

/** Polls `get` until its result is not null. */
async function waitFor(get: () => Promise<Reply>): Promise<Reply> {
  for (;;) {
    const r = await get()
    if (r.result !== null && r.result !== undefined) return r
    await new Promise((done) => setTimeout(done, 50))
  }
}

describe('the Info API of a node validating both', () => {
  it('info.getBlockchainID resolves each alias, and each ID to itself', async () => {
    for (const l1 of [a, b]) {
      expect((await info(devnet, 'getBlockchainID', { alias: l1.alias })).result).toEqual({ blockchainID: l1.blockchainID })
      expect((await info(devnet, 'getBlockchainID', { alias: l1.blockchainID })).result).toEqual({ blockchainID: l1.blockchainID })
    }
    expect((await info(devnet, 'getBlockchainID', { alias: 'C' })).result.blockchainID).not.toBe(a.blockchainID)
  })

  it('info.isBootstrapped is true for each chain, by alias and by ID', async () => {
    for (const chain of ['a', 'b', a.blockchainID, b.blockchainID, 'P', 'C'])
      expect((await info(devnet, 'isBootstrapped', { chain })).result).toEqual({ isBootstrapped: true })
  })

  it('an unknown alias: the node’s errors (Info API) and its 404 (chain routes)', async () => {
    const unknownID = await rpc(devnet.infoUrl, 'info.getBlockchainID', '{"alias":"zzz"}')
    expect(unknownID.body).toBe('{"jsonrpc":"2.0","error":{"code":-32000,"message":"there is no ID with alias: zzz","data":null},"id":1}\n')
    const unknownChain = await rpc(devnet.infoUrl, 'info.isBootstrapped', '{"chain":"zzz"}')
    expect(unknownChain.body).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"there is no chain with alias/ID \'zzz\'","data":null},"id":1}\n',
    )
    for (const path of ['/ext/bc/zzz/rpc', '/ext/bc/zzz/ws', '/ext/bc/zzz/validators']) {
      const r = await post(`${devnet.url}${path}`, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')
      expect(r.status, path).toBe(404)
      expect(r.body).toBe('404 page not found\n')
    }
  })

  it('info.getVMs lists Subnet-EVM once, whatever the number of its chains', async () => {
    const { vms } = (await info(devnet, 'getVMs')).result
    expect(vms.srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy).toEqual([])
    expect(Object.keys(vms)).toHaveLength(4)
  })

  it('info.peers: every other validator of either L1 is a connected peer tracking its subnet', async () => {
    const { peers, numPeers } = (await info(devnet, 'peers')).result
    expect(Number(numPeers)).toBe(peers.length)
    for (const l1 of [a, b])
      for (const v of l1.validators.filter((v) => !v.thisNode)) {
        const peer = peers.find((p: { nodeID: string }) => p.nodeID === v.nodeID)
        expect(peer, `${l1.alias} ${v.nodeID}`).toBeDefined()
        expect(peer.trackedSubnets).toContain(l1.subnetID)
      }
    expect(peers.map((p: { nodeID: string }) => p.nodeID)).not.toContain(devnet.nodeID)
  })
})

describe('the Health API: one check per chain, named by its alias, tagged with its subnet', () => {
  it('health.health has a, b, P, X, C, each L1 at its own height', async () => {
    const { checks, healthy } = (await call(`${devnet.url}/ext/health`, 'health.health', {})).result
    expect(healthy).toBe(true)
    expect(Object.keys(checks)).toEqual(['C', 'P', 'X', 'a', 'b', 'bls', 'bootstrapped', 'database', 'diskspace', 'network', 'router'])
    for (const l1 of [a, b]) {
      const head = await call(l1.rpcUrl, 'eth_getBlockByNumber', ['latest', false])
      const consensus = checks[l1.alias].message.engine.consensus
      expect(BigInt(consensus.lastAcceptedHeight)).toBe(BigInt(head.result.number))
      expect(consensus.lastAcceptedID).toBe(encodeCb58(Buffer.from(head.result.hash.slice(2), 'hex')))
      expect(checks[l1.alias].message.networking.percentConnected).toBe(1)
    }
  })

  it('a subnet tag selects that L1’s check and the application checks', async () => {
    const r = await fetch(`${devnet.url}/ext/health?tag=${b.subnetID}`)
    expect(r.status).toBe(200)
    const { checks } = await r.json()
    expect(Object.keys(checks)).toEqual(['b', 'bls', 'bootstrapped', 'database', 'diskspace', 'network', 'router'])
  })
})

describe('validator sets that sign', () => {
  const validationID = (subnetID: string, nodeID: string) =>
    encodeCb58(createHash('sha256').update(`subnet-rpc/devnet/validation:${subnetID}:${nodeID}`).digest())

  it('by default: this node and 4 others of equal weight; as configured: the weights given, this node where marked', () => {
    expect(a.validators.map((v) => v.weight)).toEqual([1_000_000n, 1_000_000n, 1_000_000n, 1_000_000n, 1_000_000n])
    expect(a.validators.map((v) => v.thisNode)).toEqual([true, false, false, false, false])
    expect(b.validators.map((v) => v.weight)).toEqual([10n, 20n, 30n])
    expect(b.validators.map((v) => v.thisNode)).toEqual([false, true, false])
    expect(a.validators[0]!.nodeID).toBe(devnet.nodeID)
    expect(b.validators[1]!.nodeID).toBe(devnet.nodeID)
    expect(new Set(a.validators.map((v) => v.nodeID)).size).toBe(5)
  })

  it('BLS keys: this node’s is the one info.getNodeID reports; every key is a valid 48-byte G1 point of its secret key', async () => {
    const { nodePOP } = (await info(devnet, 'getNodeID')).result
    for (const v of [...a.validators, ...b.validators]) {
      expect(v.publicKey).toHaveLength(48)
      expect(hex(bls12_381.getPublicKey(v.secretKey))).toBe(hex(v.publicKey))
      if (v.thisNode) expect(hex(v.publicKey)).toBe(nodePOP.publicKey)
      else expect(hex(v.publicKey)).not.toBe(nodePOP.publicKey)
    }
    // One node, one key: a validator of both L1s signs with the same key on each.
    const shared = a.validators.find((v) => !v.thisNode && b.validators.some((w) => w.nodeID === v.nodeID))!
    expect(hex(b.validators.find((w) => w.nodeID === shared.nodeID)!.publicKey)).toBe(hex(shared.publicKey))
  })

  it('the WarpNetwork: subnetOf each L1, the primary chains on the primary network, nothing for an unknown chain', async () => {
    const { network } = devnet
    expect(network.networkID).toBe(12345)
    expect(encodeCb58(network.subnetOf(decodeCb58(a.blockchainID))!)).toBe(a.subnetID)
    expect(encodeCb58(network.subnetOf(decodeCb58(b.blockchainID))!)).toBe(b.subnetID)
    const cChain = (await info(devnet, 'getBlockchainID', { alias: 'C' })).result.blockchainID
    expect(network.subnetOf(decodeCb58(cChain))).toEqual(new Uint8Array(32))
    expect(network.subnetOf(new Uint8Array(32).fill(7))).toBeUndefined()
    expect(network.validators(decodeCb58(b.subnetID))).toEqual(b.validators)
    expect(network.validators(new Uint8Array(32).fill(7))).toEqual([])
  })

  it('validators.getCurrentValidators of each L1 reports that set: node IDs, weights, validation IDs', async () => {
    for (const l1 of [a, b])
      for (const path of [l1.blockchainID, l1.alias]) {
        const r = await rpc(`${devnet.url}/ext/bc/${path}/validators`, 'validators.getCurrentValidators', '{}')
        const { validators } = JSON.parse(r.body).result
        expect(validators.map((v: any) => [v.nodeID, BigInt(v.weight), v.validationID, v.isConnected])).toEqual(
          l1.validators.map((v) => [v.nodeID, v.weight, validationID(l1.subnetID, v.nodeID), true]),
        )
      }
  })
})

describe('the single built-in L1 with a configured validator set', () => {
  it('getCurrentValidators reports it, the other validators are peers, the network gives their keys', async () => {
    const d = await startDevnet({ seed: 'multi-single', validators: [{ weight: 1n }, { weight: 2n, thisNode: true }, { weight: 3n }] })
    try {
      const [l1] = d.l1s
      expect(d.l1s).toHaveLength(1)
      expect(l1!.blockchainID).toBe(d.blockchainID)
      expect(l1!.validators.map((v) => [v.weight, v.thisNode])).toEqual([
        [1n, false],
        [2n, true],
        [3n, false],
      ])
      const r = await rpc(`${d.url}/ext/bc/devnet/validators`, 'validators.getCurrentValidators', '{}')
      expect(JSON.parse(r.body).result.validators.map((v: any) => [v.nodeID, BigInt(v.weight)])).toEqual(
        l1!.validators.map((v) => [v.nodeID, v.weight]),
      )
      // The two others are the default peers 0 and 1, which track the L1 already: the peers stay the 6 configured.
      const { peers } = (await info(d, 'peers')).result
      expect(peers).toHaveLength(6)
      for (const v of l1!.validators.filter((v) => !v.thisNode)) expect(peers.map((p: any) => p.nodeID)).toContain(v.nodeID)
      expect(d.network.validators(decodeCb58(d.subnetID))).toEqual(l1!.validators)
    } finally {
      await d.stop()
    }
  })
})

describe('bad options are refused before any anvil starts', () => {
  const refused = async (
    options: Parameters<typeof startDevnet>[0],
    type: typeof InvalidArgumentError | typeof ChainConfigError,
    message: RegExp,
  ) => {
    const { mark, anvilBinary } = spyAnvil(mkdtempSync(join(dir, 'spy-')))
    const attempt = startDevnet({ ...options, anvilBinary })
    await expect(attempt).rejects.toBeInstanceOf(type)
    await expect(attempt).rejects.toThrow(message)
    expect(existsSync(mark)).toBe(false)
  }

  it('a duplicate alias', () =>
    refused(
      {
        l1s: [
          { alias: 'x', genesis: genesisA },
          { alias: 'x', genesis: genesisB },
        ],
      },
      InvalidArgumentError,
      /Invalid l1s\[1\]\.alias: got "x"[\s\S]*l1s\[0\] has it/,
    ))
  it('a duplicate chain ID', () =>
    refused(
      {
        l1s: [
          { alias: 'x', genesis: genesisA },
          { alias: 'y', genesis: genesisFile('fee_manager.json', 99901) },
        ],
      },
      ChainConfigError,
      /L1s x and y have the same chain ID 99901/,
    ))
  it('a missing genesis file', () =>
    refused(
      { l1s: [{ alias: 'x', genesis: join(dir, 'nope.json') }] },
      ChainConfigError,
      /nope\.json: no such file \(the genesis of the L1 x\)/,
    ))
  it('an alias with other characters, or one of the primary network’s', async () => {
    await refused({ l1s: [{ alias: 'a/b', genesis: genesisA }] }, InvalidArgumentError, /Invalid l1s\[0\]\.alias: got "a\/b"/)
    await refused({ l1s: [{ alias: 'C', genesis: genesisA }] }, InvalidArgumentError, /Invalid l1s\[0\]\.alias: got "C"/)
  })
  it('an empty l1s, or the single-L1 options beside it', async () => {
    await refused({ l1s: [] }, InvalidArgumentError, /Invalid l1s: got \[\]/)
    await refused({ l1s: [{ alias: 'x', genesis: genesisA }], genesis: genesisB }, InvalidArgumentError, /Invalid genesis/)
  })
  it('a validator set with a bad weight, two of this node, or a weight sum over uint64', async () => {
    const l1 = (validators: unknown) => ({ l1s: [{ alias: 'x', genesis: genesisA, validators: validators as never }] })
    await refused(l1([{ weight: 0 }]), InvalidArgumentError, /Invalid l1s\[0\]\.validators\[0\]\.weight: got 0/)
    await refused(l1(0), InvalidArgumentError, /Invalid l1s\[0\]\.validators: got 0/)
    await refused(
      l1([
        { weight: 1, thisNode: true },
        { weight: 1, thisNode: true },
      ]),
      InvalidArgumentError,
      /at most one/,
    )
    await refused(l1([{ weight: 2n ** 63n }, { weight: 2n ** 63n }]), InvalidArgumentError, /fits a uint64/)
  })
})

describe('CLI: --l1 <alias>=<genesis>[,<upgrade>]', () => {
  it('starts both, prints each one’s URLs, serves them, and leaves no process or port after SIGINT', async () => {
    const { child, started, exited } = startChild(
      ['dist/cli.js', 'devnet', '--port', '0', '--l1', `a=${genesisA}`, '--l1', `b=${genesisB}`],
      /Press Ctrl-C/,
    )
    const out = await started
    const tree = [child.pid!, ...descendants(child.pid!)]
    expect(tree.length, 'the devnet and two anvils').toBe(3)
    expect(out).toMatch(/L1 a \(default\)\n/)
    expect(out).toMatch(/\n {2}L1 b\n/)
    // The same seed and aliases: the same IDs as the devnet above.
    for (const l1 of [a, b]) expect(out).toContain(`blockchain  ${l1.blockchainID}`)
    const urls = [...out.matchAll(/ rpc +(\S+)/g)].map((m) => m[1]!)
    expect(urls).toHaveLength(2)
    expect((await call(urls[0]!, 'eth_chainId')).result).toBe('0x1863d')
    expect((await call(urls[1]!, 'eth_chainId')).result).toBe('0x1863e')
    const node = Number(/node +http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1])
    const anvils = [...out.matchAll(/anvil +http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]))
    expect(anvils).toHaveLength(2)
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(await leftOver(tree, [node, ...anvils])).toEqual([])
  })

  it('refuses bad --l1 flags before starting (exit 2)', async () => {
    for (const [args, message] of [
      [['--l1', `a=${join(dir, 'nope.json')}`], 'no such file'],
      [['--l1', `a=${genesisA}`, '--l1', `a=${genesisB}`], 'is given twice'],
      [['--l1', `a b=${genesisA}`], "must be letters, digits, '.', '_' or '-'"],
      [['--l1', genesisA], 'must be <alias>=<genesis.json>[,<upgrade.json>]'],
      [['--l1', `a=${genesisA}`, '--genesis', genesisB], '--genesis cannot be given with --l1'],
    ] as const) {
      const { exited, err } = run(['dist/cli.js', 'devnet', '--port', '0', ...args])
      expect(await exited, message).toBe(2)
      expect(err()).toContain(message)
    }
  })
})

function run(args: string[]) {
  const child = spawn(process.execPath, args)
  let err = ''
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  return { exited: new Promise<number | null>((r) => child.on('exit', r)), err: () => err }
}

describe('stop', () => {
  it('stops every anvil and the node: no process, no port left', async () => {
    const before = descendants(process.pid)
    const d = await startDevnet({
      seed: 'multi-stop',
      l1s: [
        { alias: 'x', genesis: genesisA },
        { alias: 'y', genesis: genesisB },
      ],
    })
    const ports = [d.url, ...d.l1s.map((l) => l.anvilUrl)].map((u) => Number(new URL(u).port))
    // The processes this start added below the test's process: the two anvils.
    const anvils = descendants(process.pid).filter(
      (pid) => !before.includes(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('anvil'),
    )
    expect(anvils).toHaveLength(2)
    await d.stop()
    await d.stop()
    expect(await leftOver(anvils, ports)).toEqual([])
  })
})
