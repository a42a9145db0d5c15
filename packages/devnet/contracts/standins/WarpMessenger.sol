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
/// Predicates: a node verifies the signed Warp messages in a transaction's access list before the block runs it
/// (core/predicate_check.go `CheckTxPredicates`) and the getters read the index-th one with its result. The stand-in
/// cannot see the access list, so the devnet stages what the getters answer for each predicate of each transaction
/// of the block about to be mined (packages/devnet/src/l1/warp/warpPredicates.ts `stagedTrailer`) in the code, before
/// the IDs, then its length as a word. In 32-byte words, offsets from its start: the block number it is for, the
/// transaction count, then per transaction its origin, its key and the offset of its table; a table is the predicate
/// count, then per predicate `header` and the offset and length of each getter's output (message, then block hash);
/// then the outputs' bytes. `header` is whether it verified (bit 0: its bit unset in the block's results), whether each
/// getter fails with its output as the text (bit 8: `getVerifiedWarpMessage`, bit 9: `getVerifiedWarpBlockHash`; the
/// payload of the other type), and the chunk count from bit 16. Read word by word, not decoded, to keep the reads
/// cheap. A transaction is found by
/// its origin and by one storage key of its Warp tuples (`key`), warm from the transaction's start (EIP-2929) only in
/// the transaction whose access list holds it, probed in a call that reverts so that the probe warms nothing. Warp is
/// enabled only from Durango (its config's Verify), so there are no pre-Durango rules here.
///
/// Gas: the node's table (contract.go `preGraniteGasConfig`, `graniteGasConfig`, `CurrentGasConfig`), charged with
/// `_charge` by the rules trailer's Granite time.
contract WarpMessenger is Precompile {
    event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message);

    uint256 private constant CONTEXT = 36;
    /// The staged predicates' length word, before the context.
    uint256 private constant STAGED_LENGTH = 32;
    /// `blockNumber` of a staging that holds for any block: an `eth_call`'s state override.
    uint256 private constant ANY_BLOCK = type(uint256).max;
    /// The selector of the probe the stand-in calls on itself (never a Warp function's).
    bytes4 private constant PROBE = 0xffffffff;

    /// `PerWarpMessageChunk`: charged again per chunk each time a valid predicate is read.
    uint256 internal constant PER_CHUNK_GAS = 3_200;
    uint256 internal constant GRANITE_PER_CHUNK_GAS = 512;

    /// `GetBlockchainID` before Granite and from Granite.
    uint256 internal constant GET_BLOCKCHAIN_ID_GAS = 2;
    uint256 internal constant GRANITE_GET_BLOCKCHAIN_ID_GAS = 200;
    /// `GetVerifiedWarpMessageBase` (both getters, handleWarpMessage); a valid predicate adds `PerWarpMessageChunk` per chunk.
    uint256 internal constant GET_VERIFIED_GAS = 2;
    uint256 internal constant GRANITE_GET_VERIFIED_GAS = 750;
    /// `SendWarpMessageBase` (both tables): the log and its 3 topics, `addWarpMessageBaseGasCost` (20,000, a BLS
    /// signature) and a slot write (20,000); then `PerWarpMessageByte` (`LogDataGas`) per byte of the whole input
    /// after the selector, charged before it is unpacked.
    uint256 internal constant SEND_WARP_MESSAGE_GAS = LOG_GAS + 3 * LOG_TOPIC_GAS + 20_000 + 20_000;
    uint256 internal constant PER_WARP_MESSAGE_BYTE_GAS = LOG_DATA_GAS;

    /// From Granite the getters' fixed gas (200, 750) covers lean code: `getBlockchainID`, and the verified getters with
    /// an index `_index` takes while no predicate is staged for the block, are answered here in assembly at exactly the node's gas, so
    /// a contract that gives them exactly that gets the answer, as on a node, and one gas less runs out. Anything else
    /// goes on to `_run`: Fortuna's 2 gas, which no EVM code can meet, the refusals, and block 0 (whose time is the
    /// genesis time, `_rules`), and a DELEGATECALL or CALLCODE. Each path's gas is constant; the padding that brings it to
    /// the node's is measured (test/devnet/precompiles-warp-gas.test.ts checks the totals, test/devnet/go-tables-warp.test.ts
    /// one gas less): `getBlockchainID` needs none beside the address check (22 gas, where it had padding before).
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
            // Only at the precompile's own address: reached by DELEGATECALL or CALLCODE (the code runs in the caller's
            // account) from Granite, the node reverts with no gas left (params/hooks_libevm.go `makePrecompile`), which
            // `_run`'s path gives (`_burn`, `_simulatedExcess`: INVALID). Its 22 gas are taken off the paddings.
            let lean := and(granite, eq(address(), 0x0200000000000000000000000000000000000005))
            if and(lean, eq(selector, 0x4213cf78)) {
                return(0, 0x20)
            }
            // getVerifiedWarpMessage(uint32) / getVerifiedWarpBlockHash(uint32), index at most MaxInt32.
            let message := eq(selector, 0x6f825350)
            if and(
                and(lean, or(message, eq(selector, 0xce7f5929))),
                and(gt(calldatasize(), 35), lt(calldataload(4), 0x80000000))
            ) {
                // Only while nothing is staged (the staging's length word, before the context, is 0): then no
                // predicate is at any index. Otherwise `_run` looks the running transaction's predicate up.
                codecopy(0, sub(codesize(), 92), 32)
                if iszero(mload(0)) {
                    // Padding to the node's 750: a failing alt_bn128 addition ((1, 1) is not on the curve) uses all
                    // the gas it is given. Before the output, so that what runs after it costs more than the 1/64 the
                    // call leaves behind: given one gas less than 750, the call still gets its gas and the output runs
                    // out.
                    mstore(0, 1)
                    mstore(0x20, 1)
                    pop(staticcall(221, 0x06, 0, 0x40, 0, 0))
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
        if (selector == IWarpMessenger.getVerifiedWarpMessage.selector) return _verified(meter, args, false);
        if (selector == IWarpMessenger.getVerifiedWarpBlockHash.selector) return _verified(meter, args, true);
        if (selector == PROBE && msg.sender == address(this)) _probe(args);
        if (selector == IWarpMessenger.sendWarpMessage.selector) {
            bytes memory output = _sendWarpMessage(args);
            _charge(meter, SEND_WARP_MESSAGE_GAS + PER_WARP_MESSAGE_BYTE_GAS * args.length);
            return output;
        }
        return super._run(meter, selector, args);
    }

    /// handleWarpMessage: the base gas, the index, then the predicate at it; without one, or with its bit set in the
    /// block's results, the empty output and false; else `PerWarpMessageChunk` per chunk and the payload's fields.
    function _verified(Meter memory meter, bytes calldata args, bool blockHash) private view returns (bytes memory) {
        (, bool granite) = _rules();
        uint256 base = granite ? GRANITE_GET_VERIFIED_GAS : GET_VERIFIED_GAS;
        uint256 index = _index(args, base);
        // Nothing staged (no transaction of the block carries predicates): the empty output at once.
        if (_stagedLength() == 0) {
            _charge(meter, base);
            return _none(blockHash);
        }
        (uint256 cost, bytes memory output, bool failed) =
            _answer(index, blockHash, base, granite ? GRANITE_PER_CHUNK_GAS : PER_CHUNK_GAS);
        if (failed) _fail(cost, string(output));
        _charge(meter, cost);
        return output;
    }

    function _answer(uint256 index, bool blockHash, uint256 base, uint256 perChunk)
        private
        view
        returns (uint256 cost, bytes memory output, bool failed)
    {
        uint256 entry = _stagedPredicate(index);
        if (entry == 0) return (base, _none(blockHash), false);
        uint256 header = _codeWord(entry);
        if (header & 1 == 0) return (base, _none(blockHash), false);
        // The output's offset in the staging and its length: words 1 and 2 (the message getter), 3 and 4 (block hash).
        uint256 at = _stagedStart() + _codeWord(entry + (blockHash ? 96 : 32));
        uint256 length = _codeWord(entry + (blockHash ? 128 : 64));
        output = new bytes(length);
        assembly ("memory-safe") {
            codecopy(add(output, 32), at, length)
        }
        return (base + perChunk * (header >> 16), output, header & (blockHash ? 0x200 : 0x100) != 0);
    }

    /// abi.encode(WarpMessage(0, 0, ""), false): the tuple's offset, false, then the tuple; or
    /// abi.encode(WarpBlockHash(0, 0), false): three zero words.
    function _none(bool blockHash) private pure returns (bytes memory none) {
        none = new bytes(blockHash ? 96 : 192);
        if (!blockHash) {
            assembly ("memory-safe") {
                mstore(add(none, 0x20), 0x40)
                mstore(add(none, 0xa0), 0x60)
            }
        }
    }

    /// The code offset of the staged predicate `index` of the running transaction (its five words), 0 if none.
    function _stagedPredicate(uint256 index) private view returns (uint256 entry) {
        uint256 start = _stagedStart();
        bytes4 probe = PROBE;
        // In assembly to keep the reads cheap: the probe's input is built in free memory as `PROBE ‖ abi.encode(keys)`,
        // the keys those of the transactions staged for this origin, in staging order.
        assembly ("memory-safe") {
            codecopy(0, start, 64)
            let blockNumber := mload(0)
            let count := mload(32)
            if or(eq(blockNumber, number()), eq(blockNumber, not(0))) {
                let input := mload(0x40)
                mstore(input, probe)
                mstore(add(input, 4), 0x20)
                let mine := 0
                for { let i := 0 } lt(i, count) { i := add(i, 1) } {
                    codecopy(0, add(add(start, 64), mul(i, 96)), 64)
                    if eq(mload(0), origin()) {
                        mstore(add(add(input, 68), mul(mine, 32)), mload(32))
                        mine := add(mine, 1)
                    }
                }
                if mine {
                    mstore(add(input, 36), mine)
                    // The probe reverts with the index of the first warm key (or the count): its warming is undone.
                    pop(staticcall(gas(), address(), input, add(68, mul(mine, 32)), 0, 32))
                    let warm := mload(0)
                    let seen := 0
                    for { let i := 0 } lt(i, count) { i := add(i, 1) } {
                        let at := add(add(start, 64), mul(i, 96))
                        codecopy(0, at, 32)
                        if eq(mload(0), origin()) {
                            if eq(seen, warm) {
                                codecopy(0, add(at, 64), 32)
                                let table := add(start, mload(0))
                                codecopy(0, table, 32)
                                if lt(index, mload(0)) { entry := add(add(table, 32), mul(index, 160)) }
                                break
                            }
                            seen := add(seen, 1)
                        }
                    }
                }
            }
        }
    }

    /// The staged predicates' length (0: none staged).
    function _stagedLength() private pure returns (uint256 length) {
        uint256 back = CONTEXT + RULES_TRAILER + STAGED_LENGTH;
        assembly ("memory-safe") {
            codecopy(0, sub(codesize(), back), 32)
            length := mload(0)
        }
    }

    /// Where the staged predicates start in the code.
    function _stagedStart() private pure returns (uint256) {
        return _codeSize() - CONTEXT - RULES_TRAILER - STAGED_LENGTH - _stagedLength();
    }

    function _codeSize() private pure returns (uint256 size) {
        assembly {
            size := codesize()
        }
    }

    /// The 32 bytes of code at `offset`.
    function _codeWord(uint256 offset) private pure returns (uint256 word) {
        assembly ("memory-safe") {
            codecopy(0, offset, 32)
            word := mload(0)
        }
    }

    /// Reverts with the index of the first of `keys` already warm in this transaction (a cold SLOAD costs 2,100, a
    /// warm one 100), or their count.
    function _probe(bytes calldata args) private view {
        assembly {
            // args: the offset word, the count, the keys.
            let count := calldataload(add(args.offset, 32))
            let found := count
            // The values read go into the revert data: a load whose value is unused would be optimized away.
            let seen := 0
            for { let i := 0 } lt(i, count) { i := add(i, 1) } {
                let key := calldataload(add(args.offset, add(64, mul(i, 32))))
                let before := gas()
                seen := or(seen, sload(key))
                if lt(sub(before, gas()), 1000) {
                    found := i
                    break
                }
            }
            mstore(0, found)
            mstore(32, seen)
            revert(0, 64)
        }
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
    function _index(bytes calldata args, uint256 charged) private view returns (uint256 index) {
        if (args.length < 32) _failIndex(charged, _unpackError(args.length));
        index = _word(args, 0);
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
