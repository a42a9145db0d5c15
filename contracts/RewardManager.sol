// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList} from "./AllowList.sol";

/// Reward Manager (0x0200000000000000000000000000000000000004), allow list only so far
/// (precompile/contracts/rewardmanager/contract.go has the reward functions; a later milestone).
contract RewardManager is AllowList {}
