// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList} from "./AllowList.sol";
import {IFeeManager} from "./interfaces/IFeeManager.sol";

/// Fee Manager (0x0200000000000000000000000000000000000003) (precompile/contracts/feemanager/contract.go):
/// field i (1..8) of the fee config at slot bytes32(bytes1(i)), the block of the last change at "lca" (0x6c6361
/// then 29 zero bytes). The getters are open to anyone and ignore their input; setFeeConfig needs an enabled
/// caller and a config that passes commontype.FeeConfig.Verify. Before Durango its input must be exactly eight
/// words and it emits no FeeConfigChanged (nor pays its gas).
contract FeeManager is AllowList {
    event FeeConfigChanged(address indexed sender, FeeConfig oldFeeConfig, FeeConfig newFeeConfig);

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

    bytes32 internal constant LAST_CHANGED_AT_KEY = bytes32(bytes3("lca"));

    /// feemanager/contract.go: `GetFeeConfigGasCost` (8 slots read), `GetLastChangedAtGasCost` (1 slot),
    /// `SetFeeConfigGasCost` (9 slots written) and, from Durango, `FeeConfigChangedEventGasCost` (event.go): reading
    /// the old config (8 slots) plus the log with 2 topics and 2 × 8 words of data.
    uint256 internal constant GET_FEE_CONFIG_GAS = 8 * 5_000;
    uint256 internal constant GET_LAST_CHANGED_AT_GAS = 5_000;
    uint256 internal constant SET_FEE_CONFIG_GAS = 9 * 20_000;
    uint256 internal constant FEE_CONFIG_CHANGED_EVENT_GAS = 8 * 5_000 + LOG_GAS + 2 * LOG_TOPIC_GAS + 2 * 256 * LOG_DATA_GAS;

    function _run(Meter memory meter, bytes4 selector, bytes calldata args) internal override returns (bytes memory) {
        if (selector == IFeeManager.getFeeConfig.selector) {
            bytes memory output = abi.encode(_stored());
            _charge(meter, GET_FEE_CONFIG_GAS);
            return output;
        }
        if (selector == IFeeManager.getFeeConfigLastChangedAt.selector) {
            bytes32 key = LAST_CHANGED_AT_KEY;
            uint256 blockNumber;
            assembly {
                blockNumber := sload(key)
            }
            bytes memory output = abi.encode(blockNumber);
            _charge(meter, GET_LAST_CHANGED_AT_GAS);
            return output;
        }
        if (selector == IFeeManager.setFeeConfig.selector) return _setFeeConfig(meter, args);
        return super._run(meter, selector, args);
    }

    /// setFeeConfig: UnpackSetFeeConfigInput, the caller's role, FeeConfigChanged (Durango), StoreFeeConfig.
    function _setFeeConfig(Meter memory meter, bytes calldata args) private returns (bytes memory) {
        bool durango = _durango();
        if (!durango && args.length != 256) _fail(SET_FEE_CONFIG_GAS, string.concat("invalid input length for fee config Input: ", _decimal(args.length)));
        if (args.length < 256) _fail(SET_FEE_CONFIG_GAS, string.concat("failed to unpack input: ", _unpackError(args.length)));
        if (!_isEnabled(msg.sender)) {
            _fail(SET_FEE_CONFIG_GAS, string.concat("non-enabled cannot change fee config: ", _checksummed(msg.sender)));
        }
        uint256[8] memory fields;
        for (uint256 i = 0; i < 8; i++) {
            fields[i] = _word(args, i);
        }
        // UnpackSetFeeConfigInput keeps targetBlockRate as a uint64 (big.Int.Uint64: the low 64 bits).
        fields[1] = uint256(uint64(fields[1]));
        FeeConfig memory c = FeeConfig(
            fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6], fields[7]
        );
        if (durango) emit FeeConfigChanged(msg.sender, _stored(), c);
        string memory problem = _verify(c);
        if (bytes(problem).length != 0) {
            // After FeeConfigChangedEventGasCost (Durango): StoreFeeConfig verifies last.
            _fail(durango ? SET_FEE_CONFIG_GAS + FEE_CONFIG_CHANGED_EVENT_GAS : SET_FEE_CONFIG_GAS, string.concat("cannot verify fee config: ", problem));
        }
        for (uint256 i = 0; i < 8; i++) {
            bytes32 key = bytes32(bytes1(uint8(i + 1)));
            uint256 value = fields[i];
            assembly {
                sstore(key, value)
            }
        }
        bytes32 lca = LAST_CHANGED_AT_KEY;
        uint256 blockNumber = block.number;
        assembly {
            sstore(lca, blockNumber)
        }
        _charge(meter, durango ? SET_FEE_CONFIG_GAS + FEE_CONFIG_CHANGED_EVENT_GAS : SET_FEE_CONFIG_GAS);
        return "";
    }

    function _stored() internal view returns (FeeConfig memory c) {
        uint256[8] memory fields;
        for (uint256 i = 0; i < 8; i++) {
            bytes32 key = bytes32(bytes1(uint8(i + 1)));
            uint256 value;
            assembly {
                value := sload(key)
            }
            fields[i] = value;
        }
        // GetStoredFeeConfig reads targetBlockRate with Uint64().
        c = FeeConfig(
            fields[0],
            uint256(uint64(fields[1])),
            fields[2],
            fields[3],
            fields[4],
            fields[5],
            fields[6],
            fields[7]
        );
    }

    /// commontype.FeeConfig.Verify for unsigned inputs (nothing is nil or negative here).
    function _verify(FeeConfig memory c) internal pure returns (string memory) {
        if (c.gasLimit == 0) return "gasLimit cannot be less than or equal to 0: gasLimit = 0";
        if (c.targetBlockRate == 0) return "targetBlockRate cannot be less than or equal to 0: targetBlockRate = 0";
        if (c.targetGas == 0) return "targetGas cannot be less than or equal to 0: targetGas = 0";
        if (c.baseFeeChangeDenominator == 0) {
            return "baseFeeChangeDenominator cannot be less than or equal to 0: baseFeeChangeDenominator = 0";
        }
        if (c.minBlockGasCost > c.maxBlockGasCost) {
            return string.concat(
                "minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = ",
                _decimal(c.minBlockGasCost),
                ", maxBlockGasCost = ",
                _decimal(c.maxBlockGasCost)
            );
        }
        if (c.maxBlockGasCost > type(uint64).max) {
            return string.concat("maxBlockGasCost is not a valid uint64: maxBlockGasCost = ", _decimal(c.maxBlockGasCost));
        }
        return "";
    }
}
