// SPDX-License-Identifier: MIT
pragma solidity >=0.8.4 <0.9.0;

import {IAllowList} from "./IAllowList.sol";

/// @title INativeMinter
/// @notice The Native Minter precompile at 0x0200000000000000000000000000000000000001 (`contractNativeMinterConfig`):
/// accounts with a role on its allow list create native coin.
/// @dev ABI: avalanchego graft/subnet-evm/precompile/contracts/nativeminter/INativeMinter.abi; behaviour:
/// nativeminter/contract.go. Refusals fail with no revert data and use all the gas given to the call.
interface INativeMinter is IAllowList {
    /// @notice Emitted by each mint from Durango (nativeminter/event.go).
    event NativeCoinMinted(address indexed sender, address indexed recipient, uint256 amount);

    /// @notice Adds `amount` wei to the balance of `addr`, without running any code of `addr`.
    /// @dev Gas 30,000 (`MintGasCost`), plus 1,756 for `NativeCoinMinted` from Durango. Refused for a caller without a
    /// role: `non-enabled cannot mint: <caller>`; in a static call (write protection). Before Durango the input must
    /// be exactly two words.
    function mintNativeCoin(address addr, uint256 amount) external;
}
