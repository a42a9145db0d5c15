// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList} from "./AllowList.sol";
import {INativeMinter} from "./interfaces/INativeMinter.sol";

/// Carries minted coin to an account with code without running any of it, as `AddBalance` runs none: created with
/// the amount, it self-destructs to the recipient in its constructor (EIP-6780 still deletes it then).
contract Courier {
    constructor(address payable recipient) payable {
        selfdestruct(recipient);
    }
}

/// Native Minter (0x0200000000000000000000000000000000000001) (precompile/contracts/nativeminter/contract.go).
/// EVM code cannot create coins, so the stand-in pays each mint from a reserve the devnet keeps on its account
/// (2^255 wei, topped up by the amounts minted once their block is mined, and left out of the balance the devnet
/// reports: packages/devnet/src/l1/precompiles/runtime.ts): the coin is the recipient's within the minting call, spendable in
/// the same transaction, as on a node. From Durango it emits NativeCoinMinted.
contract NativeMinter is AllowList {
    event NativeCoinMinted(address indexed sender, address indexed recipient, uint256 amount);

    /// `MintGasCost` (nativeminter/contract.go), then `NativeCoinMintedEventGasCost` (event.go) from Durango.
    uint256 internal constant MINT_GAS = 30_000;
    uint256 internal constant MINTED_EVENT_GAS = LOG_GAS + 3 * LOG_TOPIC_GAS + 32 * LOG_DATA_GAS;

    function _run(Meter memory meter, bytes4 selector, bytes calldata args) internal override returns (bytes memory) {
        if (selector == INativeMinter.mintNativeCoin.selector) return _mintNativeCoin(meter, args);
        return super._run(meter, selector, args);
    }

    /// mintNativeCoin: UnpackMintNativeCoinInput, the caller's role, NativeCoinMinted (Durango).
    function _mintNativeCoin(Meter memory meter, bytes calldata args) private returns (bytes memory) {
        // `readOnly` → ErrWriteProtection: a STATICCALL fails here (TSTORE is a state change), as the mint writes
        // nothing the EVM would refuse before Durango.
        assembly {
            tstore(0, 0)
        }
        bool durango = _durango();
        if (!durango && args.length != 64) _fail(MINT_GAS, string.concat("invalid input length for minting: ", _decimal(args.length)));
        if (args.length < 64) _fail(MINT_GAS, string.concat("failed to unpack input: ", _unpackError(args.length)));
        address to = address(uint160(_word(args, 0)));
        uint256 amount = _word(args, 1);
        if (!_isEnabled(msg.sender)) _fail(MINT_GAS, string.concat("non-enabled cannot mint: ", _checksummed(msg.sender)));
        if (durango) emit NativeCoinMinted(msg.sender, to, amount);
        _pay(to, amount);
        // After the payment, so that its cost (an account's code check and a value call) counts within the node's.
        _charge(meter, durango ? MINT_GAS + MINTED_EVENT_GAS : MINT_GAS);
        return "";
    }

    /// `AddBalance(to, amount)` from the reserve: a value call to an account without code (nothing runs), else a
    /// Courier, so that no code of the recipient runs.
    function _pay(address to, uint256 amount) private {
        if (amount == 0) return;
        if (to.code.length == 0) {
            (bool paid,) = payable(to).call{value: amount}("");
            if (!paid) _fail(MINT_GAS, "devnet: the Native Minter's reserve cannot pay this mint");
        } else {
            new Courier{value: amount}(payable(to));
        }
    }
}
