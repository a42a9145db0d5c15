// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// The allow list every Subnet-EVM allow-list precompile carries, as the devnet runs it on anvil
/// (avalanchego graft/subnet-evm/precompile/allowlist/allowlist.go, role.go), with Durango active:
/// roles live at slot bytes32(uint256(uint160(account))) of the precompile's address, `setManager`
/// exists and every change emits `RoleSet`.
///
/// A node's precompile fails with a Go error: no revert data, all gas forwarded to the call used.
/// Here a failure reached straight from an EOA reverts with `Error(<the node's text>)`, which the devnet
/// turns into the node's -32000 answer; reached through a contract it ends with INVALID (no data, all gas
/// used), so the calling contract sees what it sees on a node.
abstract contract AllowList {
    event RoleSet(uint256 indexed role, address indexed account, address indexed sender, uint256 oldRole);

    uint256 internal constant NO_ROLE = 0;
    uint256 internal constant ENABLED_ROLE = 1;
    uint256 internal constant ADMIN_ROLE = 2;
    uint256 internal constant MANAGER_ROLE = 3;

    function readAllowList(address account) external payable returns (uint256) {
        return _role(account);
    }

    function setAdmin(address account) external payable {
        _setRole(account, ADMIN_ROLE);
    }

    function setEnabled(address account) external payable {
        _setRole(account, ENABLED_ROLE);
    }

    function setManager(address account) external payable {
        _setRole(account, MANAGER_ROLE);
    }

    function setNone(address account) external payable {
        _setRole(account, NO_ROLE);
    }

    /// Calldata shorter than a selector or an unknown selector (contract.go `Run`).
    fallback() external payable {
        if (msg.data.length < 4) {
            _fail(string.concat("missing function selector to precompile - input length (", _decimal(msg.data.length), ")"));
        }
        _fail(string.concat("invalid function selector: 0x", _hexBytes(abi.encodePacked(msg.sig))));
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

    /// A precompile error: the node's text to an EOA caller, no data and all gas to a contract.
    function _fail(string memory message) internal view {
        if (msg.sender == tx.origin) revert(message);
        assembly {
            invalid()
        }
    }

    function _decimal(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
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
