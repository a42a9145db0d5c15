// SPDX-License-Identifier: MIT
pragma solidity >=0.8.4 <0.9.0;

/// @title IAllowList
/// @notice The allow list every permissioned Subnet-EVM precompile serves: the Contract Deployer Allow List
/// (0x0200000000000000000000000000000000000000), the Native Minter (…0001), the Tx Allow List (…0002), the Fee
/// Manager (…0003) and the Reward Manager (…0004). Roles are numbers: 0 none, 1 enabled, 2 admin, 3 manager
/// (avalanchego graft/subnet-evm/precompile/allowlist/role.go). An admin may set any role; a manager may move an
/// account between none and enabled only (`Role.CanModify`).
/// @dev ABI: graft/subnet-evm/precompile/allowlist/IAllowList.abi. A refused call fails as a precompile error does:
/// no revert data, and all the gas given to the call is used. Before Durango, `setManager` is refused
/// (`invalid non-activated function selector: 0xd0ebdbe7`), no `RoleSet` is emitted and inputs must be exactly one
/// word long (allowlist/allowlist.go).
interface IAllowList {
    /// @notice Emitted by every role change from Durango (allowlist/event.go): `role` given to `account` by `sender`,
    /// which held `oldRole`.
    event RoleSet(uint256 indexed role, address indexed account, address indexed sender, uint256 oldRole);

    /// @notice Gives `addr` the admin role over the precompile.
    /// @dev Gas 20,000 (`ModifyAllowListGasCost`), plus 2,131 for `RoleSet` from Durango. Refused unless the caller
    /// is an admin: `cannot modify allow list: modify address: <caller>, from role: <old>, to role: AdminRole`.
    function setAdmin(address addr) external;

    /// @notice Gives `addr` the enabled role: it may use the precompile (deploy, send, mint, change the fee config
    /// or the reward address, by precompile).
    /// @dev Gas 20,000, plus 2,131 for `RoleSet` from Durango. Callable by an admin, or by a manager for an account
    /// that holds no role or the enabled role.
    function setEnabled(address addr) external;

    /// @notice Gives `addr` the manager role: it may enable and disable accounts, not admins or managers.
    /// @dev From Durango only. Gas 20,000 + 2,131. Admins only.
    function setManager(address addr) external;

    /// @notice Takes every role from `addr`.
    /// @dev Gas 20,000, plus 2,131 for `RoleSet` from Durango. Callable by an admin, or by a manager for an account
    /// that holds no role or the enabled role.
    function setNone(address addr) external;

    /// @notice The role `addr` holds: 0 none, 1 enabled, 2 admin, 3 manager.
    /// @dev Gas 5,000 (`ReadAllowListGasCost`); open to anyone.
    function readAllowList(address addr) external view returns (uint256 role);
}
