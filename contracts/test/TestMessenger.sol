// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {IWarpMessenger, WarpMessage} from "interfaces/IWarpMessenger.sol";

/// Test-only: a Teleporter-compatible messenger written in this project from ICM's public interface
/// (icm-contracts teleporter/ITeleporterMessenger.sol): the same structs, functions, events, message IDs, receipts,
/// allowed relayers, retries and revert texts an application and a relayer see. Not Teleporter's code, and not
/// audited: the project ships no messenger; deploy ICM's own on a real network.

struct TeleporterMessageReceipt {
    uint256 receivedMessageNonce;
    address relayerRewardAddress;
}

struct TeleporterFeeInfo {
    address feeTokenAddress;
    uint256 amount;
}

struct TeleporterMessageInput {
    bytes32 destinationBlockchainID;
    address destinationAddress;
    TeleporterFeeInfo feeInfo;
    uint256 requiredGasLimit;
    address[] allowedRelayerAddresses;
    bytes message;
}

struct TeleporterMessage {
    uint256 messageNonce;
    address originSenderAddress;
    bytes32 destinationBlockchainID;
    address destinationAddress;
    uint256 requiredGasLimit;
    address[] allowedRelayerAddresses;
    TeleporterMessageReceipt[] receipts;
    bytes message;
}

interface ITeleporterReceiver {
    function receiveTeleporterMessage(bytes32 sourceBlockchainID, address originSenderAddress, bytes calldata message)
        external;
}

interface IERC20Minimal {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

contract TestMessenger {
    IWarpMessenger public constant WARP_MESSENGER = IWarpMessenger(0x0200000000000000000000000000000000000005);
    /// Receipts carried by one message at most (Teleporter's ReceiptQueue limit).
    uint256 private constant MAX_RECEIPTS = 5;

    event BlockchainIDInitialized(bytes32 indexed blockchainID);
    event SendCrossChainMessage(
        bytes32 indexed messageID,
        bytes32 indexed destinationBlockchainID,
        TeleporterMessage message,
        TeleporterFeeInfo feeInfo
    );
    event ReceiveCrossChainMessage(
        bytes32 indexed messageID,
        bytes32 indexed sourceBlockchainID,
        address indexed deliverer,
        address rewardRedeemer,
        TeleporterMessage message
    );
    event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID);
    event MessageExecutionFailed(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, TeleporterMessage message);
    event ReceiptReceived(
        bytes32 indexed messageID,
        bytes32 indexed destinationBlockchainID,
        address indexed relayerRewardAddress,
        TeleporterFeeInfo feeInfo
    );
    event RelayerRewardsRedeemed(address indexed redeemer, address indexed asset, uint256 amount);

    struct SentMessageInfo {
        bytes32 messageHash;
        TeleporterFeeInfo feeInfo;
    }

    bytes32 public blockchainID;
    uint256 public messageNonce;
    mapping(bytes32 messageID => SentMessageInfo) public sentMessageInfo;
    mapping(bytes32 messageID => bytes32 messageHash) public receivedFailedMessageHashes;
    mapping(bytes32 messageID => uint256 nonce) private _receivedMessageNonces;
    mapping(bytes32 messageID => address) private _relayerRewardAddresses;
    mapping(address relayer => mapping(address asset => uint256)) private _relayerRewardAmounts;
    /// Receipts owed to each source chain: a queue as an array and the index of its first unsent entry.
    mapping(bytes32 sourceBlockchainID => TeleporterMessageReceipt[]) private _receipts;
    mapping(bytes32 sourceBlockchainID => uint256) private _receiptsHead;

    uint256 private _sending;
    uint256 private _receiving;

    modifier senderNonReentrant() {
        require(_sending == 0, "ReentrancyGuards: sender reentrancy");
        _sending = 1;
        _;
        _sending = 0;
    }

    modifier receiverNonReentrant() {
        require(_receiving == 0, "ReentrancyGuards: receiver reentrancy");
        _receiving = 1;
        _;
        _receiving = 0;
    }

    function sendCrossChainMessage(TeleporterMessageInput calldata messageInput)
        external
        senderNonReentrant
        returns (bytes32)
    {
        bytes32 destination = messageInput.destinationBlockchainID;
        uint256 head = _receiptsHead[destination];
        uint256 count = _receipts[destination].length - head;
        if (count > MAX_RECEIPTS) count = MAX_RECEIPTS;
        TeleporterMessageReceipt[] memory receipts = new TeleporterMessageReceipt[](count);
        for (uint256 i; i < count; ++i) {
            receipts[i] = _receipts[destination][head + i];
        }
        _receiptsHead[destination] = head + count;
        return _send(messageInput, receipts);
    }

    function retrySendCrossChainMessage(TeleporterMessage calldata message) external senderNonReentrant {
        bytes32 messageID = calculateMessageID(blockchainID, message.destinationBlockchainID, message.messageNonce);
        SentMessageInfo memory info = sentMessageInfo[messageID];
        require(info.messageHash != bytes32(0), "TeleporterMessenger: message not found");
        bytes memory messageBytes = abi.encode(message);
        require(keccak256(messageBytes) == info.messageHash, "TeleporterMessenger: invalid message hash");
        emit SendCrossChainMessage(messageID, message.destinationBlockchainID, message, info.feeInfo);
        WARP_MESSENGER.sendWarpMessage(messageBytes);
    }

    function receiveCrossChainMessage(uint32 messageIndex, address relayerRewardAddress) external receiverNonReentrant {
        (WarpMessage memory warpMessage, bool valid) = WARP_MESSENGER.getVerifiedWarpMessage(messageIndex);
        require(valid, "TeleporterMessenger: invalid warp message");
        require(warpMessage.originSenderAddress == address(this), "TeleporterMessenger: invalid origin sender address");
        TeleporterMessage memory message = abi.decode(warpMessage.payload, (TeleporterMessage));
        bytes32 here = initializeBlockchainID();
        require(message.destinationBlockchainID == here, "TeleporterMessenger: invalid destination chain ID");
        bytes32 messageID = calculateMessageID(warpMessage.sourceChainID, here, message.messageNonce);
        require(_receivedMessageNonces[messageID] == 0, "TeleporterMessenger: message already received");
        require(_isAllowedRelayer(msg.sender, message.allowedRelayerAddresses), "TeleporterMessenger: unauthorized relayer");
        require(message.messageNonce != 0, "TeleporterMessenger: zero message nonce");
        _receivedMessageNonces[messageID] = message.messageNonce;
        if (relayerRewardAddress != address(0)) _relayerRewardAddresses[messageID] = relayerRewardAddress;
        for (uint256 i; i < message.receipts.length; ++i) {
            _markReceipt(here, warpMessage.sourceChainID, message.receipts[i]);
        }
        _receipts[warpMessage.sourceChainID].push(
            TeleporterMessageReceipt({receivedMessageNonce: message.messageNonce, relayerRewardAddress: relayerRewardAddress})
        );
        emit ReceiveCrossChainMessage(messageID, warpMessage.sourceChainID, msg.sender, relayerRewardAddress, message);
        if (message.message.length > 0) _executeFirst(messageID, warpMessage.sourceChainID, message);
    }

    function retryMessageExecution(bytes32 sourceBlockchainID, TeleporterMessage calldata message)
        external
        receiverNonReentrant
    {
        bytes32 messageID = calculateMessageID(sourceBlockchainID, blockchainID, message.messageNonce);
        bytes32 failed = receivedFailedMessageHashes[messageID];
        require(failed != bytes32(0), "TeleporterMessenger: message not found");
        require(keccak256(abi.encode(message)) == failed, "TeleporterMessenger: invalid message hash");
        require(message.destinationAddress.code.length > 0, "TeleporterMessenger: destination address has no code");
        emit MessageExecuted(messageID, sourceBlockchainID);
        delete receivedFailedMessageHashes[messageID];
        // A retry may use all the gas left, and must succeed (else it reverts and can be tried again).
        (bool ok,) = message.destinationAddress.call{gas: gasleft()}(_receiveCall(sourceBlockchainID, message));
        require(ok, "TeleporterMessenger: retry execution failed");
    }

    function redeemRelayerRewards(address feeAsset) external {
        uint256 amount = _relayerRewardAmounts[msg.sender][feeAsset];
        require(amount > 0, "TeleporterMessenger: no reward to redeem");
        delete _relayerRewardAmounts[msg.sender][feeAsset];
        emit RelayerRewardsRedeemed(msg.sender, feeAsset, amount);
        require(IERC20Minimal(feeAsset).transfer(msg.sender, amount), "TeleporterMessenger: transfer failed");
    }

    function messageReceived(bytes32 messageID) external view returns (bool) {
        return _receivedMessageNonces[messageID] != 0;
    }

    function getRelayerRewardAddress(bytes32 messageID) external view returns (address) {
        require(_receivedMessageNonces[messageID] != 0, "TeleporterMessenger: message not received");
        return _relayerRewardAddresses[messageID];
    }

    function checkRelayerRewardAmount(address relayer, address feeAsset) external view returns (uint256) {
        return _relayerRewardAmounts[relayer][feeAsset];
    }

    function getMessageHash(bytes32 messageID) external view returns (bytes32) {
        return sentMessageInfo[messageID].messageHash;
    }

    function getNextMessageID(bytes32 destinationBlockchainID) external view returns (bytes32) {
        require(blockchainID != bytes32(0), "TeleporterMessenger: zero blockchain ID");
        return calculateMessageID(blockchainID, destinationBlockchainID, messageNonce + 1);
    }

    function getReceiptQueueSize(bytes32 sourceBlockchainID) external view returns (uint256) {
        return _receipts[sourceBlockchainID].length - _receiptsHead[sourceBlockchainID];
    }

    function initializeBlockchainID() public returns (bytes32) {
        bytes32 id = blockchainID;
        if (id == bytes32(0)) {
            id = WARP_MESSENGER.getBlockchainID();
            require(id != bytes32(0), "TeleporterMessenger: zero blockchain ID");
            blockchainID = id;
            emit BlockchainIDInitialized(id);
        }
        return id;
    }

    function calculateMessageID(bytes32 sourceBlockchainID, bytes32 destinationBlockchainID, uint256 nonce)
        public
        view
        returns (bytes32)
    {
        return keccak256(abi.encode(address(this), sourceBlockchainID, destinationBlockchainID, nonce));
    }

    function _send(TeleporterMessageInput calldata input, TeleporterMessageReceipt[] memory receipts)
        private
        returns (bytes32 messageID)
    {
        bytes32 here = initializeBlockchainID();
        uint256 nonce = ++messageNonce;
        messageID = calculateMessageID(here, input.destinationBlockchainID, nonce);
        TeleporterMessage memory message = TeleporterMessage({
            messageNonce: nonce,
            originSenderAddress: msg.sender,
            destinationBlockchainID: input.destinationBlockchainID,
            destinationAddress: input.destinationAddress,
            requiredGasLimit: input.requiredGasLimit,
            allowedRelayerAddresses: input.allowedRelayerAddresses,
            receipts: receipts,
            message: input.message
        });
        bytes memory messageBytes = abi.encode(message);
        if (input.feeInfo.amount > 0) {
            require(input.feeInfo.feeTokenAddress != address(0), "TeleporterMessenger: zero fee asset contract address");
            require(
                IERC20Minimal(input.feeInfo.feeTokenAddress).transferFrom(msg.sender, address(this), input.feeInfo.amount),
                "TeleporterMessenger: fee transfer failed"
            );
        }
        sentMessageInfo[messageID] = SentMessageInfo({messageHash: keccak256(messageBytes), feeInfo: input.feeInfo});
        emit SendCrossChainMessage(messageID, input.destinationBlockchainID, message, input.feeInfo);
        WARP_MESSENGER.sendWarpMessage(messageBytes);
    }

    function _markReceipt(bytes32 here, bytes32 destination, TeleporterMessageReceipt memory receipt) private {
        bytes32 messageID = calculateMessageID(here, destination, receipt.receivedMessageNonce);
        SentMessageInfo memory info = sentMessageInfo[messageID];
        // Already receipted, or never sent: receipts may come more than once.
        if (info.messageHash == bytes32(0)) return;
        delete sentMessageInfo[messageID];
        _relayerRewardAmounts[receipt.relayerRewardAddress][info.feeInfo.feeTokenAddress] += info.feeInfo.amount;
        emit ReceiptReceived(messageID, destination, receipt.relayerRewardAddress, info.feeInfo);
    }

    /// First execution: with exactly `requiredGasLimit`; a failure is stored for `retryMessageExecution`, not reverted,
    /// so that the relayer's delivery (and its reward) stands. Too little gas left for the limit reverts the delivery.
    function _executeFirst(bytes32 messageID, bytes32 sourceBlockchainID, TeleporterMessage memory message) private {
        require(gasleft() >= message.requiredGasLimit, "TeleporterMessenger: insufficient gas");
        bool ok;
        if (message.destinationAddress.code.length > 0) {
            (ok,) = message.destinationAddress.call{gas: message.requiredGasLimit}(_receiveCall(sourceBlockchainID, message));
        }
        if (ok) {
            emit MessageExecuted(messageID, sourceBlockchainID);
        } else {
            receivedFailedMessageHashes[messageID] = keccak256(abi.encode(message));
            emit MessageExecutionFailed(messageID, sourceBlockchainID, message);
        }
    }

    function _receiveCall(bytes32 sourceBlockchainID, TeleporterMessage memory message) private pure returns (bytes memory) {
        return abi.encodeCall(
            ITeleporterReceiver.receiveTeleporterMessage, (sourceBlockchainID, message.originSenderAddress, message.message)
        );
    }

    function _isAllowedRelayer(address relayer, address[] memory allowed) private pure returns (bool) {
        if (allowed.length == 0) return true;
        for (uint256 i; i < allowed.length; ++i) {
            if (allowed[i] == relayer) return true;
        }
        return false;
    }
}

/// Test-only: a cross-L1 application on top of the messenger. `send` sends a text to a receiver on another L1;
/// a received text is kept, and texts "revert" and "burn" make the execution fail (a reverting receiver, an
/// out-of-gas one) until `fixed` is set, so that a retry can then succeed.
contract TestMessengerApp is ITeleporterReceiver {
    TestMessenger public immutable messenger;
    string public lastText;
    bytes32 public lastSourceBlockchainID;
    address public lastSender;
    uint256 public received;
    bool public fixed_;

    event Received(bytes32 indexed sourceBlockchainID, address indexed sender, string text);

    constructor(TestMessenger messenger_) {
        messenger = messenger_;
    }

    function send(bytes32 destinationBlockchainID, address destination, string calldata text, uint256 gasLimit, address[] calldata allowedRelayers)
        external
        returns (bytes32)
    {
        return messenger.sendCrossChainMessage(
            TeleporterMessageInput({
                destinationBlockchainID: destinationBlockchainID,
                destinationAddress: destination,
                feeInfo: TeleporterFeeInfo({feeTokenAddress: address(0), amount: 0}),
                requiredGasLimit: gasLimit,
                allowedRelayerAddresses: allowedRelayers,
                message: abi.encode(text)
            })
        );
    }

    function setFixed(bool value) external {
        fixed_ = value;
    }

    function receiveTeleporterMessage(bytes32 sourceBlockchainID, address originSenderAddress, bytes calldata message)
        external
    {
        require(msg.sender == address(messenger), "TestMessengerApp: not the messenger");
        string memory text = abi.decode(message, (string));
        if (!fixed_) {
            bytes32 h = keccak256(bytes(text));
            require(h != keccak256("revert"), "TestMessengerApp: told to revert");
            if (h == keccak256("burn")) {
                while (true) {}
            }
        }
        lastText = text;
        lastSourceBlockchainID = sourceBlockchainID;
        lastSender = originSenderAddress;
        received += 1;
        emit Received(sourceBlockchainID, originSenderAddress, text);
    }
}
