// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// The Warp Messenger precompile (0x0200000000000000000000000000000000000005) as an L1's contracts call it
/// (graft/subnet-evm/precompile/contracts/warp/IWarpMessenger.abi).
interface IWarpMessenger {
    struct WarpMessage {
        bytes32 sourceChainID;
        address originSenderAddress;
        bytes payload;
    }

    function sendWarpMessage(bytes calldata payload) external returns (bytes32 messageID);
    function getVerifiedWarpMessage(uint32 index) external view returns (WarpMessage memory message, bool valid);
    function getBlockchainID() external view returns (bytes32 blockchainID);
}

IWarpMessenger constant WARP = IWarpMessenger(0x0200000000000000000000000000000000000005);

/// Sends greetings from L1 A: each is a Warp message whose origin sender is this contract.
contract CrossL1Sender {
    event Sent(bytes32 indexed messageID, string text);

    function send(string calldata text) external returns (bytes32 messageID) {
        messageID = WARP.sendWarpMessage(abi.encode(text));
        emit Sent(messageID, text);
    }
}

/// Receives them on L1 B: a message counts only if the transaction carries it as a verified Warp predicate,
/// from the one source chain and the one sender contract this receiver trusts.
contract CrossL1Receiver {
    bytes32 public immutable sourceChainID;
    address public immutable sender;
    string public lastText;
    uint256 public received;

    event Received(bytes32 indexed sourceChainID, address indexed sender, string text);

    error NotVerified(uint32 index);
    error WrongSourceChain(bytes32 sourceChainID);
    error WrongSender(address sender);

    constructor(bytes32 sourceChainID_, address sender_) {
        sourceChainID = sourceChainID_;
        sender = sender_;
    }

    /// Reads the transaction's `index`-th Warp predicate (its index among the access list's Warp entries).
    function receiveMessage(uint32 index) external {
        (IWarpMessenger.WarpMessage memory message, bool valid) = WARP.getVerifiedWarpMessage(index);
        if (!valid) revert NotVerified(index);
        if (message.sourceChainID != sourceChainID) revert WrongSourceChain(message.sourceChainID);
        if (message.originSenderAddress != sender) revert WrongSender(message.originSenderAddress);
        string memory text = abi.decode(message.payload, (string));
        lastText = text;
        received += 1;
        emit Received(message.sourceChainID, message.originSenderAddress, text);
    }
}
