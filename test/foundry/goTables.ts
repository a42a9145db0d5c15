/**
 * Subnet-EVM's Go test tables for the five allow-list precompiles (test/devnet/go-tables/*.ts, the same cases the
 * devnet runs over JSON-RPC) as a forge test suite that uses SubnetPrecompiles.sol inside forge's own EVM: one test
 * per case, in one contract per table, written into a Foundry project as test/GoTables.t.sol.
 *
 * Each test installs the stand-in under the case's rules (Durango or before), writes the BeforeHook's storage, then:
 * - `SubnetPrecompiles.ethCall` from the caller with exactly `SuppliedGas`: the node's output, or its error text;
 *   with one gas less, `out of gas`;
 * - read-only cases: a STATICCALL with exactly `SuppliedGas` from a contract fails with no data, as a node's error
 *   reaches a calling contract;
 * - cases that succeed: the call executed (`vm.prank(caller, caller)`, as a transaction of the caller's would run it)
 *   with `SuppliedGas`, and its logs, storage after (`AfterHook`) and the coin it credits checked. Where the
 *   stand-in's own work costs more than the node's fixed gas (`dearer`), the call with `SuppliedGas` fails (out of
 *   gas, measured), and the least gas it needs is found and logged (`needs <gas>`): what differs inside forge.
 */
import { getAddress, type Hex, isHex } from 'viem'
import { allowListTests } from '../devnet/go-tables/allowlist.js'
import { feeManagerTests } from '../devnet/go-tables/feemanager.js'
import type { Case } from '../devnet/go-tables/harness.js'
import { nativeMinterTests } from '../devnet/go-tables/nativeminter.js'
import { rewardManagerTests } from '../devnet/go-tables/rewardmanager.js'

export type TableCase = Case & { durango: boolean; differs?: string }

export const allowListPrecompiles = {
  ContractDeployerAllowList: '0x0200000000000000000000000000000000000000',
  NativeMinter: '0x0200000000000000000000000000000000000001',
  TxAllowList: '0x0200000000000000000000000000000000000002',
  FeeManager: '0x0200000000000000000000000000000000000003',
  RewardManager: '0x0200000000000000000000000000000000000004',
} as const

/** The tables: contract name → cases. */
export function goTables(): Record<string, TableCase[]> {
  return {
    ...Object.fromEntries(Object.entries(allowListPrecompiles).map(([name, address]) => [`AllowList_${name}`, allowListTests(address)])),
    FeeManager: feeManagerTests(),
    NativeMinter: nativeMinterTests(),
    RewardManager: rewardManagerTests(),
  }
}

const address = (a: string) => `address(${BigInt(a) === 0n ? '0' : getAddress(a)})`
const word = (v: bigint | string) => `bytes32(uint256(${BigInt(v)}))`
const bytes = (h: Hex) => `hex"${h.slice(2)}"`
const text = (s: string) => JSON.stringify(s)
/** A test function's name for a case: its index (names repeat across the pre- and post-Durango halves) and name. */
export const testName = (i: number, c: Case) => `test_${String(i).padStart(2, '0')}_${c.name.replace(/\W/g, '_')}`

function body(c: TableCase): string[] {
  const p = address(c.precompile)
  const lines = [`SubnetPrecompiles.install(${p}, SubnetPrecompiles.${c.durango ? 'latest' : 'preDurango'}());`]
  for (const [a, slot, value] of c.before) lines.push(`vm.store(${address(a)}, ${word(slot)}, ${word(value)});`)
  lines.push(`bytes memory input = ${bytes(c.input)};`)
  if (c.readOnly) {
    // A node's error, or its output, as a calling contract sees it through STATICCALL with exactly SuppliedGas.
    lines.push(`(bool ok, bytes memory out) = caller.staticCallWith(${p}, input, ${c.suppliedGas});`)
    if (c.err !== undefined) lines.push(`_failedWithoutData(ok, out);`)
    else {
      lines.push(`_succeeded(ok, out, ${bytes(c.res ?? '0x')});`)
      if (c.suppliedGas > 0) {
        lines.push(`(ok, out) = caller.staticCallWith(${p}, input, ${c.suppliedGas - 1});`, `_failedWithoutData(ok, out);`)
      }
    }
    return lines
  }
  lines.push(`(bool ok, bytes memory out) = SubnetPrecompiles.ethCall(${address(c.caller)}, ${p}, input, ${c.suppliedGas});`)
  if (c.err !== undefined) lines.push(`_refused(ok, out, ${text(c.err)});`)
  else lines.push(`_succeeded(ok, out, ${bytes(c.res ?? '0x')});`)
  if (c.suppliedGas > 0) {
    lines.push(
      `(ok, out) = SubnetPrecompiles.ethCall(${address(c.caller)}, ${p}, input, ${c.suppliedGas - 1});`,
      `_refused(ok, out, "out of gas");`,
    )
  }
  if (c.err !== undefined) return lines
  // Executed as the caller's transaction would run it.
  // Funded, as the devnet's runner funds the sender before it mines the call: a mint to the caller itself credits an
  // existing account then, as the node's table has it.
  const credits = c.credits ?? []
  lines.push(`vm.deal(${address(c.caller)}, ${address(c.caller)}.balance + 100 ether);`)
  for (const [i, [a]] of credits.entries()) lines.push(`uint256 balance${i} = ${address(a)}.balance;`)
  let gas = String(c.suppliedGas)
  if (c.dearer) {
    // What the stand-in's own work needs here (the slots this test already touched are warm: forge runs the test
    // as one transaction), logged: at least the node's gas.
    lines.push(`uint256 gas = _leastGas(${address(c.caller)}, ${p}, input, ${c.suppliedGas});`, `console.log("needs", gas);`)
    gas = 'gas'
  }
  lines.push(`vm.recordLogs();`, `vm.prank(${address(c.caller)}, ${address(c.caller)});`, `(ok, out) = ${p}.call{gas: ${gas}}(input);`)
  lines.push(`_succeeded(ok, out, ${bytes(c.res ?? '0x')});`)
  const logs = c.logs ?? []
  lines.push(`Vm.Log[] memory logs = vm.getRecordedLogs();`, `require(logs.length == ${logs.length}, "number of logs");`)
  for (const [i, log] of logs.entries()) {
    lines.push(`require(logs[${i}].emitter == ${address(log.address)}, "log emitter");`)
    lines.push(`require(logs[${i}].topics.length == ${log.topics.length}, "log topics");`)
    for (const [j, t] of log.topics.entries()) lines.push(`require(logs[${i}].topics[${j}] == ${word(t)}, "log topic ${j}");`)
    lines.push(`require(keccak256(logs[${i}].data) == keccak256(${bytes(log.data)}), "log data");`)
  }
  for (const [a, slot, value] of c.storage ?? []) {
    const want = value === 'mined' ? 'bytes32(block.number)' : word(value)
    lines.push(`require(vm.load(${address(a)}, ${word(slot)}) == ${want}, "storage after");`)
  }
  for (const [i, [a, amount]] of credits.entries())
    lines.push(`require(${address(a)}.balance - balance${i} == ${amount}, "coin credited");`)
  return lines
}

/** The Solidity test file: a base with the checks, then one contract per table. */
export function goTablesSolidity(tables = goTables()): string {
  for (const cases of Object.values(tables)) for (const c of cases) if (!isHex(c.input)) throw new Error(`${c.name}: input`)
  const contracts = Object.entries(tables).map(([name, cases]) => {
    const tests = cases
      .filter((c) => !c.differs)
      .map(
        (c, i) =>
          `    function ${testName(i, c)}() public {\n${body(c)
            .map((l) => `        ${l}`)
            .join('\n')}\n    }`,
      )
    return `contract GoTable_${name} is GoTable {\n${tests.join('\n\n')}\n}`
  })
  return `// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

// GENERATED by subnet-rpc's test/foundry/goTables.ts from Subnet-EVM's Go test tables.

import {SubnetPrecompiles} from "subnet-rpc-devnet/contracts/SubnetPrecompiles.sol";

interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    function store(address target, bytes32 slot, bytes32 value) external;
    function load(address target, bytes32 slot) external view returns (bytes32);
    function prank(address msgSender, address txOrigin) external;
    function deal(address account, uint256 balance) external;
    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory);
    function snapshotState() external returns (uint256);
    function revertToStateAndDelete(uint256 id) external returns (bool);
}

library console {
    function log(string memory label, uint256 value) internal view {
        (bool ok,) = address(0x000000000000000000636F6e736F6c652e6c6f67).staticcall(
            abi.encodeWithSignature("log(string,uint256)", label, value)
        );
        ok;
    }
}

/// Calls a precompile with a STATICCALL, as a contract reaches it read-only.
contract StaticCaller {
    function staticCallWith(address target, bytes memory input, uint256 gas) external view returns (bool, bytes memory) {
        return target.staticcall{gas: gas}(input);
    }
}

abstract contract GoTable {
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);
    StaticCaller internal caller;

    function setUp() public {
        caller = new StaticCaller();
    }

    function _succeeded(bool ok, bytes memory out, bytes memory want) internal pure {
        require(ok, string.concat("failed: ", string(out)));
        require(keccak256(out) == keccak256(want), "output");
    }

    function _refused(bool ok, bytes memory out, string memory want) internal pure {
        require(!ok, "succeeded");
        require(keccak256(out) == keccak256(bytes(want)), string.concat("error text: ", string(out)));
    }

    function _failedWithoutData(bool ok, bytes memory out) internal pure {
        require(!ok, "succeeded");
        require(out.length == 0, "revert data");
    }

    /// The least gas the executed call succeeds with: the node's \`SuppliedGas\` or more (one less never suffices).
    function _leastGas(address from, address p, bytes memory input, uint256 supplied) internal returns (uint256) {
        uint256 low = supplied - 1;
        uint256 high = supplied * 4 + 100_000;
        while (high - low > 1) {
            uint256 mid = (low + high) / 2;
            uint256 snapshot = vm.snapshotState();
                vm.prank(from, from);
            (bool ok,) = p.call{gas: mid}(input);
            vm.revertToStateAndDelete(snapshot);
            if (ok) high = mid;
            else low = mid;
        }
        return high;
    }
}

${contracts.join('\n\n')}
`
}
