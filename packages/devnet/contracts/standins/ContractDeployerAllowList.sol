// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList} from "./AllowList.sol";

/// Contract Deployer Allow List (0x0200000000000000000000000000000000000000): the allow list alone
/// (precompile/contracts/deployerallowlist/contract.go).
contract ContractDeployerAllowList is AllowList {}
