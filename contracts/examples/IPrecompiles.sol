// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

// The Subnet-EVM stateful precompiles as an L1's own contracts call them: the interfaces this package ships
// (contracts/interfaces, the node's ABIs), their addresses and the allow-list roles.
import {IAllowList} from "../interfaces/IAllowList.sol";
import {IFeeManager} from "../interfaces/IFeeManager.sol";
import {INativeMinter} from "../interfaces/INativeMinter.sol";
import {IRewardManager} from "../interfaces/IRewardManager.sol";

/// Roles on an allow list, as `readAllowList` returns them (allowlist/role.go).
library Roles {
    uint256 internal constant NONE = 0;
    uint256 internal constant ENABLED = 1;
    uint256 internal constant ADMIN = 2;
    uint256 internal constant MANAGER = 3;
}

library Precompiles {
    address internal constant DEPLOYER_ALLOW_LIST = 0x0200000000000000000000000000000000000000;
    address internal constant NATIVE_MINTER = 0x0200000000000000000000000000000000000001;
    address internal constant TX_ALLOW_LIST = 0x0200000000000000000000000000000000000002;
    address internal constant FEE_MANAGER = 0x0200000000000000000000000000000000000003;
    address internal constant REWARD_MANAGER = 0x0200000000000000000000000000000000000004;
    /// Where burned native coin goes (constants.BlackholeAddr).
    address internal constant BLACKHOLE = 0x0100000000000000000000000000000000000000;
}
