// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {Precompile} from "./Precompile.sol";
import {IWarpMessenger} from "./interfaces/IWarpMessenger.sol";

/// Warp Messenger (0x0200000000000000000000000000000000000005), as the devnet runs it on anvil
/// (avalanchego graft/subnet-evm/precompile/contracts/warp/contract.go, contract_warp_handler.go).
///
/// A node reads the chain's IDs from its snow context. The devnet appends them to this code when it
/// installs it, as 36 bytes before the rules trailer (Precompile.sol), never executed: the L1's blockchain ID
/// (32 bytes), then the network ID (uint32, big-endian).
///
/// The devnet runs no predicates (no signed Warp messages reach its blocks), so the verified-message
/// getters always answer "no message" as a node does for an index without a predicate. Warp is enabled only from
/// Durango (its config's Verify), so there are no pre-Durango rules here.
///
/// Gas: the node's table (contract.go `preGraniteGasConfig`, `graniteGasConfig`, `CurrentGasConfig`), charged with
/// `_charge` by the rules trailer's Granite time.
contract WarpMessenger is Precompile {
    event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message);

    uint256 private constant CONTEXT = 36;

    /// `GetBlockchainID` before Granite and from Granite.
    uint256 internal constant GET_BLOCKCHAIN_ID_GAS = 2;
    uint256 internal constant GRANITE_GET_BLOCKCHAIN_ID_GAS = 200;
    /// `GetVerifiedWarpMessageBase` (both getters, handleWarpMessage); with no predicate nothing per chunk or signer.
    uint256 internal constant GET_VERIFIED_GAS = 2;
    uint256 internal constant GRANITE_GET_VERIFIED_GAS = 750;
    /// `SendWarpMessageBase` (both tables): the log and its 3 topics, `addWarpMessageBaseGasCost` (20,000, a BLS
    /// signature) and a slot write (20,000); then `PerWarpMessageByte` (`LogDataGas`) per byte of the whole input
    /// after the selector, charged before it is unpacked.
    uint256 internal constant SEND_WARP_MESSAGE_GAS = LOG_GAS + 3 * LOG_TOPIC_GAS + 20_000 + 20_000;
    uint256 internal constant PER_WARP_MESSAGE_BYTE_GAS = LOG_DATA_GAS;

    /// From Granite the getters' fixed gas (200, 750) covers lean code: `getBlockchainID`, and the verified getters with
    /// an index `_index` takes (no predicate is ever at it), are answered here in assembly at exactly the node's gas, so
    /// a contract that gives them exactly that gets the answer, as on a node, and one gas less runs out. Anything else
    /// goes on to `_run`: Fortuna's 2 gas, which no EVM code can meet, the refusals, and block 0 (whose time is the
    /// genesis time, `_rules`). Each path's gas is constant; the padding that brings it to the node's is measured
    /// (test/devnet/precompiles-warp-gas.test.ts checks the totals, test/devnet/go-tables-warp.test.ts one gas less).
    function _answerLean() internal view override {
        assembly {
            let selector := shr(224, calldataload(0))
            // The context and the rules trailer: the blockchain ID at 0, the rules at 36.
            codecopy(0, sub(codesize(), 60), 60)
            let rules := mload(36)
            let graniteTime := and(shr(64, rules), 0xffffffffffffffff)
            // `_rules`, where block 0 takes the genesis time: every later block is stamped at it or after, and anvil
            // simulates on block 0 with a time of 1, so the time is the later of the block's and the genesis time.
            let granite := iszero(and(lt(timestamp(), graniteTime), lt(shr(192, rules), graniteTime)))
            if and(granite, eq(selector, 0x4213cf78)) {
                // Padding to the node's 200, which no optimizer removes: a test that never passes, and the return data
                // of the calls made so far (none) added to the length.
                if iszero(selector) { revert(0, 0) }
                return(0, add(0x20, returndatasize()))
            }
            // getVerifiedWarpMessage(uint32) / getVerifiedWarpBlockHash(uint32), index at most MaxInt32.
            let message := eq(selector, 0x6f825350)
            if and(
                and(granite, or(message, eq(selector, 0xce7f5929))),
                and(gt(calldatasize(), 35), lt(calldataload(4), 0x80000000))
            ) {
                // Padding to the node's 750: a failing alt_bn128 addition ((1, 1) is not on the curve) uses all the gas it
                // is given. Before the output, so that what runs after it costs more than the 1/64 the call leaves
                // behind: given one gas less than 750, the call still gets its gas and the output runs out.
                mstore(0, 1)
                mstore(0x20, 1)
                pop(staticcall(283, 0x06, 0, 0x40, 0, 0))
                // abi.encode(WarpMessage(0, 0, ""), false) or abi.encode(WarpBlockHash(0, 0), false), as in `_run`.
                mstore(0, mul(message, 0x40))
                mstore(0x20, 0)
                mstore(0x40, 0)
                mstore(0x60, 0)
                mstore(0x80, mul(message, 0x60))
                mstore(0xa0, 0)
                return(0, add(0x60, mul(message, 0x60)))
            }
        }
    }

    function _run(Meter memory meter, bytes4 selector, bytes calldata args) internal override returns (bytes memory) {
        if (selector == IWarpMessenger.getBlockchainID.selector) {
            // common.Hash(snowCtx.ChainID).
            (, bool granite) = _rules();
            (bytes32 blockchainID,) = _context();
            bytes memory output = abi.encode(blockchainID);
            _charge(meter, granite ? GRANITE_GET_BLOCKCHAIN_ID_GAS : GET_BLOCKCHAIN_ID_GAS);
            return output;
        }
        if (selector == IWarpMessenger.getVerifiedWarpMessage.selector) {
            // handleWarpMessage without a predicate at the index: the empty message and false.
            (, bool granite) = _rules();
            _index(args, granite ? GRANITE_GET_VERIFIED_GAS : GET_VERIFIED_GAS);
            // abi.encode(WarpMessage(0, 0, ""), false): the tuple's offset, false, then the tuple.
            bytes memory output = new bytes(192);
            assembly ("memory-safe") {
                mstore(add(output, 0x20), 0x40)
                mstore(add(output, 0xa0), 0x60)
            }
            _charge(meter, granite ? GRANITE_GET_VERIFIED_GAS : GET_VERIFIED_GAS);
            return output;
        }
        if (selector == IWarpMessenger.getVerifiedWarpBlockHash.selector) {
            (, bool granite) = _rules();
            _index(args, granite ? GRANITE_GET_VERIFIED_GAS : GET_VERIFIED_GAS);
            // abi.encode(WarpBlockHash(0, 0), false): three zero words.
            bytes memory output = new bytes(96);
            _charge(meter, granite ? GRANITE_GET_VERIFIED_GAS : GET_VERIFIED_GAS);
            return output;
        }
        if (selector == IWarpMessenger.sendWarpMessage.selector) {
            bytes memory output = _sendWarpMessage(args);
            _charge(meter, SEND_WARP_MESSAGE_GAS + PER_WARP_MESSAGE_BYTE_GAS * args.length);
            return output;
        }
        return super._run(meter, selector, args);
    }

    /// sendWarpMessage: payload.NewAddressedCall(caller, payload) inside
    /// warp.NewUnsignedMessage(networkID, chainID, addressedCall), both in avalanchego's codec (a 2-byte
    /// codec version 0, big-endian integers, uint32 length prefixes; AddressedCall is type 1 of the payload
    /// codec, after Hash). The message ID is the SHA-256 of the unsigned message's bytes.
    function _sendWarpMessage(bytes calldata args) private returns (bytes memory) {
        bytes calldata payload = _bytesInput(args);
        (bytes32 chainID, uint32 networkID) = _context();
        bytes memory addressedCall =
            abi.encodePacked(uint16(0), uint32(1), uint32(20), msg.sender, uint32(payload.length), payload);
        bytes memory message = abi.encodePacked(uint16(0), networkID, chainID, uint32(addressedCall.length), addressedCall);
        bytes32 messageID = sha256(message);
        emit SendWarpMessage(msg.sender, messageID, message);
        return abi.encode(messageID);
    }

    /// UnpackSendWarpMessageInput: accounts/abi's unpacking of one `bytes` (`toGoType`, `lengthPrefixPointsTo`),
    /// its errors after "invalid sendWarpMessage input: ".
    function _bytesInput(bytes calldata args) private view returns (bytes calldata) {
        if (args.length < 32) _failSend(args, _unpackError(args.length));
        uint256 offset = _word(args, 0);
        // The offset + 32 and the length after it, as *big.Int: either may pass 2^256.
        bool carry = offset > type(uint256).max - 32;
        uint256 offsetEnd;
        unchecked {
            offsetEnd = offset + 32;
        }
        if (carry || offsetEnd > args.length) {
            _failSend(
                args,
                string.concat(
                    "abi: cannot marshal in to go slice: offset ",
                    _decimal(carry, offsetEnd),
                    " would go over slice boundary (len=",
                    _decimal(args.length),
                    ")"
                )
            );
        }
        uint256 length = _word(args, offset / 32);
        if (offset % 32 != 0) {
            assembly {
                length := calldataload(add(args.offset, offset))
            }
        }
        carry = length > type(uint256).max - offsetEnd;
        uint256 total;
        unchecked {
            total = offsetEnd + length;
        }
        if (carry || total >= 1 << 63) _failSend(args, string.concat("abi: length larger than int64: ", _decimal(carry, total)));
        if (total > args.length) _failSend(args, _lengthInsufficient(args.length, total));
        return args[offsetEnd:total];
    }

    /// UnpackGetVerifiedWarpMessageInput (a uint32, `ReadInteger`), then the MaxInt32 check, after
    /// "invalid index to specify warp message: ".
    function _index(bytes calldata args, uint256 charged) private view {
        if (args.length < 32) _failIndex(charged, _unpackError(args.length));
        uint256 index = _word(args, 0);
        if (index > type(uint32).max) _failIndex(charged, "abi: improperly encoded uint32 value");
        if (index > uint32(type(int32).max)) _failIndex(charged, "larger than MaxInt32");
    }

    function _failIndex(uint256 charged, string memory problem) private view {
        _fail(charged, string.concat("invalid index to specify warp message: ", problem));
    }

    /// The send's whole gas is deducted before its input is unpacked.
    function _failSend(bytes calldata args, string memory problem) private view {
        _fail(SEND_WARP_MESSAGE_GAS + PER_WARP_MESSAGE_BYTE_GAS * args.length, string.concat("invalid sendWarpMessage input: ", problem));
    }

    /// The devnet's context before the rules trailer: blockchain ID, then network ID.
    function _context() private pure returns (bytes32 chainID, uint32 networkID) {
        uint256 back = CONTEXT + RULES_TRAILER;
        assembly ("memory-safe") {
            codecopy(0, sub(codesize(), back), CONTEXT)
            chainID := mload(0)
            networkID := shr(224, mload(32))
        }
    }
}
