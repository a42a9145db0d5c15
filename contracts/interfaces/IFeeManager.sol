// SPDX-License-Identifier: MIT
pragma solidity >=0.8.4 <0.9.0;

import {IAllowList} from "./IAllowList.sol";

/// @title IFeeManager
/// @notice The Fee Manager precompile at 0x0200000000000000000000000000000000000003 (`feeManagerConfig`): enabled
/// accounts change the chain's fee config, which takes effect from the next block.
/// @dev ABI: avalanchego graft/subnet-evm/precompile/contracts/feemanager/IFeeManager.abi; behaviour:
/// feemanager/contract.go, the checks commontype/fee_config.go `Verify`. Refusals fail with no revert data and use
/// all the gas given to the call.
interface IFeeManager is IAllowList {
    /// @notice The fee config as `FeeConfigChanged` carries it.
    struct FeeConfig {
        uint256 gasLimit;
        uint256 targetBlockRate;
        uint256 minBaseFee;
        uint256 targetGas;
        uint256 baseFeeChangeDenominator;
        uint256 minBlockGasCost;
        uint256 maxBlockGasCost;
        uint256 blockGasCostStep;
    }

    /// @notice Emitted by each change from Durango (feemanager/event.go), with the config before and after.
    event FeeConfigChanged(address indexed sender, FeeConfig oldFeeConfig, FeeConfig newFeeConfig);

    /// @notice Replaces the fee config from the next block on.
    /// @dev Gas 180,000 (`SetFeeConfigGasCost`: nine slots written), plus 45,221 for `FeeConfigChanged` from Durango.
    /// Refused for a caller without a role (`non-enabled cannot change fee config: <caller>`) and for a config that
    /// fails `Verify` (`cannot verify fee config: …`: gasLimit, targetBlockRate, targetGas and
    /// baseFeeChangeDenominator above zero, minBlockGasCost ≤ maxBlockGasCost, maxBlockGasCost a uint64).
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

    /// @notice The fee config in force: the last one set, else the genesis one.
    /// @dev Gas 40,000 (`GetFeeConfigGasCost`); open to anyone.
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

    /// @notice The number of the block that last changed the fee config (the activation block at first).
    /// @dev Gas 5,000 (`GetLastChangedAtGasCost`); open to anyone.
    function getFeeConfigLastChangedAt() external view returns (uint256 blockNumber);
}
