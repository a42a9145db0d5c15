// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// What every stand-in for a Subnet-EVM stateful precompile shares.
///
/// Dispatch and input: a stand-in declares no external function. Its `fallback` takes every call, as
/// contract.go `Run` does: the selector picks the function (`_run`, overridden down the inheritance chain), and each
/// function reads its arguments from the raw input with the node's checks and texts (the strict length before
/// Durango, then accounts/abi's `Unpack`). Solidity's own ABI decoder would revert on a short input before any of
/// that could run. The functions and their selectors are the interfaces beside each stand-in (`IAllowList`, ...).
///
/// Rules: the devnet appends a trailer of 24 bytes to the code it installs, never executed: the genesis time, the
/// Durango time and the Granite time, each a big-endian uint64 (2^64 - 1 when the upgrade is not scheduled).
/// `_rules` compares them with the time of the block the call runs in, as `evm.GetRules()` is the block's
/// (`IsDurangoActivated`, `IsGraniteActivated`). Block 0 takes the genesis time: anvil simulates on its genesis block
/// with a block time of 1.
///
/// A node's precompile fails with a Go error that is not `ErrExecutionReverted`: no revert data, and all gas
/// given to the call is used (libevm core/vm/evm.go `Call`: `gas = 0` on any other error). So a failure here
/// ends with INVALID: a mined transaction sent straight to the precompile uses its whole gas limit, and a
/// calling contract sees a failed call with no data and all forwarded gas gone.
///
/// Only in simulations does a failure reached straight from the transaction's origin revert with
/// `Error(<the node's text>)` instead, which the devnet turns into the node's -32000 answer of
/// `eth_call` / `eth_estimateGas` (packages/devnet/src/l1/precompiles/rpc.ts): the devnet asks anvil again with a state
/// override that sets `SIMULATION_SLOT`. The flag is never in the chain's state and is read only on the
/// failure path, so a successful call costs the same with or without it.
abstract contract Precompile {
    /// keccak256("subnet-rpc.devnet.simulation"): its top 12 bytes are not zero, so no allow-list role
    /// (`bytes32(address)`) can sit there, and it is none of the Fee Manager's or Reward Manager's keys.
    bytes32 internal constant SIMULATION_SLOT = keccak256("subnet-rpc.devnet.simulation");

    /// keccak256("subnet-rpc.devnet.simulated-result"): the first word of what a flagged simulation reverts with where
    /// the stand-in's own work cost more than the node's (`_simulatedExcess`).
    bytes32 internal constant SIMULATED_RESULT = keccak256("subnet-rpc.devnet.simulated-result");

    /// The gas the devnet adds to a flagged simulation (see `_fail`): far above what building a refusal's text or the
    /// stand-ins' own work takes, and above any block's gas limit, so that no mined call has that much (anvil's
    /// `eth_call` / `eth_estimateGas` take a gas above the block's).
    uint256 internal constant SIMULATION_GAS = 100_000_000;

    /// The bytes the devnet appends after the code: genesis, Durango and Granite times.
    uint256 internal constant RULES_TRAILER = 24;

    /// `contract.LogGas`, `LogTopicGas`, `LogDataGas` (precompile/contract/utils.go): a node charges its events so.
    uint256 internal constant LOG_GAS = 375;
    uint256 internal constant LOG_TOPIC_GAS = 375;
    uint256 internal constant LOG_DATA_GAS = 8;

    /// contract.go `Run` (no precompile here has a fallback function): input shorter than a selector fails, else
    /// the selector picks the function. Returns the function's output as it is, not ABI-wrapped.
    fallback(bytes calldata input) external payable returns (bytes memory) {
        uint256 start = gasleft();
        _answerLean();
        Meter memory meter = Meter(start, 0);
        if (input.length < 4) {
            _fail(0, string.concat("missing function selector to precompile - input length (", _decimal(input.length), ")"));
        }
        bytes memory output = _run(meter, bytes4(input[:4]), input[4:]);
        if (!_burn(meter)) _simulatedExcess(meter.cost, output);
        return output;
    }

    /// Where a stand-in answers a call with lean code of its own that costs exactly the node's gas, and returns from the
    /// call (Warp's getters from Granite: `WarpMessenger._answerLean`): run first, after the fallback's `gasleft()`, so
    /// that a call it does not answer pays for its checks within the node's cost. Empty here (the optimizer removes it).
    function _answerLean() internal view virtual {}

    /// The gas a call has used: `start` is the gas left at the fallback's entry, `cost` what the node charges for the
    /// function that ran (`_charge`).
    struct Meter {
        uint256 start;
        uint256 cost;
    }

    /// Runs the function `selector` names on `args` (the input after the selector). Each stand-in handles its own
    /// selectors and passes the others on to `super._run`; here none is left.
    function _run(Meter memory meter, bytes4 selector, bytes calldata args) internal virtual returns (bytes memory) {
        (meter, args);
        _fail(0, string.concat("invalid function selector: 0x", _hexBytes(abi.encodePacked(selector))));
    }

    /// Whether the code runs at an address other than a precompile's (0x0200…00XX): reached by DELEGATECALL or
    /// CALLCODE, which run it in the caller's account.
    function _delegated() internal view returns (bool delegated) {
        assembly {
            delegated := iszero(eq(shr(8, address()), 0x2000000000000000000000000000000000000))
        }
    }

    /// Whether Durango and Granite are active in the block the call runs in (the rules trailer; see above).
    function _rules() internal view returns (bool durango, bool granite) {
        uint256 trailer = RULES_TRAILER;
        // Branch-free, so the gas is the same in every block: anvil estimates a send's gas in another block
        // than the one that mines it.
        assembly ("memory-safe") {
            codecopy(0, sub(codesize(), trailer), trailer)
            let w := mload(0)
            let genesis := iszero(number())
            let time := add(mul(genesis, shr(192, w)), mul(iszero(genesis), timestamp()))
            durango := iszero(lt(time, and(shr(128, w), 0xffffffffffffffff)))
            granite := iszero(lt(time, and(shr(64, w), 0xffffffffffffffff)))
        }
    }

    function _durango() internal view returns (bool durango) {
        (durango,) = _rules();
    }

    /// accounts/abi `Arguments.Unpack` of static arguments (32 bytes each) from `length` bytes of input, when the input
    /// is shorter than they need (longer input is fine): the text of its error (`toGoType` fails at the first argument
    /// that does not fit).
    function _unpackError(uint256 length) internal pure returns (string memory) {
        if (length == 0) return "abi: attempting to unmarshal an empty string while arguments are expected";
        return _lengthInsufficient(length, (length / 32 + 1) * 32);
    }

    function _lengthInsufficient(uint256 length, uint256 required) internal pure returns (string memory) {
        return string.concat("abi: cannot marshal in to go type: length insufficient ", _decimal(length), " require ", _decimal(required));
    }

    /// Argument `i` of `args` as a 32-byte word (the caller checked the length).
    function _word(bytes calldata args, uint256 i) internal pure returns (uint256 value) {
        assembly {
            value := calldataload(add(args.offset, mul(i, 32)))
        }
    }

    /// The gas a call spends outside `start - gasleft()` at the end of `_burn`: the dispatch before the fallback's
    /// `gasleft()` and the return after `_burn`. The same for every function (they all return through the fallback);
    /// measured (test/devnet/precompiles-gas.test.ts checks the totals against the node's).
    uint256 internal constant FRAME_GAS = 157;

    /// The gas left above the target at which the burn loop stops and a failing call burns the rest: small enough
    /// for EIP-150 to hand that call all it asks for, even when the transaction's gas limit is exactly the node's.
    uint256 internal constant LOOP_STOP = 600;

    /// A node charges each precompile function a fixed gas (its `*GasCost` and event gas, `contract.DeductGas`), where
    /// a stand-in's own code mostly costs less. Each function names its cost here once it has done its work; the
    /// fallback then burns up to it (`_burn`).
    function _charge(Meter memory meter, uint256 cost) internal pure {
        meter.cost = cost;
    }

    /// Burns gas so that the call uses exactly the cost `_charge` named, as a node's precompile does: a loop down to
    /// `LOOP_STOP` above the target, then a call to the alt_bn128 addition precompile with a point not on the curve,
    /// which fails and so uses all the gas it is given, exactly the rest. False where the stand-in's own work already
    /// cost more (a fresh storage slot, a mint to a new account, Warp's cheap getters): it burns nothing then.
    function _burn(Meter memory meter) internal view returns (bool burnt) {
        uint256 start = meter.start;
        uint256 cost = meter.cost;
        assembly {
            let spent := sub(start, gas())
            burnt := lt(add(spent, FRAME_GAS), cost)
            if burnt {
                // Given less gas than the node's cost: out of gas (a loop to the end, not INVALID, so that the
                // EVM's error is out of gas too), all of it used, as a node's precompile fails
                // (`contract.DeductGas`) before it does anything.
                if lt(add(start, FRAME_GAS), cost) { for {} 1 {} {} }
                // Reached by DELEGATECALL or CALLCODE (the code runs at an address other than a precompile's,
                // 0x0200…00XX) from Granite: the node reverts with no gas left (params/hooks_libevm.go
                // `makePrecompile`), which INVALID gives the caller too (no data, all the frame's gas used); what the
                // function did is undone with the frame. Here, inside the burn, the check costs nothing more.
                if iszero(eq(shr(8, address()), 0x2000000000000000000000000000000000000)) {
                    // `_rules`' Granite time against the block's.
                    codecopy(0, sub(codesize(), RULES_TRAILER), RULES_TRAILER)
                    let w := mload(0)
                    let genesis := iszero(number())
                    let time := add(mul(genesis, shr(192, w)), mul(iszero(genesis), timestamp()))
                    if iszero(lt(time, and(shr(64, w), 0xffffffffffffffff))) { invalid() }
                }
                // The gas to leave: what the call may still use after this, past the node's cost.
                let target := sub(start, sub(cost, FRAME_GAS))
                for {} gt(gas(), add(target, LOOP_STOP)) {} {}
                // (1, 1) is not on the curve. 70: about the gas from here to the call's return beside what it is
                // given; what it is off by is a constant, inside FRAME_GAS.
                mstore(0, 1)
                mstore(0x20, 1)
                let g := gas()
                pop(staticcall(sub(g, add(target, 70)), 0x06, 0, 0x40, 0, 0))
            }
        }
    }

    /// A call whose own work cost more than the node's `cost` costs that more in a mined transaction (the EVM
    /// charges what the code did). A simulation the devnet flagged (see `_fail`: the flag less one is the gas the
    /// caller gave) answers as the node: out of gas when that gas is below `cost`, else a revert with
    /// `SIMULATED_RESULT`, `cost` and the output, from which the devnet answers `eth_call` with the output and
    /// `eth_estimateGas` capped below the stand-in's need with the intrinsic gas plus `cost`
    /// (packages/devnet/src/l1/precompiles/rpc.ts).
    ///
    /// Otherwise (a mined call, or a call from a contract) the call names the node's cost in its trace: a call to the
    /// identity precompile with `SIMULATED_RESULT` and `cost`, a sub-call of this frame. From it the devnet reports a
    /// mined transaction's gas used, its block's and its fee as the node's: the frame's gas used less the cost is what
    /// the stand-in's own work spent beyond the node's figure (packages/devnet/src/l1/block/nodeGas.ts). About 130 gas.
    function _simulatedExcess(uint256 cost, bytes memory output) internal view {
        // A DELEGATECALL or CALLCODE from Granite fails here too (see `_burn`); its gas is part of the excess the
        // devnet takes off.
        if (_delegated()) {
            (, bool granite) = _rules();
            if (granite) {
                assembly {
                    invalid()
                }
            }
        }
        // A flagged simulation has SIMULATION_GAS more than its caller gave, less the work's excess over the node's
        // cost (a few thousand): below that, no flag is read, so a mined call pays no read for it.
        if (msg.sender == tx.origin && gasleft() >= SIMULATION_GAS - 1_000_000) {
            bytes32 slot = SIMULATION_SLOT;
            uint256 flag;
            assembly {
                flag := sload(slot)
            }
            if (flag != 0) {
                if (flag - 1 < cost) {
                    assembly {
                        for {} 1 {} {}
                    }
                }
                bytes memory data = abi.encodePacked(SIMULATED_RESULT, cost, output);
                assembly {
                    revert(add(data, 32), mload(data))
                }
            }
        }
        bytes32 marker = SIMULATED_RESULT;
        assembly {
            mstore(0, marker)
            mstore(0x20, cost)
            pop(staticcall(100, 0x04, 0, 0x40, 0, 0))
        }
    }

    /// A precompile error, returned after the node has deducted `charged` gas (`contract.DeductGas` runs before the
    /// checks; 0 for `Run`'s own refusals): INVALID (no data, all gas used); in a simulation the devnet flagged, the
    /// node's text as `Error(message)` to the transaction's origin calling straight. The flag's value less one is the
    /// gas the simulated call gave the precompile: the devnet asks with more, so that building the text cannot run out
    /// of gas where the node's fixed cost suffices, and a call given less than `charged` fails as out of gas.
    function _fail(uint256 charged, string memory message) internal view {
        if (msg.sender == tx.origin) {
            bytes32 slot = SIMULATION_SLOT;
            uint256 flag;
            assembly {
                flag := sload(slot)
            }
            if (flag != 0) {
                if (flag - 1 >= charged) revert(message);
                // Given less than the node had deducted: out of gas, as `contract.DeductGas` fails first.
                assembly {
                    for {} 1 {} {}
                }
            }
        }
        assembly {
            invalid()
        }
    }

    /// `%d` of an unsigned integer.
    function _decimal(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }

    /// `%v` of a *big.Int that may reach 2^257 - 1: `carry` × 2^256 + `low`.
    function _decimal(bool carry, uint256 low) internal pure returns (string memory) {
        if (!carry) return _decimal(low);
        // 2^256 = 10 × q + 6 with q = (2^256 - 1) / 10, since 2^256 - 1 ends in 5.
        uint256 q = type(uint256).max / 10;
        uint256 rest = low % 10 + 6;
        return string.concat(_decimal(q + low / 10 + rest / 10), _decimal(rest % 10));
    }

    function _hexBytes(bytes memory data) internal pure returns (string memory) {
        bytes memory out = new bytes(data.length * 2);
        for (uint256 i = 0; i < data.length; i++) {
            out[2 * i] = _nibble(uint8(data[i]) >> 4);
            out[2 * i + 1] = _nibble(uint8(data[i]) & 15);
        }
        return string(out);
    }

    function _nibble(uint8 n) private pure returns (bytes1) {
        return bytes1(n < 10 ? 48 + n : 87 + n);
    }

    /// common.Address.String(): EIP-55 checksummed hex.
    function _checksummed(address account) internal pure returns (string memory) {
        bytes memory lower = bytes(_hexBytes(abi.encodePacked(account)));
        bytes32 hash = keccak256(lower);
        bytes memory out = new bytes(42);
        out[0] = "0";
        out[1] = "x";
        for (uint256 i = 0; i < 40; i++) {
            bytes1 c = lower[i];
            uint8 h = uint8(hash[i / 2]);
            uint8 nibble = i % 2 == 0 ? h >> 4 : h & 15;
            out[i + 2] = (c >= "a" && nibble >= 8) ? bytes1(uint8(c) - 32) : c;
        }
        return string(out);
    }
}
