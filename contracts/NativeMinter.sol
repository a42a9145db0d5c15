// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList} from "./AllowList.sol";

/// Native Minter (0x0200000000000000000000000000000000000001), Durango rules
/// (precompile/contracts/nativeminter/contract.go). EVM code cannot create coins: this
/// checks the caller and emits NativeCoinMinted; the devnet adds the amount to the
/// recipient's balance (anvil_setBalance) once the transaction is mined.
contract NativeMinter is AllowList {
    event NativeCoinMinted(address indexed sender, address indexed recipient, uint256 amount);

    /// `MintGasCost` (nativeminter/contract.go), then `NativeCoinMinted`'s event gas from Durango.
    uint256 internal constant MINT_GAS = 30_000 + LOG_GAS + 3 * LOG_TOPIC_GAS + 32 * LOG_DATA_GAS;

    function mintNativeCoin(address addr, uint256 amount) external payable {
        uint256 start = gasleft();
        if (!_isEnabled(msg.sender)) _fail(string.concat("non-enabled cannot mint: ", _checksummed(msg.sender)));
        emit NativeCoinMinted(msg.sender, addr, amount);
        _charge(start, MINT_GAS);
    }
}
