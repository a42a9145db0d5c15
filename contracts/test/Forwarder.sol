// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// Test helper: calls `to` with `data` and exactly `gas`, never reverts, and reports what the call
/// did: whether it succeeded, the gas this frame spent on it (the forwarded gas plus the CALL's own
/// cost) and its return or revert data.
contract Forwarder {
    event Forwarded(bool ok, uint256 used, bytes output);

    function forward(address to, bytes calldata data, uint256 gas) external payable returns (bool ok, uint256 used, bytes memory output) {
        uint256 before = gasleft();
        (ok, output) = to.call{gas: gas}(data);
        used = before - gasleft();
        emit Forwarded(ok, used, output);
    }

    /// As `forward`, through STATICCALL.
    function forwardStatic(address to, bytes calldata data, uint256 gas) external returns (bool ok, uint256 used, bytes memory output) {
        uint256 before = gasleft();
        (ok, output) = to.staticcall{gas: gas}(data);
        used = before - gasleft();
        emit Forwarded(ok, used, output);
    }

    /// Makes the call, then reverts whatever it did.
    function forwardThenRevert(address to, bytes calldata data) external {
        (bool ok,) = to.call(data);
        revert(ok ? "the call succeeded, then this reverted" : "the call failed, then this reverted");
    }
}
