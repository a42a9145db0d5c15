// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

interface IAllowList {
    function setAdmin(address addr) external;
    function setEnabled(address addr) external;
    function setManager(address addr) external;
    function setNone(address addr) external;
    function readAllowList(address addr) external view returns (uint256 role);
}

/// Test helper: changes and reads roles of an allow-list precompile from a contract.
contract RoleCaller {
    function setEnabled(address precompile, address addr) external {
        IAllowList(precompile).setEnabled(addr);
    }

    function setAdmin(address precompile, address addr) external {
        IAllowList(precompile).setAdmin(addr);
    }

    function setNone(address precompile, address addr) external {
        IAllowList(precompile).setNone(addr);
    }

    function read(address precompile, address addr) external view returns (uint256) {
        return IAllowList(precompile).readAllowList(addr);
    }
}
