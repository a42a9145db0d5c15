// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowListed} from "./AllowListed.sol";
import {IRewardManager, Precompiles} from "./IPrecompiles.sol";

/// Decides where the L1's transaction fees go, through the Reward Manager: to a treasury, to each block's
/// producer (fee recipients), or burned. This contract needs a role on the Reward Manager; its callers must be
/// admins there.
contract RewardAdmin is AllowListed {
    IRewardManager private constant REWARDS = IRewardManager(Precompiles.REWARD_MANAGER);

    constructor() AllowListed(Precompiles.REWARD_MANAGER) {}

    function sendFeesTo(address treasury) external onlyAdmin {
        REWARDS.setRewardAddress(treasury);
    }

    function letBlockProducersChoose() external onlyAdmin {
        REWARDS.allowFeeRecipients();
    }

    function burnFees() external onlyAdmin {
        REWARDS.disableRewards();
    }

    /// The treasury, or address(0) while fee recipients are allowed (or the blackhole while fees are burned).
    function feesGoTo() external view returns (address) {
        return REWARDS.currentRewardAddress();
    }

    function blockProducersChoose() external view returns (bool) {
        return REWARDS.areFeeRecipientsAllowed();
    }
}
