// SPDX-License-Identifier: MIT
pragma solidity >=0.8.4 <0.9.0;

/// @notice A verified Warp message: the chain it comes from, the contract that sent it there, its payload.
struct WarpMessage {
    bytes32 sourceChainID;
    address originSenderAddress;
    bytes payload;
}

/// @notice A verified block hash of another chain.
struct WarpBlockHash {
    bytes32 sourceChainID;
    bytes32 blockHash;
}

/// @title IWarpMessenger
/// @notice The Warp precompile at 0x0200000000000000000000000000000000000005 (`warpConfig`, from Durango): sends
/// messages the L1's validators sign for other chains, and reads the messages verified for this transaction.
/// @dev ABI: avalanchego graft/subnet-evm/precompile/contracts/warp/IWarpMessenger.abi; behaviour: warp/contract.go,
/// contract_warp_handler.go. No allow list. Gas by `preGraniteGasConfig` / `graniteGasConfig`.
interface IWarpMessenger {
    /// @notice Emitted by `sendWarpMessage`: the unsigned message, kept by the node for signing once its block is
    /// accepted.
    event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message);

    /// @notice Sends `payload` from the caller as an addressed-call Warp message; returns its ID.
    /// @dev Gas 41,500 plus 8 per byte of input. Refused in a static call.
    function sendWarpMessage(bytes calldata payload) external returns (bytes32 messageID);

    /// @notice The Warp message at `index` of the transaction's predicates (its access list entries for this
    /// address), and whether it exists and verified; else an empty message and false.
    function getVerifiedWarpMessage(uint32 index) external view returns (WarpMessage calldata message, bool valid);

    /// @notice The block hash message at `index` of the transaction's predicates, and whether it verified.
    function getVerifiedWarpBlockHash(uint32 index) external view returns (WarpBlockHash calldata warpBlockHash, bool valid);

    /// @notice This chain's blockchain ID (the P-Chain transaction that created it), not its EVM chain ID.
    /// @dev Gas 2 before Granite, 200 from Granite.
    function getBlockchainID() external view returns (bytes32 blockchainID);
}
