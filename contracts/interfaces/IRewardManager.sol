// SPDX-License-Identifier: MIT
pragma solidity >=0.8.4 <0.9.0;

import {IAllowList} from "./IAllowList.sol";

/// @title IRewardManager
/// @notice The Reward Manager precompile at 0x0200000000000000000000000000000000000004 (`rewardManagerConfig`):
/// where each block's fees go, from the next block on: a fixed address, the block builder's fee recipient, or nowhere
/// (burnt, to the blackhole 0x0100000000000000000000000000000000000000).
/// @dev ABI: avalanchego graft/subnet-evm/precompile/contracts/rewardmanager/IRewardManager.abi; behaviour:
/// rewardmanager/contract.go. The setters need a role (`non-enabled cannot call <function>: <caller>`); refusals fail
/// with no revert data and use all the gas given to the call.
interface IRewardManager is IAllowList {
    /// @notice Emitted by `setRewardAddress` from Durango (rewardmanager/event.go).
    event RewardAddressChanged(address indexed sender, address indexed oldRewardAddress, address indexed newRewardAddress);

    /// @notice Emitted by `allowFeeRecipients` from Durango.
    event FeeRecipientsAllowed(address indexed sender);

    /// @notice Emitted by `disableRewards` from Durango.
    event RewardsDisabled(address indexed sender);

    /// @notice Sends the fees of later blocks to `addr`.
    /// @dev Gas 25,000, plus 6,875 for `RewardAddressChanged` from Durango. Refused for the zero address
    /// (`reward address cannot be empty`).
    function setRewardAddress(address addr) external;

    /// @notice Lets each block builder take its block's fees (its configured fee recipient).
    /// @dev Gas 25,000, plus 1,125 for `FeeRecipientsAllowed` from Durango.
    function allowFeeRecipients() external;

    /// @notice Burns the fees of later blocks (the reward address becomes the blackhole).
    /// @dev Gas 25,000, plus 1,125 for `RewardsDisabled` from Durango.
    function disableRewards() external;

    /// @notice The address the fees go to (the blackhole when burnt; not meaningful while fee recipients are allowed).
    /// @dev Gas 5,000; open to anyone.
    function currentRewardAddress() external view returns (address rewardAddress);

    /// @notice Whether block builders take the fees.
    /// @dev Gas 5,000; open to anyone.
    function areFeeRecipientsAllowed() external view returns (bool isAllowed);
}
