// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {Precompile} from "./Precompile.sol";

/// The allow list every Subnet-EVM allow-list precompile carries, as the devnet runs it on anvil
/// (avalanchego graft/subnet-evm/precompile/allowlist/allowlist.go, role.go), with Durango active:
/// roles live at slot bytes32(uint256(uint160(account))) of the precompile's address, `setManager`
/// exists and every change emits `RoleSet`.
abstract contract AllowList is Precompile {
    event RoleSet(uint256 indexed role, address indexed account, address indexed sender, uint256 oldRole);

    uint256 internal constant NO_ROLE = 0;
    uint256 internal constant ENABLED_ROLE = 1;
    uint256 internal constant ADMIN_ROLE = 2;
    uint256 internal constant MANAGER_ROLE = 3;

    /// `ReadAllowListGasCost` (allowlist.go): one storage read.
    uint256 internal constant READ_ALLOW_LIST_GAS = 5_000;
    /// `ModifyAllowListGasCost`, then `RoleSet`'s event gas from Durango: 3 topics besides the signature, 32 bytes of data.
    uint256 internal constant MODIFY_ALLOW_LIST_GAS = 20_000 + LOG_GAS + 4 * LOG_TOPIC_GAS + 32 * LOG_DATA_GAS;

    function readAllowList(address account) external payable returns (uint256 role) {
        uint256 start = gasleft();
        role = _role(account);
        _charge(start, READ_ALLOW_LIST_GAS);
    }

    function setAdmin(address account) external payable {
        uint256 start = gasleft();
        _setRole(account, ADMIN_ROLE);
        _charge(start, MODIFY_ALLOW_LIST_GAS);
    }

    function setEnabled(address account) external payable {
        uint256 start = gasleft();
        _setRole(account, ENABLED_ROLE);
        _charge(start, MODIFY_ALLOW_LIST_GAS);
    }

    function setManager(address account) external payable {
        uint256 start = gasleft();
        _setRole(account, MANAGER_ROLE);
        _charge(start, MODIFY_ALLOW_LIST_GAS);
    }

    function setNone(address account) external payable {
        uint256 start = gasleft();
        _setRole(account, NO_ROLE);
        _charge(start, MODIFY_ALLOW_LIST_GAS);
    }

    function _role(address account) internal view returns (uint256 role) {
        assembly {
            role := sload(account)
        }
    }

    function _isEnabled(address account) internal view returns (bool) {
        uint256 role = _role(account);
        return role == ENABLED_ROLE || role == ADMIN_ROLE || role == MANAGER_ROLE;
    }

    /// createAllowListRoleSetter: CanModify, then RoleSet (Durango), then the store.
    function _setRole(address account, uint256 role) internal {
        uint256 callerRole = _role(msg.sender);
        uint256 oldRole = _role(account);
        if (!_canModify(callerRole, oldRole, role)) {
            _fail(
                string.concat(
                    "cannot modify allow list: modify address: ",
                    _checksummed(msg.sender),
                    ", from role: ",
                    _roleName(oldRole),
                    ", to role: ",
                    _roleName(role)
                )
            );
        }
        emit RoleSet(role, account, msg.sender, oldRole);
        assembly {
            sstore(account, role)
        }
    }

    /// Role.CanModify (role.go).
    function _canModify(uint256 caller, uint256 from, uint256 to) internal pure returns (bool) {
        if (caller == ADMIN_ROLE) return true;
        if (caller == MANAGER_ROLE) {
            return (from == NO_ROLE || from == ENABLED_ROLE) && (to == NO_ROLE || to == ENABLED_ROLE);
        }
        return false;
    }

    /// Role.String (role.go).
    function _roleName(uint256 role) internal pure returns (string memory) {
        if (role == NO_ROLE) return "NoRole";
        if (role == ENABLED_ROLE) return "EnabledRole";
        if (role == ADMIN_ROLE) return "AdminRole";
        if (role == MANAGER_ROLE) return "ManagerRole";
        return "UnknownRole";
    }
}
