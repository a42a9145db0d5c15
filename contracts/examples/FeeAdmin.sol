// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowListed} from "./AllowListed.sol";
import {IFeeManager, Precompiles} from "./IPrecompiles.sol";

/// Changes the L1's fee config through the Fee Manager. This contract needs a role on the Fee Manager; its
/// callers need one too (any role may raise the minimum base fee, only admins may replace the whole config).
contract FeeAdmin is AllowListed {
    IFeeManager private constant FEES = IFeeManager(Precompiles.FEE_MANAGER);

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

    constructor() AllowListed(Precompiles.FEE_MANAGER) {}

    function feeConfig() public view returns (FeeConfig memory c) {
        (
            c.gasLimit,
            c.targetBlockRate,
            c.minBaseFee,
            c.targetGas,
            c.baseFeeChangeDenominator,
            c.minBlockGasCost,
            c.maxBlockGasCost,
            c.blockGasCostStep
        ) = FEES.getFeeConfig();
    }

    function lastChangedAt() external view returns (uint256) {
        return FEES.getFeeConfigLastChangedAt();
    }

    function setFeeConfig(FeeConfig memory c) public onlyAdmin {
        _store(c);
    }

    /// The config in force with only `minBaseFee` changed.
    function setMinBaseFee(uint256 minBaseFee) external onlyEnabled {
        FeeConfig memory c = feeConfig();
        c.minBaseFee = minBaseFee;
        _store(c);
    }

    function _store(FeeConfig memory c) private {
        FEES.setFeeConfig(
            c.gasLimit,
            c.targetBlockRate,
            c.minBaseFee,
            c.targetGas,
            c.baseFeeChangeDenominator,
            c.minBlockGasCost,
            c.maxBlockGasCost,
            c.blockGasCostStep
        );
    }
}
