// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {IAllowList, Roles} from "./IPrecompiles.sol";

/// A base for an L1's contracts that are gated by, and administer, one allow-list precompile.
///
/// Callers are checked against the precompile's own roles (one source of truth: no copy of the list in this
/// contract's storage). The administering functions act with this contract's role on the list, so the L1's
/// admin first gives the contract a role (admin, or manager from Durango on), then delegates through it.
abstract contract AllowListed {
    IAllowList internal immutable allowList;

    error NotEnabled(address account);
    error NotAdmin(address account);

    constructor(address precompile) {
        allowList = IAllowList(precompile);
    }

    modifier onlyEnabled() {
        if (allowList.readAllowList(msg.sender) == Roles.NONE) revert NotEnabled(msg.sender);
        _;
    }

    modifier onlyAdmin() {
        if (allowList.readAllowList(msg.sender) != Roles.ADMIN) revert NotAdmin(msg.sender);
        _;
    }

    function roleOf(address account) public view returns (uint256) {
        return allowList.readAllowList(account);
    }

    /// Any role: enabled, manager or admin (allowlist/role.go IsEnabled).
    function isEnabled(address account) public view returns (bool) {
        return allowList.readAllowList(account) != Roles.NONE;
    }

    function enable(address account) external onlyAdmin {
        allowList.setEnabled(account);
    }

    function revoke(address account) external onlyAdmin {
        allowList.setNone(account);
    }
}

/// Administers an allow list in batches: onboarding many accounts in one transaction, as an L1 team does for
/// a launch (the Tx Allow List for its users, the Contract Deployer Allow List for its CI).
contract ListAdmin is AllowListed {
    constructor(address precompile) AllowListed(precompile) {}

    function enableAll(address[] calldata accounts) external onlyAdmin {
        for (uint256 i = 0; i < accounts.length; i++) allowList.setEnabled(accounts[i]);
    }

    function revokeAll(address[] calldata accounts) external onlyAdmin {
        for (uint256 i = 0; i < accounts.length; i++) allowList.setNone(accounts[i]);
    }
}
