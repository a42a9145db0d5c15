/**
 * precompile/allowlist/allowlisttest/test_allowlist.go `AllowListTests`, case by case (same names, same order), for
 * the allow list at `precompile`. `durango: false` marks the cases whose ChainConfigFn says IsDurango false (run on a
 * devnet whose Durango is not yet active); the `initial_config_*` cases (a `Config`, no input) are
 * `initialConfigCases`.
 */
import { encodeFunctionData, getAddress, type Hex, toEventSelector } from 'viem'
import { allowListAbi } from '../../../src/core/precompiles/abis.js'
import {
  AdminRole,
  type Case,
  defaultRoles,
  EnabledRole,
  ManagerRole,
  NoRole,
  roleName,
  slotOf,
  TestAdminAddr,
  TestEnabledAddr,
  TestManagerAddr,
  TestNoRoleAddr,
  TX_ALLOW_LIST,
  word,
} from './harness.js'

/** allowlist.ModifyAllowListGasCost, ReadAllowListGasCost, AllowListEventGasCost (event.go: log, 4 topics, 32 bytes). */
export const ModifyAllowListGasCost = 20_000
export const ReadAllowListGasCost = 5_000
export const AllowListEventGasCost = 375 + 4 * 375 + 32 * 8

const setter = {
  [String(NoRole)]: 'setNone',
  [String(EnabledRole)]: 'setEnabled',
  [String(AdminRole)]: 'setAdmin',
  [String(ManagerRole)]: 'setManager',
} as const
/** allowlist.PackModifyAllowList. */
export const packModify = (address: string, role: bigint) =>
  encodeFunctionData({ abi: allowListAbi, functionName: setter[String(role)] as 'setNone', args: [address as Hex] })
export const packRead = (address: string) =>
  encodeFunctionData({ abi: allowListAbi, functionName: 'readAllowList', args: [address as Hex] })

/** The text of allowlist.go's ErrCannotModifyAllowList as createAllowListRoleSetter wraps it. */
export const cannotModify = (caller: string, from: bigint, to: bigint) =>
  `cannot modify allow list: modify address: ${getAddress(caller)}, from role: ${roleName(from)}, to role: ${roleName(to)}`
/** contract.ErrInvalidNonActivatedFunctionSelector for setManager. */
const nonActivated = 'invalid non-activated function selector: 0xd0ebdbe7'
const roleSetTopic = toEventSelector('RoleSet(uint256,address,address,uint256)')

/** assertSetRoleEvent. */
const roleSet = (precompile: string, role: bigint, addr: string, caller: string, oldRole: bigint) => ({
  address: precompile,
  topics: [roleSetTopic, word(role), word(BigInt(addr)), word(BigInt(caller))],
  data: word(oldRole),
})

export type AllowListCase = Case & { durango: boolean }

export function allowListTests(precompile: string): AllowListCase[] {
  const before = defaultRoles(precompile)
  const role = (account: string, r: bigint): [string, string, bigint] => [precompile, slotOf(account), r]
  const set = (name: string, caller: string, addr: string, r: bigint, old: bigint, durango = true): AllowListCase => ({
    name,
    caller,
    precompile,
    before,
    input: packModify(addr, r),
    suppliedGas: durango ? ModifyAllowListGasCost + AllowListEventGasCost : ModifyAllowListGasCost,
    res: '0x',
    logs: durango ? [roleSet(precompile, r, addr, caller, old)] : [],
    storage: [role(addr, r)],
    durango,
    dearer: old === NoRole && r !== NoRole,
  })
  const refuse = (name: string, caller: string, addr: string, r: bigint, old: bigint, durango = true): AllowListCase => ({
    name,
    caller,
    precompile,
    before,
    input: packModify(addr, r),
    suppliedGas: ModifyAllowListGasCost,
    err: cannotModify(caller, old, r),
    storage: [role(addr, old)],
    durango,
  })
  const nonActivatedCase = (name: string, caller: string): AllowListCase => ({
    name,
    caller,
    precompile,
    before,
    input: packModify(TestNoRoleAddr, ManagerRole),
    suppliedGas: 0,
    err: nonActivated,
    storage: [role(TestNoRoleAddr, NoRole)],
    durango: false,
  })
  return [
    set('admin_set_admin', TestAdminAddr, TestNoRoleAddr, AdminRole, NoRole),
    set('admin_set_enabled', TestAdminAddr, TestNoRoleAddr, EnabledRole, NoRole),
    set('admin_set_no_role', TestAdminAddr, TestEnabledAddr, NoRole, EnabledRole),
    refuse('no_role_set_no_role', TestNoRoleAddr, TestEnabledAddr, NoRole, EnabledRole),
    refuse('no_role_set_enabled', TestNoRoleAddr, TestNoRoleAddr, EnabledRole, NoRole),
    refuse('no_role_set_admin', TestNoRoleAddr, TestEnabledAddr, AdminRole, EnabledRole),
    refuse('enabled_set_no_role', TestEnabledAddr, TestAdminAddr, NoRole, AdminRole),
    refuse('enabled_set_enabled', TestEnabledAddr, TestNoRoleAddr, EnabledRole, NoRole),
    refuse('enabled_set_admin', TestEnabledAddr, TestNoRoleAddr, AdminRole, NoRole),
    nonActivatedCase('no_role_set_manager_pre_Durango', TestNoRoleAddr),
    refuse('no_role_set_manager', TestNoRoleAddr, TestNoRoleAddr, ManagerRole, NoRole),
    nonActivatedCase('enabled_role_set_manager_pre_Durango', TestEnabledAddr),
    // Go's caller here is TestNoRoleAddr, as written in test_allowlist.go.
    refuse('enabled_set_manager', TestNoRoleAddr, TestNoRoleAddr, ManagerRole, NoRole),
    nonActivatedCase('admin_set_manager_pre_Durango', TestAdminAddr),
    set('admin_set_manager', TestAdminAddr, TestNoRoleAddr, ManagerRole, NoRole),
    set('manager_set_no_role_to_no_role', TestManagerAddr, TestNoRoleAddr, NoRole, NoRole),
    set('manager_set_no_role_to_enabled', TestManagerAddr, TestNoRoleAddr, EnabledRole, NoRole),
    refuse('manager_set_no_role_to_manager', TestManagerAddr, TestNoRoleAddr, ManagerRole, NoRole),
    refuse('manager_set_no_role_to_admin', TestManagerAddr, TestNoRoleAddr, AdminRole, NoRole),
    refuse('manager_set_enabled_to_admin', TestManagerAddr, TestEnabledAddr, AdminRole, EnabledRole),
    refuse('manager_set_enabled_role_to_manager', TestManagerAddr, TestEnabledAddr, ManagerRole, EnabledRole),
    set('manager_set_enabled_role_to_no_role', TestManagerAddr, TestEnabledAddr, NoRole, EnabledRole),
    refuse('manager_set_admin_to_no_role', TestManagerAddr, TestAdminAddr, NoRole, AdminRole),
    refuse('manager_set_admin_role_to_enabled', TestManagerAddr, TestAdminAddr, EnabledRole, AdminRole),
    refuse('manager_set_admin_to_manager', TestManagerAddr, TestAdminAddr, ManagerRole, AdminRole),
    refuse('manager_set_manager_to_no_role', TestManagerAddr, TestManagerAddr, NoRole, ManagerRole),
    {
      name: 'admin_set_no_role_with_readOnly_enabled',
      caller: TestAdminAddr,
      precompile,
      before,
      input: packModify(TestEnabledAddr, NoRole),
      suppliedGas: ModifyAllowListGasCost,
      readOnly: true,
      err: 'write protection',
      storage: [role(TestEnabledAddr, EnabledRole)],
      durango: true,
    },
    {
      name: 'admin_set_no_role_insufficient_gas',
      caller: TestAdminAddr,
      precompile,
      before,
      input: packModify(TestEnabledAddr, NoRole),
      suppliedGas: ModifyAllowListGasCost - 1,
      err: 'out of gas',
      storage: [role(TestEnabledAddr, EnabledRole)],
      durango: true,
    },
    read('no_role_read_allow_list', TestNoRoleAddr, TestNoRoleAddr, NoRole, ReadAllowListGasCost),
    read('admin_role_read_allow_list', TestAdminAddr, TestAdminAddr, AdminRole, ReadAllowListGasCost),
    { ...read('admin_read_allow_list_with_readOnly_enabled', TestAdminAddr, TestNoRoleAddr, NoRole, ReadAllowListGasCost), readOnly: true },
    {
      ...read('admin_read_allow_list_out_of_gas', TestAdminAddr, TestNoRoleAddr, NoRole, ReadAllowListGasCost - 1),
      readOnly: true,
      res: undefined,
      err: 'out of gas',
    },
    set('admin_set_admin_pre_Durango', TestAdminAddr, TestNoRoleAddr, AdminRole, NoRole, false),
    set('admin_set_enabled_pre_Durango', TestAdminAddr, TestNoRoleAddr, EnabledRole, NoRole, false),
    set('admin_set_no_role_pre_Durango', TestAdminAddr, TestEnabledAddr, NoRole, EnabledRole, false),
  ]

  function read(name: string, caller: string, addr: string, r: bigint, gas: number): AllowListCase {
    const mined = precompile !== TX_ALLOW_LIST || caller !== TestNoRoleAddr
    return { name, caller, precompile, before, input: packRead(addr), suppliedGas: gas, res: word(r), durango: true, mined }
  }
}

/** The `initial_config_*` cases: the module's Configure with an AllowListConfig, then the roles it wrote. */
export const initialConfigCases: { name: string; config: Record<string, string[]>; roles: [string, bigint][] }[] = [
  {
    name: 'initial_config_sets_admins',
    config: { adminAddresses: [TestNoRoleAddr, TestEnabledAddr] },
    roles: [
      [TestNoRoleAddr, AdminRole],
      [TestEnabledAddr, AdminRole],
    ],
  },
  {
    name: 'initial_config_sets_managers',
    config: { managerAddresses: [TestNoRoleAddr, TestEnabledAddr] },
    roles: [
      [TestNoRoleAddr, ManagerRole],
      [TestEnabledAddr, ManagerRole],
    ],
  },
  {
    name: 'initial_config_sets_enabled',
    config: { enabledAddresses: [TestNoRoleAddr, TestAdminAddr] },
    roles: [
      [TestAdminAddr, EnabledRole],
      [TestNoRoleAddr, EnabledRole],
    ],
  },
]
