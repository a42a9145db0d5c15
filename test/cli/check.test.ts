/**
 * `subnet-rpc check` (src/cli/check.ts) against real files and a real devnet (real anvil, over
 * HTTP): every real genesis file passes, offline and against a devnet started from it; one
 * upgrade file per family of the node's Verify rules is refused with the node's message; after
 * the devnet's chain has moved past its activations (`evm_increaseTime` + `evm_mine` through
 * the L1 URL), each of the node's compatibility errors is predicted with its exact text.
 * `--json`, NO_COLOR, exit codes, and the built `dist/cli.js` as a child process, also from an
 * install of the package alone (no viem, ethers or devnet dependencies).
 *
 * The expected texts are written out here from the Go source (params/extras, libevm
 * params/config.go `ConfigCompatError.Error`), not computed with the code under test.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Writable } from 'node:stream'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { check } from '../../src/cli/check.js'
import { startDevnet } from '../../packages/devnet/src/index.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const fixtures = join(root, 'test/fixtures')
const genesisDir = join(fixtures, 'subnet-evm-genesis')
const minterUpgrade = join(fixtures, 'upgrades/contract_native_minter.upgrade.json')

const A = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'
const A_CHECKSUM = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
const B = '0x0fa8ea536be85f32724d57a37758761b86416123'
const REGISTERED =
  'contractDeployerAllowListConfig, contractNativeMinterConfig, txAllowListConfig, feeManagerConfig, rewardManagerConfig, warpConfig'

/** A writable that keeps what is written; `tty` makes it look like a terminal. */
class Capture extends Writable {
  text = ''
  isTTY?: boolean
  constructor(tty = false) {
    super()
    if (tty) this.isTTY = true
  }
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString()
    done()
  }
}

async function cli(args: string[], env: NodeJS.ProcessEnv = {}, tty = false) {
  const stdout = new Capture(tty)
  const stderr = new Capture()
  const code = await check(args, { stdout, stderr, env })
  return { code, stdout: stdout.text, stderr: stderr.text }
}

const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-check-'))
let n = 0
/** Writes a JSON file (bigints as bare integers) and returns its path. */
function file(name: string, value: unknown): string {
  const path = join(dir, `${n++}-${name}`)
  writeFileSync(
    path,
    JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v), 2),
  )
  return path
}

// The chain: genesis at T0, then a granite override, a FeeManager, a state upgrade and a NativeMinter within 200 s,
// and a FeeManager disable two hours out.
const T0 = Math.floor(Date.now() / 1000)
const fee = {
  gasLimit: 8_000_000,
  targetBlockRate: 2,
  minBaseFee: 25_000_000_000,
  targetGas: 15_000_000,
  baseFeeChangeDenominator: 36,
  minBlockGasCost: 0,
  maxBlockGasCost: 1_000_000,
  blockGasCostStep: 200_000,
}
const genesisJson = {
  config: { chainId: 424242, feeConfig: fee, txAllowListConfig: { adminAddresses: [A], blockTimestamp: 0 } },
  alloc: { [A.slice(2)]: { balance: '0x52B7D2DCC80CD2E4000000' } },
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
}
const feeManager = { feeManagerConfig: { adminAddresses: [A], blockTimestamp: T0 + 100 } }
const minter = { contractNativeMinterConfig: { adminAddresses: [A], blockTimestamp: T0 + 200 } }
const feeManagerOff = { feeManagerConfig: { blockTimestamp: T0 + 7200, disable: true } }
const stateUpgrade = { blockTimestamp: T0 + 150, accounts: { [B]: { balanceChange: '0x100' } } }
// Helicon with Granite: a local network has Helicon from genesis since avalanchego v1.15.1 (the default node), and
// Subnet-EVM's fork order wants it no earlier than Granite.
const upgradeJson = {
  networkUpgradeOverrides: { graniteTimestamp: T0 + 100, heliconTimestamp: T0 + 100 },
  precompileUpgrades: [feeManager, minter, feeManagerOff],
  stateUpgrades: [stateUpgrade],
}
const genesis = file('genesis.json', genesisJson)
const upgrade = file('upgrade.json', upgradeJson)

const devnet = useDevnet({ genesis, upgrade, seed: 'cli-check' })

describe('offline: the node parse and Verify rules', () => {
  it.each(readdirSync(genesisDir).filter((f) => f.endsWith('.json')))(
    'real genesis %s: accepted on a local network (exit 0)',
    async (name) => {
      const args = ['--genesis', join(genesisDir, name), '--network', 'local']
      if (name === 'contract_native_minter.json') args.push('--upgrade', minterUpgrade)
      const r = await cli(args)
      expect(r.stderr).toBe('')
      expect(r.stdout).toContain('OK: a node accepts these files (offline; add --rpc to check against the chain)')
      expect(r.code).toBe(0)
    },
  )

  const base = { networkUpgradeOverrides: { graniteTimestamp: T0 + 100, heliconTimestamp: T0 + 100 } }
  const refusals: [string, unknown, string][] = [
    [
      'parse: an unknown precompile key',
      { precompileUpgrades: [{ fooConfig: { blockTimestamp: T0 } }] },
      `precompileUpgrades[0]: failed to parse upgrade bytes: unknown precompile config: fooConfig (registered: ${REGISTERED})`,
    ],
    [
      're-enabling without a disable',
      { precompileUpgrades: [feeManager, { feeManagerConfig: { adminAddresses: [B], blockTimestamp: T0 + 300 } }] },
      'precompileUpgrades[1]: failed to verify genesis: invalid precompile upgrades: precompile upgrade disable value is invalid: PrecompileUpgrade (feeManagerConfig) at [1], disable should be true',
    ],
    [
      'timestamps going backwards',
      { precompileUpgrades: [minter, feeManager] },
      `precompileUpgrades[1]: failed to verify genesis: invalid precompile upgrades: precompile upgrade config block timestamp must be greater than or equal to previous timestamp: PrecompileUpgrade (feeManagerConfig) at [1] has timestamp ${T0 + 100}, previous timestamp ${T0 + 200}`,
    ],
    [
      'the same key at the same time as the genesis',
      { precompileUpgrades: [{ txAllowListConfig: { blockTimestamp: 0, disable: true } }] },
      'precompileUpgrades[0]: failed to verify genesis: invalid precompile upgrades: precompile upgrade config block timestamp for same key must be strictly greater than previous timestamp: PrecompileUpgrade (txAllowListConfig) at [0] has timestamp 0, previous timestamp of same key 0',
    ],
    [
      'no blockTimestamp',
      { precompileUpgrades: [{ feeManagerConfig: { adminAddresses: [A] } }] },
      'precompileUpgrades[0]: failed to verify genesis: invalid precompile upgrades: precompile upgrade block timestamp cannot be nil: PrecompileUpgrade (feeManagerConfig) at [0]',
    ],
    [
      'allow list: admin and enabled',
      { precompileUpgrades: [{ feeManagerConfig: { adminAddresses: [A], enabledAddresses: [A], blockTimestamp: T0 + 100 } }] },
      `precompileUpgrades[0]: failed to verify genesis: invalid precompile upgrades: cannot set address as both admin and enabled: ${A_CHECKSUM}`,
    ],
    [
      'fee config: gasLimit 0',
      { precompileUpgrades: [{ feeManagerConfig: { blockTimestamp: T0 + 100, initialFeeConfig: { ...fee, gasLimit: 0 } } }] },
      'precompileUpgrades[0]: failed to verify genesis: invalid precompile upgrades: gasLimit cannot be less than or equal to 0: gasLimit = 0',
    ],
    [
      'state upgrade at 0',
      { stateUpgrades: [{ blockTimestamp: 0, accounts: {} }] },
      'stateUpgrades[0]: failed to verify genesis: invalid state upgrades: state upgrade config block timestamp must be greater than 0: StateUpgrade[0] has timestamp 0',
    ],
    [
      'network upgrade before its default',
      { networkUpgradeOverrides: { graniteTimestamp: 1000 } },
      'networkUpgradeOverrides.graniteTimestamp: failed to verify genesis: invalid network upgrades: granite fork block timestamp is invalid: provided timestamp must be greater than or equal to the default timestamp: provided timestamp 1000, default timestamp 1607144400',
    ],
  ]
  it.each(refusals)('%s: refused with the node message (exit 1)', async (_name, content, message) => {
    const path = file('upgrade.json', { ...base, ...(content as object) })
    const r = await cli(['--genesis', genesis, '--upgrade', path, '--network', 'local'])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('REFUSED: a node will not start with these files')
    expect(r.stdout).toContain(`  ✗ ${path}: ${message}\n`)
  })

  // The Gas Price Manager (ACP-224): its module is in subnet-evm, but registry.go leaves its import commented out.
  it('upgrade.json: gasPriceManagerConfig is refused with the node text alone (exit 1), and why', async () => {
    const path = file('upgrade.json', { precompileUpgrades: [{ gasPriceManagerConfig: { blockTimestamp: T0 + 100 } }] })
    const r = await cli(['--genesis', genesis, '--upgrade', path, '--network', 'local'])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      `  ✗ ${path}: precompileUpgrades[0]: failed to parse upgrade bytes: unknown precompile config: gasPriceManagerConfig\n`,
    )
    expect(r.stdout).toContain("(avalanchego v1.15.0-fuji has the Gas Price Manager's module but does not register it")
    const j = await cli(['--genesis', genesis, '--upgrade', path, '--network', 'local', '--json'])
    const report = JSON.parse(j.stdout)
    expect(report.verdict).toBe('refused')
    expect(report.errors).toEqual([
      {
        kind: 'verify',
        file: path,
        entry: 'precompileUpgrades[0]',
        message: 'failed to parse upgrade bytes: unknown precompile config: gasPriceManagerConfig',
        hint: expect.stringContaining('does not register it'),
      },
    ])
  })

  it('genesis: gasPriceManagerConfig is ignored, with a warning (exit 0), even one that Verify would refuse', async () => {
    const path = file('genesis.json', {
      ...genesisJson,
      config: { ...genesisJson.config, gasPriceManagerConfig: { blockTimestamp: 0, initialGasPriceConfig: { minGasPrice: 0 } } },
    })
    const r = await cli(['--genesis', path, '--network', 'local', '--json'])
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout)
    expect(report.verdict).toBe('accepted')
    expect(report.warnings).toContainEqual({
      kind: 'ignored',
      source: 'genesis',
      message: `${path}: config.gasPriceManagerConfig: ignored: avalanchego v1.15.0-fuji does not register the Gas Price Manager (precompile/registry/registry.go), so a node starts this genesis without it`,
    })
    expect(report.timeline.some((e: { name: string }) => e.name.includes('gasPriceManager'))).toBe(false)
  })

  it('genesis: gas limit not the fee config one (exit 1)', async () => {
    const path = file('genesis.json', { ...genesisJson, gasLimit: '0x7A1201' })
    const r = await cli(['--genesis', path, '--network', 'local'])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      `  ✗ ${path}: gasLimit: failed to verify genesis: gas limit in fee config (8000000) does not match gas limit in header (8000001)\n`,
    )
  })

  it('a file that is not JSON is refused (exit 1)', async () => {
    const path = join(dir, 'broken.json')
    writeFileSync(path, '{"precompileUpgrades": [')
    const r = await cli(['--genesis', genesis, '--upgrade', path, '--network', 'local'])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(new RegExp(`✗ ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON: `))
  })

  it('bad input exits 2 with the reason on stderr, and the usage only when the command line is wrong', async () => {
    const cases: [string[], string, boolean][] = [
      [[], '--genesis <file> is required', true],
      [['--genesis', join(dir, 'nope.json')], `--genesis: cannot read ${join(dir, 'nope.json')}: ENOENT`, false],
      [['--genesis', genesis, '--margin', '5x'], '--margin must be a duration such as 90s, 30m, 1h or 2d, got "5x"', true],
      [
        ['--genesis', genesis, '--network', 'moon'],
        '--network must be mainnet, fuji, local or a network ID from 1 to 4294967295, got "moon"',
        true,
      ],
      [['--genesis', genesis, '--bogus'], "Unknown option '--bogus'", true],
      [['--genesis', genesis, 'extra'], "Unexpected argument 'extra'", true],
      [['--genesis', genesis, '--rpc', 'not a url'], '--rpc must be a URL, got "not a url"', true],
      [['--genesis', genesis, '--rpc', 'http://127.0.0.1:1/ext/bc/x/rpc'], 'cannot reach http://127.0.0.1:1/ext/bc/x/rpc: ', false],
    ]
    for (const [args, reason, usage] of cases) {
      const r = await cli(args)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr.startsWith(`subnet-rpc check: ${reason}`), r.stderr).toBe(true)
      expect(r.stderr.includes('Usage: subnet-rpc check'), args.join(' ')).toBe(usage)
    }
    const j = await cli(['--genesis', join(dir, 'nope.json'), '--json'])
    expect(j.code).toBe(2)
    expect(JSON.parse(j.stdout)).toEqual({
      verdict: 'error',
      exitCode: 2,
      error: `--genesis: cannot read ${join(dir, 'nope.json')}: ENOENT`,
    })
  })

  it('offline, an upgrade entry in the past is warned about (a node whose chain passed it refuses it)', async () => {
    const past = file('upgrade.json', {
      precompileUpgrades: [{ feeManagerConfig: { adminAddresses: [A], blockTimestamp: 1_700_000_000 } }],
    })
    const r = await cli(['--genesis', genesis, '--upgrade', past, '--network', 'local', '--json'])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.stdout)
    expect(j.warnings).toEqual([
      {
        kind: 'past',
        source: 'upgrades.precompileUpgrades[0]',
        message:
          'upgrades.precompileUpgrades[0] (enables FeeManager (0x0200000000000000000000000000000000000003): 1 admin) is in the past (2023-11-14T22:13:20Z): a node whose chain has passed it refuses it unless it was already in its upgrade.json (check with --rpc)',
      },
    ])
    expect(j.timeline.find((e: { source: string }) => e.source === 'upgrades.precompileUpgrades[0]')).toMatchObject({ active: true })
  })

  it('without --network: checked as mainnet, and said so', async () => {
    const r = await cli(['--genesis', join(genesisDir, 'fee_manager.json')])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('network   mainnet (1), from default')
    expect(r.stdout).toContain('! no --network given: checked as mainnet')
  })
})

describe('against the devnet (--rpc)', () => {
  it("a wrong --rpc URL (the node's Info URL, a plain anvil): exit 2, what the URL is and which to use, no usage", async () => {
    const cases: [string, string][] = [
      [
        devnet().infoUrl,
        'eth_getChainConfig failed: a node API, not an L1: use …/ext/bc/<blockchainID>/rpc (the node: rpc: service/method request ill-formed: "eth_getChainConfig")',
      ],
      [devnet().anvilUrl, 'eth_getChainConfig failed: not a Subnet-EVM L1: use …/ext/bc/<blockchainID>/rpc (the node: Method not found)'],
    ]
    for (const [url, reason] of cases) {
      const r = await cli(['--genesis', genesis, '--rpc', url])
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(`subnet-rpc check: ${url}: ${reason}\n`)
    }
  })

  it.each(readdirSync(genesisDir).filter((f) => f.endsWith('.json')))(
    'real genesis %s: accepted over a devnet started from it (exit 0)',
    async (name) => {
      const g = join(genesisDir, name)
      const u = name === 'contract_native_minter.json' ? minterUpgrade : undefined
      const d = await startDevnet({ genesis: g, upgrade: u, seed: `cli-${name}` })
      try {
        const r = await cli(['--genesis', g, ...(u ? ['--upgrade', u] : []), '--rpc', d.rpcUrl])
        expect(r.stdout).toContain('network   local (12345), from the node')
        expect(r.stdout).toContain('OK: a node accepts these files (over this chain)')
        expect(r.code).toBe(0)
      } finally {
        await d.stop()
      }
    },
  )

  it('before any activation: accepted, each activation within the margin warned about', async () => {
    const r = await cli(['--genesis', genesis, '--upgrade', upgrade, '--rpc', devnet().rpcUrl])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('OK: a node accepts these files (over this chain)')
    expect(r.stdout).toMatch(/chain {5}chainId 424242, last accepted block 0 at /)
    for (const source of [
      'upgrades.networkUpgradeOverrides.graniteTimestamp',
      'upgrades.networkUpgradeOverrides.heliconTimestamp',
      'upgrades.precompileUpgrades[0]',
      'upgrades.stateUpgrades[0]',
      'upgrades.precompileUpgrades[1]',
    ])
      expect(r.stdout).toMatch(
        new RegExp(`! ${source.replace(/[.[\]]/g, '\\$&')} \\(.*\\) activates in \\d+[ms].*, less than the 1h margin`),
      )
    expect(r.stdout).not.toMatch(/! upgrades\.precompileUpgrades\[2\]/)
    const j = JSON.parse((await cli(['--genesis', genesis, '--upgrade', upgrade, '--rpc', devnet().rpcUrl, '--json'])).stdout)
    expect(j.warnings.filter((w: { kind: string }) => w.kind === 'margin').map((w: { source: string }) => w.source)).toEqual([
      'upgrades.networkUpgradeOverrides.graniteTimestamp',
      'upgrades.networkUpgradeOverrides.heliconTimestamp',
      'upgrades.precompileUpgrades[0]',
      'upgrades.stateUpgrades[0]',
      'upgrades.precompileUpgrades[1]',
    ])
  })

  describe('after the chain moved past the activations (evm_increaseTime 1000 + evm_mine)', () => {
    let head = 0
    beforeAll(async () => {
      await rpc(devnet().rpcUrl, 'evm_increaseTime', '[1000]')
      await rpc(devnet().rpcUrl, 'evm_mine', '[]')
      const block = JSON.parse((await rpc(devnet().rpcUrl, 'eth_getBlockByNumber', '["latest",false]')).body).result
      head = Number(block.timestamp)
      expect(head).toBeGreaterThanOrEqual(T0 + 1000)
    })

    const withUpgrade = async (content: unknown, extra: string[] = []) =>
      cli(['--genesis', genesis, '--upgrade', file('upgrade.json', content), '--rpc', devnet().rpcUrl, ...extra])

    it('the same files: accepted; the timeline marks what is active', async () => {
      const r = await cli(['--genesis', genesis, '--upgrade', upgrade, '--rpc', devnet().rpcUrl, '--json'])
      expect(r.code).toBe(0)
      const j = JSON.parse(r.stdout)
      expect(j.verdict).toBe('accepted')
      expect(j.errors).toEqual([])
      expect(j.chain).toMatchObject({ chainId: '424242', head: { number: '1', timestamp: `${head}` } })
      expect(j.network).toEqual({ id: 12345, name: 'local', source: 'the node' })
      const rows = j.timeline.map((e: { source: string; active: boolean; action: string }) => [e.source, e.action, e.active])
      expect(rows).toEqual([
        ['subnetEVMTimestamp', 'activate', true],
        ['txAllowListConfig', 'enable', true],
        ['durangoTimestamp', 'activate', true],
        ['etnaTimestamp', 'activate', true],
        ['upgrades.networkUpgradeOverrides.graniteTimestamp', 'activate', true],
        ['upgrades.networkUpgradeOverrides.heliconTimestamp', 'activate', true],
        ['upgrades.precompileUpgrades[0]', 'enable', true],
        ['upgrades.stateUpgrades[0]', 'apply', true],
        ['upgrades.precompileUpgrades[1]', 'enable', true],
        ['upgrades.precompileUpgrades[2]', 'disable', false],
      ])
      expect(j.timeline.at(-1)).toMatchObject({ scheduled: true, action: 'disable', timestamp: `${T0 + 7200}` })
      expect(j.warnings).toEqual([])
    })

    it('a change to an upgrade not yet active: accepted; --margin 2h warns about it', async () => {
      const later = { feeManagerConfig: { blockTimestamp: T0 + 7300, disable: true } }
      const r = await withUpgrade({ ...upgradeJson, precompileUpgrades: [feeManager, minter, later] }, ['--margin', '2h'])
      expect(r.code).toBe(0)
      expect(r.stdout).toMatch(
        /! upgrades\.precompileUpgrades\[2\] \(disables FeeManager \(0x0200000000000000000000000000000000000003\)\) activates in 1h \d+m, less than the 2h margin/,
      )
    })

    const refused: [string, unknown, string][] = [
      [
        'an activated precompile upgrade removed',
        { ...upgradeJson, precompileUpgrades: [feeManager, feeManagerOff] },
        `mismatching missing PrecompileUpgrade[0] in database (have timestamp ${T0 + 200}, want timestamp nil, rewindto timestamp ${T0 + 199})`,
      ],
      [
        'an activated precompile upgrade edited',
        {
          ...upgradeJson,
          precompileUpgrades: [{ feeManagerConfig: { adminAddresses: [B], blockTimestamp: T0 + 100 } }, minter, feeManagerOff],
        },
        `mismatching PrecompileUpgrade[0] in database (have timestamp ${T0 + 100}, want timestamp ${T0 + 100}, rewindto timestamp ${T0 + 99})`,
      ],
      [
        'a precompile upgrade added in the past',
        {
          ...upgradeJson,
          precompileUpgrades: [
            feeManager,
            minter,
            { rewardManagerConfig: { adminAddresses: [A], blockTimestamp: T0 + 300 } },
            feeManagerOff,
          ],
        },
        `mismatching cannot retroactively enable PrecompileUpgrade[0] in database (have timestamp nil, want timestamp ${T0 + 300}, rewindto timestamp ${T0 + 299})`,
      ],
      [
        'an activated network upgrade moved',
        { ...upgradeJson, networkUpgradeOverrides: { graniteTimestamp: T0 + 400, heliconTimestamp: T0 + 400 } },
        `mismatching Granite fork block timestamp in database (have timestamp ${T0 + 100}, want timestamp ${T0 + 400}, rewindto timestamp ${T0 + 99})`,
      ],
      [
        // libevm checks its own fork times before subnet-evm's upgrades; Shanghai follows Durango (SetEthUpgrades).
        'Durango moved after it activated: libevm reports Shanghai',
        {
          ...upgradeJson,
          networkUpgradeOverrides: {
            durangoTimestamp: 1_607_144_401,
            etnaTimestamp: 1_607_144_401,
            graniteTimestamp: T0 + 100,
            heliconTimestamp: T0 + 100,
          },
        },
        'mismatching Shanghai fork timestamp in database (have timestamp 1607144400, want timestamp 1607144401, rewindto timestamp 1607144399)',
      ],
      [
        'an activated state upgrade removed',
        { ...upgradeJson, stateUpgrades: [] },
        `mismatching missing StateUpgrade[0] in database (have timestamp ${T0 + 150}, want timestamp nil, rewindto timestamp ${T0 + 149})`,
      ],
      [
        'a state upgrade edited',
        { ...upgradeJson, stateUpgrades: [{ ...stateUpgrade, accounts: { [B]: { balanceChange: '0x101' } } }] },
        `mismatching StateUpgrade[0] in database (have timestamp ${T0 + 150}, want timestamp ${T0 + 150}, rewindto timestamp ${T0 + 149})`,
      ],
      [
        'a state upgrade added in the past',
        { ...upgradeJson, stateUpgrades: [stateUpgrade, { blockTimestamp: T0 + 500, accounts: null }] },
        `mismatching cannot retroactively enable StateUpgrade[1] in database (have timestamp nil, want timestamp ${T0 + 500}, rewindto timestamp ${T0 + 499})`,
      ],
    ]
    it.each(refused)('%s: refused with the node text (exit 1)', async (_name, content, message) => {
      const r = await withUpgrade(content)
      expect(r.code).toBe(1)
      expect(r.stdout).toContain(`REFUSED: a node will not start with these files\n  ✗ ${message}\n`)
      const j = JSON.parse((await withUpgrade(content, ['--json'])).stdout)
      expect(j).toMatchObject({ verdict: 'refused', exitCode: 1, errors: [{ kind: 'compatibility', message }] })
    })

    it('the node index counts one precompile: the entry it means is named', async () => {
      const content = {
        ...upgradeJson,
        precompileUpgrades: [feeManager, minter, { rewardManagerConfig: { adminAddresses: [A], blockTimestamp: T0 + 300 } }, feeManagerOff],
      }
      const j = JSON.parse((await withUpgrade(content, ['--json'])).stdout)
      expect(j.errors[0]).toMatchObject({ entry: 'upgrades.precompileUpgrades[2]' })
      expect(j.errors[0].hint).toMatch(
        /^the node counts rewardManagerConfig's configs only, genesis first: this one is upgrades\.precompileUpgrades\[2\] in /,
      )
      const removed = JSON.parse(
        (await withUpgrade({ ...upgradeJson, precompileUpgrades: [feeManager, feeManagerOff] }, ['--json'])).stdout,
      )
      expect(removed.errors[0]).toMatchObject({ entry: 'upgrades.precompileUpgrades[1]' })
      expect(removed.errors[0].hint).toContain("in the chain's current config")
    })

    it('a conflict whose rewind point is 0 passes the node (SetupGenesisBlock), with a warning', async () => {
      const reward = { rewardManagerConfig: { adminAddresses: [A], blockTimestamp: 0 } }
      const r = await withUpgrade({ ...upgradeJson, precompileUpgrades: [reward, feeManager, minter, feeManagerOff] }, ['--json'])
      expect(r.code).toBe(0)
      const j = JSON.parse(r.stdout)
      expect(j.verdict).toBe('accepted')
      expect(j.warnings).toEqual([
        {
          kind: 'ignored',
          message:
            'mismatching cannot retroactively enable PrecompileUpgrade[0] in database (have timestamp nil, want timestamp 0, rewindto timestamp 0): a node does not refuse this (its rewind point is 0), but the chain is past that time, so the change never took effect there',
        },
      ])
    })

    it('colours only on a terminal, never with NO_COLOR', async () => {
      const content = { ...upgradeJson, precompileUpgrades: [feeManager, feeManagerOff] }
      const path = file('upgrade.json', content)
      const args = ['--genesis', genesis, '--upgrade', path, '--rpc', devnet().rpcUrl]
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are what is checked.
      const ansi = /\x1b\[/
      expect((await cli(args, {}, true)).stdout).toMatch(ansi)
      expect((await cli(args, { NO_COLOR: '1' }, true)).stdout).not.toMatch(ansi)
      expect((await cli(args, {}, false)).stdout).not.toMatch(ansi)
    })
  })

  it('dist/cli.js check as a child process (npm test builds dist/ first)', async () => {
    // No rebuild here: another test file may be running the built package at the same time.
    expect(existsSync(join(root, 'dist/cli.js')), 'build first: npm run build').toBe(true)
    const bad = file('upgrade.json', { ...upgradeJson, precompileUpgrades: [feeManager, minter, feeManagerOff], stateUpgrades: [] })
    const child = await run(process.execPath, ['dist/cli.js', 'check', '--genesis', genesis, '--upgrade', bad, '--rpc', devnet().rpcUrl], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    }).catch((e: { code: number; stdout: string; stderr: string }) => e)
    expect('code' in child ? child.code : 0).toBe(1)
    expect(child.stdout).toContain(
      `  ✗ mismatching missing StateUpgrade[0] in database (have timestamp ${T0 + 150}, want timestamp nil, rewindto timestamp ${T0 + 149})\n`,
    )
    const good = await run(
      process.execPath,
      ['dist/cli.js', 'check', '--genesis', genesis, '--upgrade', upgrade, '--rpc', devnet().rpcUrl],
      {
        cwd: root,
      },
    )
    expect(good.stdout).toContain('OK: a node accepts these files (over this chain)')
    // The command dispatch, help, version and exit codes of the bins: test/cli/main.test.ts.
  }, 120_000)
})
