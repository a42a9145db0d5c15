// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList} from "./AllowList.sol";
import {IRewardManager} from "./interfaces/IRewardManager.sol";

/// Reward Manager (0x0200000000000000000000000000000000000004) (precompile/contracts/rewardmanager/contract.go):
/// one word at "rask" (0x7261736b then 28 zero bytes) holds the reward address, or the marker "afrav"
/// (0x6166726176 then 27 zero bytes) when fee recipients are allowed; disableRewards stores the blackhole address
/// 0x0100…0000. The setters need an enabled caller; the getters are open; only setRewardAddress reads its input
/// (before Durango its length must be a multiple of 32). The events, and their gas, come with Durango.
contract RewardManager is AllowList {
    event RewardAddressChanged(address indexed sender, address indexed oldRewardAddress, address indexed newRewardAddress);
    event FeeRecipientsAllowed(address indexed sender);
    event RewardsDisabled(address indexed sender);

    bytes32 internal constant REWARD_ADDRESS_KEY = bytes32(bytes4("rask"));
    bytes32 internal constant ALLOW_FEE_RECIPIENTS_VALUE = bytes32(bytes5("afrav"));
    address internal constant BLACKHOLE = 0x0100000000000000000000000000000000000000;

    /// rewardmanager/contract.go: reads `ReadAllowListGasCost`; writes `WriteGasCostPerSlot` + `ReadAllowListGasCost`;
    /// from Durango their events' gas (event.go; RewardAddressChanged also reads the old address, `ReadGasCostPerSlot`).
    uint256 internal constant READ_GAS = 5_000;
    uint256 internal constant WRITE_GAS = 20_000 + 5_000;
    uint256 internal constant TWO_TOPIC_EVENT_GAS = LOG_GAS + 2 * LOG_TOPIC_GAS;
    uint256 internal constant REWARD_ADDRESS_CHANGED_GAS = LOG_GAS + 4 * LOG_TOPIC_GAS + 5_000;

    function _run(Meter memory meter, bytes4 selector, bytes calldata args) internal override returns (bytes memory) {
        if (selector == IRewardManager.allowFeeRecipients.selector) {
            bool durango = _durango();
            _requireEnabled("allowFeeRecipients");
            if (durango) emit FeeRecipientsAllowed(msg.sender);
            _store(ALLOW_FEE_RECIPIENTS_VALUE);
            _charge(meter, durango ? WRITE_GAS + TWO_TOPIC_EVENT_GAS : WRITE_GAS);
            return "";
        }
        if (selector == IRewardManager.areFeeRecipientsAllowed.selector) {
            bytes memory output = abi.encode(_stored() == ALLOW_FEE_RECIPIENTS_VALUE);
            _charge(meter, READ_GAS);
            return output;
        }
        if (selector == IRewardManager.currentRewardAddress.selector) {
            bytes memory output = abi.encode(address(uint160(uint256(_stored()))));
            _charge(meter, READ_GAS);
            return output;
        }
        if (selector == IRewardManager.disableRewards.selector) {
            bool durango = _durango();
            _requireEnabled("disableRewards");
            if (durango) emit RewardsDisabled(msg.sender);
            _store(bytes32(uint256(uint160(BLACKHOLE))));
            _charge(meter, durango ? WRITE_GAS + TWO_TOPIC_EVENT_GAS : WRITE_GAS);
            return "";
        }
        if (selector == IRewardManager.setRewardAddress.selector) return _setRewardAddress(meter, args);
        return super._run(meter, selector, args);
    }

    /// setRewardAddress: UnpackSetRewardAddressInput, the caller's role, a non-zero address, RewardAddressChanged
    /// (Durango), the store.
    function _setRewardAddress(Meter memory meter, bytes calldata args) private returns (bytes memory) {
        bool durango = _durango();
        if (!durango && args.length % 32 != 0) {
            _fail(WRITE_GAS, string.concat("invalid input length for setting reward address: ", _decimal(args.length)));
        }
        if (args.length < 32) _fail(WRITE_GAS, _unpackError(args.length));
        address addr = address(uint160(_word(args, 0)));
        _requireEnabled("setRewardAddress");
        if (addr == address(0)) _fail(WRITE_GAS, "reward address cannot be empty");
        // GetStoredRewardAddress: the word's low 20 bytes, whatever it holds.
        if (durango) emit RewardAddressChanged(msg.sender, address(uint160(uint256(_stored()))), addr);
        _store(bytes32(uint256(uint160(addr))));
        _charge(meter, durango ? WRITE_GAS + REWARD_ADDRESS_CHANGED_GAS : WRITE_GAS);
        return "";
    }

    function _requireEnabled(string memory function_) private view {
        if (!_isEnabled(msg.sender)) {
            _fail(WRITE_GAS, string.concat("non-enabled cannot call ", function_, ": ", _checksummed(msg.sender)));
        }
    }

    function _stored() internal view returns (bytes32 value) {
        bytes32 key = REWARD_ADDRESS_KEY;
        assembly {
            value := sload(key)
        }
    }

    function _store(bytes32 value) internal {
        bytes32 key = REWARD_ADDRESS_KEY;
        assembly {
            sstore(key, value)
        }
    }
}
