/**
 * The precompile ABIs, addresses and allow-list roles of src/core/precompiles.
 *
 * Selectors and topics are checked against the node's: the values below are those of
 * ava-labs/avalanchego `graft/subnet-evm/precompile` (its `.abi` files; the Go code packs with
 * them), as listed in the L1 operations reference §2.2 (the Reward Manager's event topics are
 * listed there by their first 4 bytes only). Each is computed twice, with viem and with
 * ethers (two keccak and signature implementations), and both must agree with the list.
 */
import { Interface, id as ethersId } from 'ethers'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { formatAbi } from 'abitype'
import {
  decodeEventLog,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  pad,
  parseAbi,
  toEventSelector,
  toEventSignature,
  toFunctionSelector,
  toFunctionSignature,
  zeroAddress,
  type Hex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/argument.js'
import { SubnetRpcError } from '../../src/errors/base.js'
import { precompileKeys, precompiles } from '../../src/core/names.js'
import {
  allowListAbi,
  allowListRoleFromNumber,
  allowListRoleIsEnabled,
  allowListRoles,
  allowListRoleSetters,
  allowListRoleString,
  allowListRoleToNumber,
  canModifyAllowListRole,
  deployerAllowListAbi,
  deployerAllowListAddress,
  feeManagerAbi,
  feeManagerAddress,
  nativeMinterAbi,
  nativeMinterAddress,
  precompileAbis,
  precompileAddresses,
  precompileKeyOf,
  rewardManagerAbi,
  rewardManagerAddress,
  txAllowListAbi,
  txAllowListAddress,
  warpMessengerAbi,
  warpMessengerAddress,
  type AllowListRole,
} from '../../src/core/precompiles/index.js'

type Item = (typeof allAbis)[keyof typeof allAbis][number]
const allAbis = { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi, warpMessengerAbi }

const feeConfig8 = 'uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256'
// [signature, selector or topic0 (or its first 4 bytes)], from the node's interfaces.
const allowListMembers: Array<[string, string]> = [
  ['RoleSet(uint256,address,address,uint256)', '0xcdb7ea01f00a414d78757bdb0f6391664ba3fedf987eed280927c1e7d695be3e'],
  ['readAllowList(address)', '0xeb54dae1'],
  ['setAdmin(address)', '0x704b6c02'],
  ['setEnabled(address)', '0x0aaf7043'],
  ['setManager(address)', '0xd0ebdbe7'],
  ['setNone(address)', '0x8c6bfb3b'],
]
const expected: Record<keyof typeof allAbis, Array<[string, string]>> = {
  allowListAbi: allowListMembers,
  feeManagerAbi: [
    ...allowListMembers,
    [`FeeConfigChanged(address,(${feeConfig8}),(${feeConfig8}))`, '0x4c98e43adb5962c18f3f0e6dd066e2a2de258d3b4f695b317b77c8f27cd044fc'],
    [`setFeeConfig(${feeConfig8})`, '0x8f10b586'],
    ['getFeeConfig()', '0x5fbbc0d2'],
    ['getFeeConfigLastChangedAt()', '0x9e05549a'],
  ],
  nativeMinterAbi: [
    ...allowListMembers,
    ['NativeCoinMinted(address,address,uint256)', '0x400cd392f3d56fd10bb1dbd5839fdda8298208ddaa97b368faa053e1850930ee'],
    ['mintNativeCoin(address,uint256)', '0x4f5aaaba'],
  ],
  rewardManagerAbi: [
    ...allowListMembers,
    ['RewardAddressChanged(address,address,address)', '0xc2a9e07c'],
    ['FeeRecipientsAllowed(address)', '0xabb1949b'],
    ['RewardsDisabled(address)', '0xeb121f03'],
    ['setRewardAddress(address)', '0x5e00e679'],
    ['allowFeeRecipients()', '0x0329099f'],
    ['disableRewards()', '0xbc178628'],
    ['currentRewardAddress()', '0xe915608b'],
    ['areFeeRecipientsAllowed()', '0xf6542b2e'],
  ],
  warpMessengerAbi: [
    ['SendWarpMessage(address,bytes32,bytes)', '0x56600c567728a800c0aa927500f831cb451df66a7af570eb4df4dfbf4674887d'],
    ['sendWarpMessage(bytes)', '0xee5b48eb'],
    ['getVerifiedWarpMessage(uint32)', '0x6f825350'],
    ['getVerifiedWarpBlockHash(uint32)', '0xce7f5929'],
    ['getBlockchainID()', '0x4213cf78'],
  ],
}

/** The canonical signature (`name(type,…)`) of an ABI item, by viem. */
const canonical = (item: Item): string => (item.type === 'function' ? toFunctionSignature(item) : toEventSignature(item)).replace(/\s/g, '')
const selectorOf = (item: Item): string => (item.type === 'function' ? toFunctionSelector(item) : toEventSelector(item))

describe('selectors and event topics', () => {
  for (const [name, abi] of Object.entries(allAbis) as Array<[keyof typeof allAbis, readonly Item[]]>) {
    it(`${name}: exactly the node's members, each with the node's selector or topic (viem and ethers agree)`, () => {
      expect(abi.map(canonical).sort()).toEqual(expected[name].map(([sig]) => sig).sort())
      const iface = new Interface(abi)
      for (const item of abi) {
        const [, want] = expected[name].find(([sig]) => sig === canonical(item))!
        const viem = selectorOf(item)
        const ethers = item.type === 'function' ? iface.getFunction(item.name)!.selector : iface.getEvent(item.name)!.topicHash
        expect(viem, canonical(item)).toBe(ethers)
        expect(viem.startsWith(want), `${canonical(item)}: ${viem} vs ${want}`).toBe(true)
        expect(ethersId(canonical(item)).slice(0, viem.length)).toBe(viem)
      }
    })
  }

  it('every ABI that extends IAllowList shares its members, unchanged', () => {
    for (const abi of [feeManagerAbi, nativeMinterAbi, rewardManagerAbi]) {
      for (const member of allowListAbi) expect(abi).toContain(member)
    }
    expect(deployerAllowListAbi).toBe(allowListAbi)
    expect(txAllowListAbi).toBe(allowListAbi)
  })

  it('the full topics of the Reward Manager events (checked by prefix above) as ethers computes them', () => {
    const topics = Object.fromEntries(rewardManagerAbi.filter((i) => i.type === 'event').map((e) => [e.name, toEventSelector(e)]))
    expect(topics).toEqual({
      FeeRecipientsAllowed: ethersId('FeeRecipientsAllowed(address)'),
      RewardAddressChanged: ethersId('RewardAddressChanged(address,address,address)'),
      RewardsDisabled: ethersId('RewardsDisabled(address)'),
      RoleSet: ethersId('RoleSet(uint256,address,address,uint256)'),
    })
  })
})

describe('ABI shape', () => {
  /** Drops what the human-readable form cannot carry: internalType, and false `anonymous` / `indexed` flags; ethers' legacy `constant` / `payable`. */
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip)
    if (v === null || typeof v !== 'object') return v
    return Object.fromEntries(
      Object.entries(v)
        .filter(
          ([k, x]) => !['internalType', 'constant', 'payable'].includes(k) && !((k === 'anonymous' || k === 'indexed') && x === false),
        )
        .map(([k, x]) => [k, strip(x)]),
    )
  }

  for (const [name, abi] of Object.entries(allAbis)) {
    it(`${name} round-trips through abitype's formatAbi and viem's parseAbi`, () => {
      const text = formatAbi(abi)
      expect(strip(parseAbi(text))).toEqual(strip(abi))
    })

    it(`${name} round-trips through ethers' Interface`, () => {
      // ethers' JSON leaves out the default stateMutability, nonpayable: compare it through the fragments.
      const withMutability = (iface: Interface) =>
        JSON.parse(iface.formatJson()).map((item: { type: string; name: string }) =>
          item.type === 'function' ? { ...item, stateMutability: iface.getFunction(item.name)!.stateMutability } : item,
        )
      const iface = new Interface(abi)
      expect(strip(withMutability(iface))).toEqual(strip(abi))
      expect(strip(withMutability(new Interface(iface.format())))).toEqual(strip(abi))
    })

    it(`${name} is in the node's .abi form: every function has stateMutability and outputs, every event anonymous: false`, () => {
      for (const item of abi) {
        if (item.type === 'function') {
          expect(item).toHaveProperty('outputs')
          expect(['view', 'nonpayable']).toContain(item.stateMutability)
        } else {
          expect(item.anonymous).toBe(false)
          for (const input of item.inputs) expect(typeof input.indexed).toBe('boolean')
        }
        const params = [...item.inputs, ...('outputs' in item ? item.outputs : [])]
        for (const p of params) expect(p.internalType).toBeTypeOf('string')
      }
    })
  }

  it('view and write functions are where the node puts them', () => {
    const views = Object.values(allAbis).flatMap((abi) =>
      abi.filter((i) => i.type === 'function' && i.stateMutability === 'view').map((i) => i.name),
    )
    expect([...new Set(views)].sort()).toEqual([
      'areFeeRecipientsAllowed',
      'currentRewardAddress',
      'getBlockchainID',
      'getFeeConfig',
      'getFeeConfigLastChangedAt',
      'getVerifiedWarpBlockHash',
      'getVerifiedWarpMessage',
      'readAllowList',
    ])
  })

  it('encodes calls and decodes results and logs as the node packs them', () => {
    const a = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
    expect(encodeFunctionData({ abi: allowListAbi, functionName: 'setManager', args: [a] })).toBe(
      `0xd0ebdbe7000000000000000000000000${a.slice(2).toLowerCase()}`,
    )
    const fields = [8_000_000n, 2n, 25_000_000_000n, 15_000_000n, 36n, 0n, 1_000_000n, 200_000n] as const
    const call = encodeFunctionData({ abi: feeManagerAbi, functionName: 'setFeeConfig', args: fields })
    expect(call.length).toBe(2 + 8 + 8 * 64)
    const packed = encodeAbiParameters(feeManagerAbi[2].outputs, fields)
    expect(decodeFunctionResult({ abi: feeManagerAbi, functionName: 'getFeeConfig', data: packed })).toEqual(fields)

    // RoleSet: topics [sig, role, account, sender], data oldRole (allowlist/event.go PackRoleSetEvent).
    const topics = encodeEventTopics({ abi: allowListAbi, eventName: 'RoleSet', args: { role: 3n, account: a, sender: zeroAddress } })
    expect(topics).toEqual([
      '0xcdb7ea01f00a414d78757bdb0f6391664ba3fedf987eed280927c1e7d695be3e',
      pad('0x03'),
      pad(a.toLowerCase() as Hex),
      pad(zeroAddress),
    ])
    const log = decodeEventLog({
      abi: nativeMinterAbi,
      topics: topics as [Hex, ...Hex[]],
      data: encodeAbiParameters([{ type: 'uint256' }], [1n]),
    })
    expect(log).toEqual({ eventName: 'RoleSet', args: { role: 3n, account: a, sender: zeroAddress, oldRole: 1n } })

    const warp = encodeAbiParameters(warpMessengerAbi[3].outputs, [
      { sourceChainID: `0x${'11'.repeat(32)}`, originSenderAddress: a, payload: '0xdead' },
      true,
    ])
    expect(decodeFunctionResult({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', data: warp })).toEqual([
      { sourceChainID: `0x${'11'.repeat(32)}`, originSenderAddress: a, payload: '0xdead' },
      true,
    ])
  })
})

describe('addresses', () => {
  it('come from src/core/names.ts, by config key and by name', () => {
    expect(precompileAddresses).toEqual(Object.fromEntries(precompileKeys.map((k) => [k, precompiles[k].address])))
    expect(Object.keys(precompileAddresses)).toEqual(precompileKeys)
    expect([
      deployerAllowListAddress,
      nativeMinterAddress,
      txAllowListAddress,
      feeManagerAddress,
      rewardManagerAddress,
      warpMessengerAddress,
    ]).toEqual([
      precompiles.contractDeployerAllowListConfig.address,
      precompiles.contractNativeMinterConfig.address,
      precompiles.txAllowListConfig.address,
      precompiles.feeManagerConfig.address,
      precompiles.rewardManagerConfig.address,
      precompiles.warpConfig.address,
    ])
    // The node's module.go values, for the record.
    expect(feeManagerAddress).toBe('0x0200000000000000000000000000000000000003')
    expect(warpMessengerAddress).toBe('0x0200000000000000000000000000000000000005')
  })

  it('precompileAbis has every config key, allow-list ones with the allow list', () => {
    expect(Object.keys(precompileAbis)).toEqual(precompileKeys)
    expect(precompileAbis).toEqual({
      contractDeployerAllowListConfig: allowListAbi,
      contractNativeMinterConfig: nativeMinterAbi,
      txAllowListConfig: allowListAbi,
      feeManagerConfig: feeManagerAbi,
      rewardManagerConfig: rewardManagerAbi,
      warpConfig: warpMessengerAbi,
    })
    for (const key of precompileKeys) {
      const hasAllowList = precompileAbis[key].some((i) => i.type === 'function' && i.name === 'readAllowList')
      expect(hasAllowList, key).toBe(precompiles[key].allowList)
    }
  })

  it('precompileKeyOf maps an address (any case) back to its key', () => {
    for (const key of precompileKeys) expect(precompileKeyOf(precompiles[key].address)).toBe(key)
    expect(precompileKeyOf('0x0200000000000000000000000000000000000003'.toUpperCase().replace('0X', '0x'))).toBe('feeManagerConfig')
    expect(precompileKeyOf('0x0200000000000000000000000000000000000006')).toBeUndefined()
    expect(precompileKeyOf(zeroAddress)).toBeUndefined()
  })

  it('precompileKeyOf rejects what is not an address', () => {
    for (const bad of ['0x02', '0200000000000000000000000000000000000003', `0x${'g'.repeat(40)}`, '']) {
      expect(() => precompileKeyOf(bad)).toThrow(InvalidArgumentError)
    }
    expect(() => precompileKeyOf('0x02')).toThrow(/Invalid address: got "0x02"[\s\S]*Accepted: 0x and 40 hex digits/)
  })
})

describe('allow-list roles (allowlist/role.go)', () => {
  const names: AllowListRole[] = ['none', 'enabled', 'admin', 'manager']

  it('have the node values: NoRole 0, EnabledRole 1, AdminRole 2, ManagerRole 3', () => {
    expect(allowListRoles).toEqual({ none: 0, enabled: 1, admin: 2, manager: 3 })
  })

  it('convert both ways, from numbers and bigints', () => {
    names.forEach((name, value) => {
      expect(allowListRoleFromNumber(value)).toBe(name)
      expect(allowListRoleFromNumber(BigInt(value))).toBe(name)
      expect(allowListRoleToNumber(name)).toBe(value)
    })
  })

  it('reject unknown values with InvalidArgumentError (as allowlist.FromBig does with invalid role)', () => {
    for (const bad of [4, 4n, -1, -1n, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2n ** 256n + 2n, 2 ** 64 + 2]) {
      const call = () => allowListRoleFromNumber(bad)
      expect(call, String(bad)).toThrow(InvalidArgumentError)
      expect(call).toThrow(SubnetRpcError)
    }
    expect(() => allowListRoleFromNumber(4n)).toThrow(
      /Invalid allow list role: got 4n[\s\S]*Accepted: 0 \(none\), 1 \(enabled\), 2 \(admin\) or 3 \(manager\)/,
    )
    for (const bad of ['2', '0x02', null, undefined] as unknown[]) {
      expect(() => allowListRoleFromNumber(bad as number)).toThrow(InvalidArgumentError)
    }
    for (const bad of ['Admin', 'AdminRole', 'ADMIN', 'toString', '', 2] as unknown[]) {
      expect(() => allowListRoleToNumber(bad as AllowListRole), String(bad)).toThrow(InvalidArgumentError)
    }
    expect(() => allowListRoleToNumber('Admin' as AllowListRole)).toThrow(
      /Invalid allow list role: got "Admin"[\s\S]*Accepted: 'none', 'enabled', 'admin' or 'manager'/,
    )
    try {
      allowListRoleFromNumber(9)
      expect.unreachable()
    } catch (e) {
      expect(e).toMatchObject({ name: 'InvalidArgumentError', argument: 'allow list role', value: 9 })
    }
  })

  it('print as Role.String() does, UnknownRole for any other stored value', () => {
    expect(names.map(allowListRoleString)).toEqual(['NoRole', 'EnabledRole', 'AdminRole', 'ManagerRole'])
    expect([0n, 1, 2n, 3].map(allowListRoleString)).toEqual(['NoRole', 'EnabledRole', 'AdminRole', 'ManagerRole'])
    expect(allowListRoleString(4n)).toBe('UnknownRole')
    expect(allowListRoleString(2n ** 256n - 1n)).toBe('UnknownRole')
    for (const bad of [-1n, 2n ** 256n, 0.5, 'Admin', 'NoRole'] as unknown[]) {
      expect(() => allowListRoleString(bad as AllowListRole), String(bad)).toThrow(InvalidArgumentError)
    }
  })

  it('IsEnabled: enabled, admin and manager may use the precompile', () => {
    expect(names.filter(allowListRoleIsEnabled)).toEqual(['enabled', 'admin', 'manager'])
    expect([0n, 1n, 2n, 3n, 4n, 255n].map(allowListRoleIsEnabled)).toEqual([false, true, true, true, false, false])
  })

  it('setters: Role.GetSetterFunctionName, each a function of the allow list', () => {
    expect(allowListRoleSetters).toEqual({ none: 'setNone', enabled: 'setEnabled', admin: 'setAdmin', manager: 'setManager' })
    const fns = allowListAbi.filter((i) => i.type === 'function').map((i) => i.name)
    for (const fn of Object.values(allowListRoleSetters)) expect(fns).toContain(fn)
  })
})

describe('canModifyAllowListRole (Role.CanModify)', () => {
  const names: AllowListRole[] = ['none', 'enabled', 'admin', 'manager']
  // Every (caller, from, to) the node allows; every other combination of the four roles is refused.
  const allowed = new Set([
    ...names.flatMap((from) => names.map((to) => `admin ${from} ${to}`)),
    'manager none none',
    'manager none enabled',
    'manager enabled none',
    'manager enabled enabled',
  ])

  it('the full 4 × 4 × 4 table', () => {
    let count = 0
    for (const caller of names) {
      for (const from of names) {
        for (const to of names) {
          const key = `${caller} ${from} ${to}`
          expect(canModifyAllowListRole({ caller, from, to }), key).toBe(allowed.has(key))
          count++
        }
      }
    }
    expect(count).toBe(64)
    expect(allowed.size).toBe(20)
  })

  it('a manager cannot touch admins or managers, nor grant those roles', () => {
    for (const other of ['admin', 'manager'] as const) {
      expect(canModifyAllowListRole({ caller: 'manager', from: other, to: 'none' })).toBe(false)
      expect(canModifyAllowListRole({ caller: 'manager', from: 'enabled', to: other })).toBe(false)
    }
    // Not even itself: from is its own role, manager.
    expect(canModifyAllowListRole({ caller: 'manager', from: 'manager', to: 'manager' })).toBe(false)
    // An admin may demote itself (and so lock the list when it is the last one).
    expect(canModifyAllowListRole({ caller: 'admin', from: 'admin', to: 'none' })).toBe(true)
  })

  it('takes stored values too, with the node semantics for values no setter writes', () => {
    expect(canModifyAllowListRole({ caller: 2n, from: 7n, to: 0 })).toBe(true) // admin: anything
    expect(canModifyAllowListRole({ caller: 3n, from: 7n, to: 1n })).toBe(false) // manager: from must be None/Enabled
    expect(canModifyAllowListRole({ caller: 7n, from: 0n, to: 1n })).toBe(false) // unknown caller: never
    expect(canModifyAllowListRole({ caller: 3, from: 1, to: 0 })).toBe(true)
  })

  it('rejects what is neither a role name nor a uint256', () => {
    expect(() => canModifyAllowListRole({ caller: 'Admin' as AllowListRole, from: 'none', to: 'enabled' })).toThrow(
      /Invalid caller role: got "Admin"/,
    )
    expect(() => canModifyAllowListRole({ caller: 'admin', from: -1n, to: 'enabled' })).toThrow(/Invalid from role: got -1n/)
    expect(() => canModifyAllowListRole({ caller: 'admin', from: 'none', to: 2n ** 256n })).toThrow(InvalidArgumentError)
  })
})

describe('library neutrality', () => {
  it('src/core/precompiles imports neither viem, ethers nor abitype, only relative modules', () => {
    const dir = join(import.meta.dirname, '../../src/core/precompiles')
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(dir, file), 'utf8')
      // The compiler's own scanner: imports in code, not the JSDoc examples' `from 'subnet-rpc'`.
      const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)
      expect(specifiers.length, file).toBeGreaterThan(0)
      for (const s of specifiers) expect(s, `${file}: ${s}`).toMatch(/^\.\.?\//)
    }
  })
})
