// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList, IAllowList} from "./AllowList.sol";

/// The Native Minter's functions (precompile/contracts/nativeminter/INativeMinter.abi).
interface INativeMinter is IAllowList {
    function mintNativeCoin(address addr, uint256 amount) external;
}

/// Native Minter (0x0200000000000000000000000000000000000001) (precompile/contracts/nativeminter/contract.go).
/// EVM code cannot create coins: this checks the input and the caller and, from Durango, emits NativeCoinMinted;
/// the devnet adds the amount to the recipient's balance (anvil_setBalance) once the transaction is mined, from
/// the event, or before Durango (no event, and the input must be exactly two words) from anvil's trace of the
/// successful call (src/devnet/precompiles/runtime.ts).
contract NativeMinter is AllowList {
    event NativeCoinMinted(address indexed sender, address indexed recipient, uint256 amount);

    /// `MintGasCost` (nativeminter/contract.go), then `NativeCoinMintedEventGasCost` (event.go) from Durango.
    uint256 internal constant MINT_GAS = 30_000;
    uint256 internal constant MINTED_EVENT_GAS = LOG_GAS + 3 * LOG_TOPIC_GAS + 32 * LOG_DATA_GAS;

    function _run(uint256 start, bytes4 selector, bytes calldata args) internal override returns (bytes memory) {
        if (selector == INativeMinter.mintNativeCoin.selector) return _mintNativeCoin(start, args);
        return super._run(start, selector, args);
    }

    /// mintNativeCoin: UnpackMintNativeCoinInput, the caller's role, NativeCoinMinted (Durango).
    function _mintNativeCoin(uint256 start, bytes calldata args) private returns (bytes memory) {
        // `readOnly` → ErrWriteProtection: a STATICCALL fails here (TSTORE is a state change), as the mint writes
        // nothing the EVM would refuse before Durango.
        assembly {
            tstore(0, 0)
        }
        bool durango = _durango();
        if (!durango && args.length != 64) _fail(string.concat("invalid input length for minting: ", _decimal(args.length)));
        if (args.length < 64) _fail(string.concat("failed to unpack input: ", _unpackError(args.length)));
        address to = address(uint160(_word(args, 0)));
        uint256 amount = _word(args, 1);
        if (!_isEnabled(msg.sender)) _fail(string.concat("non-enabled cannot mint: ", _checksummed(msg.sender)));
        if (durango) emit NativeCoinMinted(msg.sender, to, amount);
        _charge(start, durango ? MINT_GAS + MINTED_EVENT_GAS : MINT_GAS);
        return "";
    }
}
