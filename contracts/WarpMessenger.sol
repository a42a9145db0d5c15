// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {Precompile} from "./Precompile.sol";

/// Warp Messenger (0x0200000000000000000000000000000000000005), as the devnet runs it on anvil
/// (avalanchego graft/subnet-evm/precompile/contracts/warp/contract.go, contract_warp_handler.go).
///
/// A node reads the chain's IDs from its snow context. The devnet appends them to this code when it
/// installs it, as a 36-byte trailer that is never executed: the L1's blockchain ID (32 bytes), then the
/// network ID (uint32, big-endian).
///
/// The devnet runs no predicates (no signed Warp messages reach its blocks), so the verified-message
/// getters always answer "no message" as a node does for an index without a predicate.
contract WarpMessenger is Precompile {
    struct WarpMessage {
        bytes32 sourceChainID;
        address originSenderAddress;
        bytes payload;
    }

    struct WarpBlockHash {
        bytes32 sourceChainID;
        bytes32 blockHash;
    }

    event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message);

    /// getBlockchainID: common.Hash(snowCtx.ChainID).
    function getBlockchainID() external payable returns (bytes32 blockchainID) {
        (blockchainID,) = _context();
    }

    /// handleWarpMessage without a predicate at `index`: the empty message and false.
    function getVerifiedWarpMessage(uint32 index) external payable returns (WarpMessage memory message, bool valid) {
        _checkIndex(index);
        return (message, valid);
    }

    /// As getVerifiedWarpMessage, for block hashes.
    function getVerifiedWarpBlockHash(uint32 index) external payable returns (WarpBlockHash memory warpBlockHash, bool valid) {
        _checkIndex(index);
        return (warpBlockHash, valid);
    }

    /// sendWarpMessage: payload.NewAddressedCall(caller, payload) inside
    /// warp.NewUnsignedMessage(networkID, chainID, addressedCall), both in avalanchego's codec (a 2-byte
    /// codec version 0, big-endian integers, uint32 length prefixes; AddressedCall is type 1 of the payload
    /// codec, after Hash). The message ID is the SHA-256 of the unsigned message's bytes.
    function sendWarpMessage(bytes calldata payload) external payable returns (bytes32 messageID) {
        (bytes32 chainID, uint32 networkID) = _context();
        bytes memory addressedCall =
            abi.encodePacked(uint16(0), uint32(1), uint32(20), msg.sender, uint32(payload.length), payload);
        bytes memory message = abi.encodePacked(uint16(0), networkID, chainID, uint32(addressedCall.length), addressedCall);
        messageID = sha256(message);
        emit SendWarpMessage(msg.sender, messageID, message);
    }

    function _checkIndex(uint32 index) private view {
        if (index > uint32(type(int32).max)) _fail("invalid index to specify warp message: larger than MaxInt32");
    }

    /// The trailer the devnet appends: blockchain ID, then network ID.
    function _context() private pure returns (bytes32 chainID, uint32 networkID) {
        assembly ("memory-safe") {
            codecopy(0, sub(codesize(), 36), 36)
            chainID := mload(0)
            networkID := shr(224, mload(32))
        }
    }
}
