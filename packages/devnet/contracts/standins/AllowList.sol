// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {Precompile} from "./Precompile.sol";
import {IAllowList} from "./interfaces/IAllowList.sol";

/// The allow list every Subnet-EVM allow-list precompile carries, as the devnet runs it on anvil
/// (avalanchego graft/subnet-evm/precompile/allowlist/allowlist.go, role.go): roles live at slot
/// bytes32(uint256(uint160(account))) of the precompile's address. From Durango `setManager` exists, every change
/// emits `RoleSet` (and pays its gas) and the input may be longer than one word; before, `setManager` is an
/// inactive selector, there is no event and the input must be exactly one word (`CreateAllowListFunctions`,
/// `createAllowListRoleSetter`, `createReadAllowList`).
abstract contract AllowList is Precompile {
    event RoleSet(uint256 indexed role, address indexed account, address indexed sender, uint256 oldRole);

    uint256 internal constant NO_ROLE = 0;
    uint256 internal constant ENABLED_ROLE = 1;
    uint256 internal constant ADMIN_ROLE = 2;
    uint256 internal constant MANAGER_ROLE = 3;

    /// `ReadAllowListGasCost` (allowlist.go): one storage read.
    uint256 internal constant READ_ALLOW_LIST_GAS = 5_000;
    /// `ModifyAllowListGasCost`: one storage write.
    uint256 internal constant MODIFY_ALLOW_LIST_GAS = 20_000;
    /// `AllowListEventGasCost` (event.go), from Durango: 3 topics besides the signature, 32 bytes of data.
    uint256 internal constant ROLE_SET_EVENT_GAS = LOG_GAS + 4 * LOG_TOPIC_GAS + 32 * LOG_DATA_GAS;

    function _run(Meter memory meter, bytes4 selector, bytes calldata args) internal virtual override returns (bytes memory) {
        if (selector == IAllowList.readAllowList.selector) return _readAllowList(meter, args);
        if (selector == IAllowList.setAdmin.selector) return _setRole(meter, args, ADMIN_ROLE);
        if (selector == IAllowList.setEnabled.selector) return _setRole(meter, args, ENABLED_ROLE);
        if (selector == IAllowList.setNone.selector) return _setRole(meter, args, NO_ROLE);
        if (selector == IAllowList.setManager.selector) {
            // Activated only from Durango (NewStatefulPrecompileFunctionWithActivator): Run refuses it before.
            if (!_durango()) {
                _fail(0, string.concat("invalid non-activated function selector: 0x", _hexBytes(abi.encodePacked(selector))));
            }
            return _setRole(meter, args, MANAGER_ROLE);
        }
        return super._run(meter, selector, args);
    }

    /// createReadAllowList.
    function _readAllowList(Meter memory meter, bytes calldata args) private returns (bytes memory) {
        address account = _addressInput(args, _durango(), false);
        bytes memory output = abi.encode(_role(account));
        _charge(meter, READ_ALLOW_LIST_GAS);
        return output;
    }

    /// createAllowListRoleSetter: the input, CanModify, then RoleSet (Durango), then the store.
    function _setRole(Meter memory meter, bytes calldata args, uint256 role) private returns (bytes memory) {
        bool durango = _durango();
        address account = _addressInput(args, durango, true);
        uint256 callerRole = _role(msg.sender);
        uint256 oldRole = _role(account);
        if (!_canModify(callerRole, oldRole, role)) {
            _fail(
                MODIFY_ALLOW_LIST_GAS,
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
        if (durango) emit RoleSet(role, account, msg.sender, oldRole);
        uint256 slot = uint256(uint160(account));
        assembly {
            sstore(slot, role)
        }
        _charge(meter, durango ? MODIFY_ALLOW_LIST_GAS + ROLE_SET_EVENT_GAS : MODIFY_ALLOW_LIST_GAS);
        return "";
    }

    /// UnpackModifyAllowListInput (`modify`) / UnpackReadAllowListInput: before Durango exactly one word, then the
    /// ABI's unpacking (the low 20 bytes of the word, whatever the others hold).
    function _addressInput(bytes calldata args, bool durango, bool modify) internal view returns (address) {
        uint256 charged = modify ? MODIFY_ALLOW_LIST_GAS : READ_ALLOW_LIST_GAS;
        if (!durango && args.length != 32) {
            _fail(
                charged,
                string.concat(
                    modify ? "invalid input length for modifying allow list: " : "invalid input length for read allow list: ",
                    _decimal(args.length)
                )
            );
        }
        if (args.length < 32) _fail(charged, _unpackError(args.length));
        return address(uint160(_word(args, 0)));
    }

    /// The role at slot bytes32(account) (`GetAllowListStatus`).
    function _role(address account) internal view returns (uint256 role) {
        uint256 slot = uint256(uint160(account));
        assembly {
            role := sload(slot)
        }
    }

    function _isEnabled(address account) internal view returns (bool) {
        uint256 role = _role(account);
        return role == ENABLED_ROLE || role == ADMIN_ROLE || role == MANAGER_ROLE;
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
