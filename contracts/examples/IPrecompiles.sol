// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// The Subnet-EVM stateful precompiles as an L1's own contracts call them: their interfaces and addresses
/// (graft/subnet-evm/precompile/contracts/*/contract.abi in avalanchego).

/// Roles on an allow list, as `readAllowList` returns them (allowlist/role.go).
library Roles {
    uint256 internal constant NONE = 0;
    uint256 internal constant ENABLED = 1;
    uint256 internal constant ADMIN = 2;
    uint256 internal constant MANAGER = 3;
}

library Precompiles {
    address internal constant DEPLOYER_ALLOW_LIST = 0x0200000000000000000000000000000000000000;
    address internal constant NATIVE_MINTER = 0x0200000000000000000000000000000000000001;
    address internal constant TX_ALLOW_LIST = 0x0200000000000000000000000000000000000002;
    address internal constant FEE_MANAGER = 0x0200000000000000000000000000000000000003;
    address internal constant REWARD_MANAGER = 0x0200000000000000000000000000000000000004;
    /// Where burned native coin goes (constants.BlackholeAddr).
    address internal constant BLACKHOLE = 0x0100000000000000000000000000000000000000;
}

interface IAllowList {
    event RoleSet(uint256 indexed role, address indexed account, address indexed sender, uint256 oldRole);

    function setAdmin(address addr) external;
    function setEnabled(address addr) external;
    function setManager(address addr) external;
    function setNone(address addr) external;
    function readAllowList(address addr) external view returns (uint256 role);
}

interface INativeMinter is IAllowList {
    function mintNativeCoin(address addr, uint256 amount) external;
}

interface IFeeManager is IAllowList {
    function setFeeConfig(
        uint256 gasLimit,
        uint256 targetBlockRate,
        uint256 minBaseFee,
        uint256 targetGas,
        uint256 baseFeeChangeDenominator,
        uint256 minBlockGasCost,
        uint256 maxBlockGasCost,
        uint256 blockGasCostStep
    ) external;

    function getFeeConfig()
        external
        view
        returns (
            uint256 gasLimit,
            uint256 targetBlockRate,
            uint256 minBaseFee,
            uint256 targetGas,
            uint256 baseFeeChangeDenominator,
            uint256 minBlockGasCost,
            uint256 maxBlockGasCost,
            uint256 blockGasCostStep
        );

    function getFeeConfigLastChangedAt() external view returns (uint256 blockNumber);
}

interface IRewardManager is IAllowList {
    function setRewardAddress(address addr) external;
    function allowFeeRecipients() external;
    function disableRewards() external;
    function currentRewardAddress() external view returns (address rewardAddress);
    function areFeeRecipientsAllowed() external view returns (bool isAllowed);
}
