// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// Test helper: what a factory deploys.
contract Child {
    uint256 public value = 1;
}

/// Test helper: contract creations inside a transaction (CREATE and CREATE2), one that fails the
/// whole transaction when the creation fails and one that catches the failure and goes on.
contract Factory {
    uint256 public calls;
    address public last;
    bool public lastOk;
    uint256 public lastGasUsed;

    /// `new` (CREATE): reverts when the creation fails.
    function make() external returns (address child) {
        calls++;
        child = address(new Child());
        last = child;
    }

    /// `new` with a salt (CREATE2), caught: records whether it worked and the gas the attempt used.
    function tryMake(bytes32 salt) external returns (bool ok) {
        calls++;
        uint256 before = gasleft();
        try new Child{salt: salt}() returns (Child child) {
            last = address(child);
            ok = true;
        } catch {
            last = address(0);
        }
        lastGasUsed = before - gasleft();
        lastOk = ok;
    }

    /// `new` with a salt, for `tryMakeTwo`.
    function makeOne(bytes32 salt) external returns (address) {
        return address(new Child{salt: salt}());
    }

    /// Two creations in one transaction, each in a sub-call with its own gas, each failure caught
    /// (a refused creation uses up all the gas it was given).
    function tryMakeTwo(bytes32 salt) external returns (uint256 made) {
        calls++;
        for (uint256 i = 0; i < 2; i++) {
            try this.makeOne{gas: 300000}(bytes32(uint256(salt) + i)) returns (address) {
                made++;
            } catch {}
        }
    }
}
