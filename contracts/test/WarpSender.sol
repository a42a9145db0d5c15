// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

interface IWarpMessenger {
    function sendWarpMessage(bytes calldata payload) external returns (bytes32 messageID);
    function getBlockchainID() external view returns (bytes32 blockchainID);
}

/// Test helper: a contract that sends Warp messages (so the message's sender is this contract) and
/// reads the blockchain ID through a STATICCALL, as L1 contracts do.
contract WarpSender {
    IWarpMessenger private constant WARP = IWarpMessenger(0x0200000000000000000000000000000000000005);

    event Sent(bytes32 messageID);

    function send(bytes calldata payload) external returns (bytes32 messageID) {
        messageID = WARP.sendWarpMessage(payload);
        emit Sent(messageID);
    }

    function blockchainID() external view returns (bytes32) {
        return WARP.getBlockchainID();
    }
}
