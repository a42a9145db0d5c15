// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// What every stand-in for a Subnet-EVM stateful precompile shares.
///
/// A node's precompile fails with a Go error: no revert data, all gas forwarded to the call used.
/// Here a failure reached straight from an EOA reverts with `Error(<the node's text>)`, which the devnet
/// turns into the node's -32000 answer; reached through a contract it ends with INVALID (no data, all gas
/// used), so the calling contract sees what it sees on a node.
abstract contract Precompile {
    /// Calldata shorter than a selector or an unknown selector (contract.go `Run`).
    fallback() external payable {
        if (msg.data.length < 4) {
            _fail(string.concat("missing function selector to precompile - input length (", _decimal(msg.data.length), ")"));
        }
        _fail(string.concat("invalid function selector: 0x", _hexBytes(abi.encodePacked(msg.sig))));
    }

    /// `contract.LogGas`, `LogTopicGas`, `LogDataGas` (precompile/contract/utils.go): a node charges its events so.
    uint256 internal constant LOG_GAS = 375;
    uint256 internal constant LOG_TOPIC_GAS = 375;
    uint256 internal constant LOG_DATA_GAS = 8;

    /// A node charges each precompile function a fixed gas (its `*GasCost` and event gas, `contract.DeductGas`), where
    /// a stand-in's own code mostly costs less. This burns gas until the call has used at least `cost` since `start`
    /// (the function's first `gasleft()`), so a transaction never needs less gas on the devnet than on a node; the
    /// selector dispatch before `start` and the loop's last turn (tens of gas) are the excess. A stand-in whose own
    /// work already costs more (a fresh storage slot) burns nothing.
    function _charge(uint256 start, uint256 cost) internal view {
        while (start - gasleft() < cost) {}
    }

    /// A precompile error: the node's text to an EOA caller, no data and all gas to a contract.
    function _fail(string memory message) internal view {
        if (msg.sender == tx.origin) revert(message);
        assembly {
            invalid()
        }
    }

    function _decimal(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }

    function _hexBytes(bytes memory data) internal pure returns (string memory) {
        bytes memory out = new bytes(data.length * 2);
        for (uint256 i = 0; i < data.length; i++) {
            out[2 * i] = _nibble(uint8(data[i]) >> 4);
            out[2 * i + 1] = _nibble(uint8(data[i]) & 15);
        }
        return string(out);
    }

    function _nibble(uint8 n) private pure returns (bytes1) {
        return bytes1(n < 10 ? 48 + n : 87 + n);
    }

    /// common.Address.String(): EIP-55 checksummed hex.
    function _checksummed(address account) internal pure returns (string memory) {
        bytes memory lower = bytes(_hexBytes(abi.encodePacked(account)));
        bytes32 hash = keccak256(lower);
        bytes memory out = new bytes(42);
        out[0] = "0";
        out[1] = "x";
        for (uint256 i = 0; i < 40; i++) {
            bytes1 c = lower[i];
            uint8 h = uint8(hash[i / 2]);
            uint8 nibble = i % 2 == 0 ? h >> 4 : h & 15;
            out[i + 2] = (c >= "a" && nibble >= 8) ? bytes1(uint8(c) - 32) : c;
        }
        return string(out);
    }
}
