// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList} from "./AllowList.sol";

/// Reward Manager (0x0200000000000000000000000000000000000004), Durango rules
/// (precompile/contracts/rewardmanager/contract.go): one word at "rask" (0x7261736b then 28 zero
/// bytes) holds the reward address, or the marker "afrav" (0x6166726176 then 27 zero bytes) when fee
/// recipients are allowed; disableRewards stores the blackhole address 0x0100…0000. The setters need
/// an enabled caller; the getters are open. (On anvil the stored word does not steer block rewards.)
contract RewardManager is AllowList {
    event RewardAddressChanged(address indexed sender, address indexed oldRewardAddress, address indexed newRewardAddress);
    event FeeRecipientsAllowed(address indexed sender);
    event RewardsDisabled(address indexed sender);

    bytes32 internal constant REWARD_ADDRESS_KEY = bytes32(bytes4("rask"));
    bytes32 internal constant ALLOW_FEE_RECIPIENTS_VALUE = bytes32(bytes5("afrav"));
    address internal constant BLACKHOLE = 0x0100000000000000000000000000000000000000;

    /// rewardmanager/contract.go: reads `ReadAllowListGasCost`; writes `WriteGasCostPerSlot` + `ReadAllowListGasCost`,
    /// then their event gas from Durango (event.go; RewardAddressChanged also reads the old address, `ReadGasCostPerSlot`).
    uint256 internal constant READ_GAS = 5_000;
    uint256 internal constant WRITE_GAS = 20_000 + 5_000;
    uint256 internal constant TWO_TOPIC_EVENT_GAS = LOG_GAS + 2 * LOG_TOPIC_GAS;
    uint256 internal constant REWARD_ADDRESS_CHANGED_GAS = LOG_GAS + 4 * LOG_TOPIC_GAS + 5_000;

    function allowFeeRecipients() external payable {
        uint256 start = gasleft();
        if (!_isEnabled(msg.sender)) _fail(string.concat("non-enabled cannot call allowFeeRecipients: ", _checksummed(msg.sender)));
        emit FeeRecipientsAllowed(msg.sender);
        _store(ALLOW_FEE_RECIPIENTS_VALUE);
        _charge(start, WRITE_GAS + TWO_TOPIC_EVENT_GAS);
    }

    function areFeeRecipientsAllowed() external payable returns (bool isAllowed) {
        uint256 start = gasleft();
        isAllowed = _stored() == ALLOW_FEE_RECIPIENTS_VALUE;
        _charge(start, READ_GAS);
    }

    function currentRewardAddress() external payable returns (address rewardAddress) {
        uint256 start = gasleft();
        rewardAddress = address(uint160(uint256(_stored())));
        _charge(start, READ_GAS);
    }

    function disableRewards() external payable {
        uint256 start = gasleft();
        if (!_isEnabled(msg.sender)) _fail(string.concat("non-enabled cannot call disableRewards: ", _checksummed(msg.sender)));
        emit RewardsDisabled(msg.sender);
        _store(bytes32(uint256(uint160(BLACKHOLE))));
        _charge(start, WRITE_GAS + TWO_TOPIC_EVENT_GAS);
    }

    function setRewardAddress(address addr) external payable {
        uint256 start = gasleft();
        if (!_isEnabled(msg.sender)) _fail(string.concat("non-enabled cannot call setRewardAddress: ", _checksummed(msg.sender)));
        if (addr == address(0)) _fail("reward address cannot be empty");
        // GetStoredRewardAddress: the word's low 20 bytes, whatever it holds.
        emit RewardAddressChanged(msg.sender, address(uint160(uint256(_stored()))), addr);
        _store(bytes32(uint256(uint160(addr))));
        _charge(start, WRITE_GAS + REWARD_ADDRESS_CHANGED_GAS);
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
