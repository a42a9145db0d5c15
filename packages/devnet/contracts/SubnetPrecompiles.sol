// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

import {SubnetPrecompileCode as Code} from "./SubnetPrecompileCode.sol";

/// @notice The cheatcodes SubnetPrecompiles uses (forge's `Vm`, at the address forge-std names `VM_ADDRESS`).
interface SubnetPrecompilesVm {
    function etch(address target, bytes calldata code) external;
    function store(address target, bytes32 slot, bytes32 value) external;
    function deal(address account, uint256 balance) external;
    function setNonceUnsafe(address account, uint64 nonce) external;
    function prank(address msgSender, address txOrigin) external;
    function snapshotState() external returns (uint256 snapshotId);
    function revertToStateAndDelete(uint256 snapshotId) external returns (bool success);
}

/// @title SubnetPrecompiles
/// @notice Installs Subnet-EVM's stateful precompiles into forge's EVM, for `forge test`: the same Solidity stand-ins
/// the devnet of subnet-rpc-devnet runs on anvil (their runtime code is SubnetPrecompileCode.sol, generated from one
/// compilation with the devnet's), with the state a genesis gives them (allow-list roles, the fee config, the reward
/// address, the Native Minter's reserve). A contract that calls the allow lists, the Native Minter, the Fee Manager,
/// the Reward Manager or Warp then gets the node's results and, for a call given the node's gas, its gas: a precompile
/// uses exactly its fixed cost (less fails as out of gas), and a refusal fails with no revert data, all the gas given
/// to it used, as a node's precompile error does. `ethCall` answers as a node's `eth_call` does, with the node's texts.
/// @dev What a forge EVM cannot hold (transaction-level admission by the Tx Allow List and the Contract Deployer Allow
/// List, the fees paid to the reward address, activation by block time): docs/foundry.md of subnet-rpc.
/// Storage is the node's layout (avalanchego graft/subnet-evm/precompile/allowlist/allowlist.go, contracts/*/contract.go).
/// @custom:example
///     import {SubnetPrecompiles} from "subnet-rpc-devnet/contracts/SubnetPrecompiles.sol";
///     function setUp() public {
///         SubnetPrecompiles.installNativeMinter(SubnetPrecompiles.admin(address(this)));
///     }
library SubnetPrecompiles {
    SubnetPrecompilesVm private constant VM = SubnetPrecompilesVm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    address internal constant CONTRACT_DEPLOYER_ALLOW_LIST = 0x0200000000000000000000000000000000000000;
    address internal constant NATIVE_MINTER = 0x0200000000000000000000000000000000000001;
    address internal constant TX_ALLOW_LIST = 0x0200000000000000000000000000000000000002;
    address internal constant FEE_MANAGER = 0x0200000000000000000000000000000000000003;
    address internal constant REWARD_MANAGER = 0x0200000000000000000000000000000000000004;
    address internal constant WARP_MESSENGER = 0x0200000000000000000000000000000000000005;
    /// @notice Where disabled rewards go (`constants.BlackholeAddr`).
    address internal constant BLACKHOLE = Code.BLACKHOLE;

    /// @notice Allow-list roles as `readAllowList` returns them (allowlist/role.go).
    uint256 internal constant NO_ROLE = 0;
    uint256 internal constant ENABLED_ROLE = 1;
    uint256 internal constant ADMIN_ROLE = 2;
    uint256 internal constant MANAGER_ROLE = 3;

    /// @notice The wei the Native Minter's stand-in pays mints from, kept on its own account (EVM code cannot create
    /// coin): the devnet's reserve, 2^255. `NATIVE_MINTER.balance` includes it inside forge.
    uint256 internal constant MINT_RESERVE = 1 << 255;

    /// @notice A genesis config's allow-list lists (`adminAddresses`, `managerAddresses`, `enabledAddresses`).
    struct Roles {
        address[] admins;
        address[] managers;
        address[] enabled;
    }

    /// @notice A fee config (`feeConfig` / `initialFeeConfig`), in IFeeManager's order.
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

    /// @notice The network upgrades the stand-ins follow: they apply the rules of the block they run in by its
    /// `block.timestamp` (before Durango: no `setManager`, no events, strict input lengths; before Granite: Warp's
    /// older gas). `genesisTime` stands for the time of block 0.
    struct Upgrades {
        uint64 genesisTime;
        uint64 durangoTime;
        uint64 graniteTime;
    }

    /// @notice Durango and Granite active from the start, as on a new L1.
    function latest() internal pure returns (Upgrades memory) {
        return Upgrades(0, 0, 0);
    }

    /// @notice Durango (and Granite) not reached by any block forge runs by default: the pre-Durango rules.
    function preDurango() internal pure returns (Upgrades memory) {
        return Upgrades(0, type(uint64).max, type(uint64).max);
    }

    /// @notice Roles with `account` the only admin.
    function admin(address account) internal pure returns (Roles memory roles) {
        roles.admins = new address[](1);
        roles.admins[0] = account;
    }

    /// @notice Roles with `account` the only enabled account, and no admin.
    function enabled(address account) internal pure returns (Roles memory roles) {
        roles.enabled = new address[](1);
        roles.enabled[0] = account;
    }

    /// @notice Subnet-EVM's default fee config (commontype `DefaultFeeConfig` of params/extras): the one
    /// `getFeeConfig` answers on a chain whose genesis names none.
    function defaultFeeConfig() internal pure returns (FeeConfig memory) {
        return FeeConfig({
            gasLimit: 8_000_000,
            targetBlockRate: 2,
            minBaseFee: 25_000_000_000,
            targetGas: 15_000_000,
            baseFeeChangeDenominator: 36,
            minBlockGasCost: 0,
            maxBlockGasCost: 1_000_000,
            blockGasCostStep: 200_000
        });
    }

    // ---------------------------------------------------------------- install, as a genesis config activates them

    /// @notice The Contract Deployer Allow List with `roles` (`contractDeployerAllowListConfig`). Inside forge it is
    /// an allow list only: forge runs creations without asking it.
    function installContractDeployerAllowList(Roles memory roles) internal {
        install(CONTRACT_DEPLOYER_ALLOW_LIST, latest());
        setRoles(CONTRACT_DEPLOYER_ALLOW_LIST, roles);
    }

    /// @notice The Tx Allow List with `roles` (`txAllowListConfig`). Inside forge it is an allow list only: forge
    /// runs transactions without asking it.
    function installTxAllowList(Roles memory roles) internal {
        install(TX_ALLOW_LIST, latest());
        setRoles(TX_ALLOW_LIST, roles);
    }

    /// @notice The Native Minter with `roles` (`contractNativeMinterConfig`), its reserve funded.
    function installNativeMinter(Roles memory roles) internal {
        install(NATIVE_MINTER, latest());
        setRoles(NATIVE_MINTER, roles);
    }

    /// @notice The Fee Manager with `roles` and `feeConfig` (`feeManagerConfig` with `initialFeeConfig`, or the
    /// chain's `feeConfig`), last changed at this block.
    function installFeeManager(Roles memory roles, FeeConfig memory feeConfig) internal {
        install(FEE_MANAGER, latest());
        setRoles(FEE_MANAGER, roles);
        storeFeeConfig(feeConfig);
    }

    /// @notice The Reward Manager with `roles` (`rewardManagerConfig`): fees to `rewardAddress` (the zero address:
    /// burnt, the blackhole), or to each block's fee recipient when `allowFeeRecipients` (`initialRewardConfig`).
    function installRewardManager(Roles memory roles, address rewardAddress, bool allowFeeRecipients) internal {
        install(REWARD_MANAGER, latest());
        setRoles(REWARD_MANAGER, roles);
        storeRewardAddress(rewardAddress, allowFeeRecipients);
    }

    /// @notice Warp (`warpConfig`) for the L1 `blockchainID` on network `networkID` (1 Mainnet, 5 Fuji). It verifies
    /// no message inside forge: the getters answer "no message", as a node does for an index without a predicate.
    function installWarpMessenger(bytes32 blockchainID, uint32 networkID) internal {
        // The code trailer the devnet writes (packages/devnet/src/l1/warp/warpPredicates.ts `warpCodeTrailer`): no staged
        // predicates (a zero length word), the IDs, the rules.
        VM.etch(WARP_MESSENGER, abi.encodePacked(Code.WARP_MESSENGER, uint256(0), blockchainID, networkID, _trailer(latest())));
        VM.setNonceUnsafe(WARP_MESSENGER, 1);
    }

    /// @notice The five allow-list precompiles with `account` as their admin, `defaultFeeConfig()` and the rewards
    /// burnt: Subnet-EVM's genesis defaults.
    function installAll(address account) internal {
        Roles memory roles = admin(account);
        installContractDeployerAllowList(roles);
        installNativeMinter(roles);
        installTxAllowList(roles);
        installFeeManager(roles, defaultFeeConfig());
        installRewardManager(roles, address(0), false);
    }

    /// @notice For a fork of a real L1 or the devnet (`forge test --fork-url`, and the run of a `forge script`): a
    /// node reports `0x01` as the code of each running precompile, which forge's EVM runs as an opcode (a failed
    /// call). This puts the stand-in's code at each allow-list precompile the fork reports so, and leaves the storage
    /// forge reads from the node (roles, fee config, reward address: the stand-ins' layout is the node's). Rules:
    /// Durango and Granite (`latest()`). Returns how many it installed. Warp stays as the fork has it: its stand-in
    /// needs the chain's IDs (`installWarpMessenger`).
    function installOverFork() internal returns (uint256 installed) {
        address[5] memory all =
            [CONTRACT_DEPLOYER_ALLOW_LIST, NATIVE_MINTER, TX_ALLOW_LIST, FEE_MANAGER, REWARD_MANAGER];
        for (uint256 i = 0; i < all.length; i++) {
            bytes memory code = all[i].code;
            if (code.length == 1 && code[0] == 0x01) {
                install(all[i], latest());
                installed++;
            }
        }
    }

    // ---------------------------------------------------------------- the parts, for other upgrades and states

    /// @notice Installs the stand-in of the allow-list precompile at `precompile` (not Warp) under `upgrades`, as
    /// the node activates it: nonce 1 and the code (ApplyPrecompileActivations); the Native Minter's reserve. Its
    /// storage is left as it is (call `setRoles` and the store functions).
    function install(address precompile, Upgrades memory upgrades) internal {
        VM.etch(precompile, abi.encodePacked(_code(precompile), _trailer(upgrades)));
        VM.setNonceUnsafe(precompile, 1);
        if (precompile == NATIVE_MINTER && precompile.balance < MINT_RESERVE) VM.deal(precompile, precompile.balance + MINT_RESERVE);
    }

    /// @notice Writes the roles of `roles` at the allow list of `precompile` (allowlist/config.go `Configure`:
    /// enabled, then admins, then managers).
    function setRoles(address precompile, Roles memory roles) internal {
        for (uint256 i = 0; i < roles.enabled.length; i++) setRole(precompile, roles.enabled[i], ENABLED_ROLE);
        for (uint256 i = 0; i < roles.admins.length; i++) setRole(precompile, roles.admins[i], ADMIN_ROLE);
        for (uint256 i = 0; i < roles.managers.length; i++) setRole(precompile, roles.managers[i], MANAGER_ROLE);
    }

    /// @notice Gives `account` `role` on the allow list of `precompile`, without the precompile (its slot
    /// `bytes32(account)`): what `SetAllowListRole` writes.
    function setRole(address precompile, address account, uint256 role) internal {
        VM.store(precompile, bytes32(uint256(uint160(account))), bytes32(role));
    }

    /// @notice Writes the Fee Manager's fee config, last changed at this block (contract.go `StoreFeeConfig`).
    function storeFeeConfig(FeeConfig memory c) internal {
        uint256[8] memory fields = [
            c.gasLimit,
            c.targetBlockRate,
            c.minBaseFee,
            c.targetGas,
            c.baseFeeChangeDenominator,
            c.minBlockGasCost,
            c.maxBlockGasCost,
            c.blockGasCostStep
        ];
        for (uint256 i = 0; i < 8; i++) VM.store(FEE_MANAGER, bytes32(bytes1(uint8(i + 1))), bytes32(fields[i]));
        VM.store(FEE_MANAGER, Code.LAST_CHANGED_AT_KEY, bytes32(block.number));
    }

    /// @notice Writes the Reward Manager's reward address (rewardmanager/config.go `InitialRewardConfig.Configure`).
    function storeRewardAddress(address rewardAddress, bool allowFeeRecipients) internal {
        bytes32 value = allowFeeRecipients
            ? Code.ALLOW_FEE_RECIPIENTS_VALUE
            : bytes32(uint256(uint160(rewardAddress == address(0) ? BLACKHOLE : rewardAddress)));
        VM.store(REWARD_MANAGER, Code.REWARD_ADDRESS_KEY, value);
    }

    // ---------------------------------------------------------------- the node's eth_call

    /// @notice What a node's `eth_call` from `from` straight to `precompile` with `gas` beyond the intrinsic gas
    /// answers, leaving no state change: `(true, output)`, or `(false, the node's error text)` (`out of gas` when
    /// `gas` is below the precompile's cost). A contract calling a precompile never sees these texts: a refusal
    /// reaches it as a failed call with no data.
    /// @dev As the devnet answers `eth_call`: a failed call is asked again with the stand-in's simulation flag, under
    /// which it reverts with the node's text (packages/devnet/contracts/standins/Precompile.sol `_fail`). Needs `gas` + 100,000,000 gas left
    /// (forge's default test gas limit has it), and no `vm.startPrank` running (it pranks `from` as sender and origin).
    function ethCall(address from, address precompile, bytes memory data, uint256 gas)
        internal
        returns (bool ok, bytes memory result)
    {
        uint256 snapshot = VM.snapshotState();
        VM.prank(from, from);
        (ok, result) = precompile.call{gas: gas}(data);
        VM.revertToStateAndDelete(snapshot);
        if (ok) return (ok, result);
        // A refusal's text needs far less than 1,000,000 more gas: asked so first, a refusal answers without the
        // stand-in burning SIMULATION_GAS where it runs out of gas as the node does.
        bool reverted;
        (reverted, result) = _flagged(from, precompile, data, gas, 1_000_000);
        // It succeeded: out of gas for want of gas only (the call's original failure), or work dearer than the
        // node's cost, which only a call with SIMULATION_GAS more reads the flag for (`_simulatedExcess`).
        if (!reverted) (reverted, result) = _flagged(from, precompile, data, gas, Code.SIMULATION_GAS);
        if (!reverted) return (false, bytes("out of gas"));
        ok = result.length >= 64 && bytes32(result) == Code.SIMULATED_RESULT;
        result = _simulated(result);
    }

    /// The call with the simulation flag (the gas the caller gave, plus one) and `extra` more gas: whether it
    /// reverted, and its revert data or output.
    function _flagged(address from, address precompile, bytes memory data, uint256 gas, uint256 extra)
        private
        returns (bool reverted, bytes memory result)
    {
        uint256 snapshot = VM.snapshotState();
        VM.store(precompile, Code.SIMULATION_SLOT, bytes32(gas + 1));
        VM.prank(from, from);
        bool ok;
        (ok, result) = precompile.call{gas: gas + extra}(data);
        VM.revertToStateAndDelete(snapshot);
        reverted = !ok;
    }

    /// @notice The node's error text for `ethCall(from, precompile, data, gas)`, or "" when it succeeds.
    function refusal(address from, address precompile, bytes memory data, uint256 gas) internal returns (string memory) {
        (bool ok, bytes memory result) = ethCall(from, precompile, data, gas);
        return ok ? "" : string(result);
    }

    /// A flagged simulation's revert data: the output after `SIMULATED_RESULT` and the cost, an `Error(string)`'s
    /// text, or `out of gas` (no data: the stand-in ran out of gas as the node's precompile does).
    function _simulated(bytes memory reverted) private pure returns (bytes memory) {
        if (reverted.length >= 64 && bytes32(reverted) == Code.SIMULATED_RESULT) {
            bytes memory output = new bytes(reverted.length - 64);
            for (uint256 i = 0; i < output.length; i++) output[i] = reverted[i + 64];
            return output;
        }
        if (reverted.length >= 68 && bytes4(reverted) == bytes4(0x08c379a0)) {
            bytes memory body = new bytes(reverted.length - 4);
            for (uint256 i = 0; i < body.length; i++) body[i] = reverted[i + 4];
            return bytes(abi.decode(body, (string)));
        }
        return bytes("out of gas");
    }

    function _code(address precompile) private pure returns (bytes memory) {
        if (precompile == CONTRACT_DEPLOYER_ALLOW_LIST) return Code.CONTRACT_DEPLOYER_ALLOW_LIST;
        if (precompile == NATIVE_MINTER) return Code.NATIVE_MINTER;
        if (precompile == TX_ALLOW_LIST) return Code.TX_ALLOW_LIST;
        if (precompile == FEE_MANAGER) return Code.FEE_MANAGER;
        if (precompile == REWARD_MANAGER) return Code.REWARD_MANAGER;
        revert("SubnetPrecompiles: not an allow-list precompile address (Warp: installWarpMessenger)");
    }

    /// The rules trailer the devnet appends to every stand-in's code (packages/devnet/src/l1/precompiles/runtime.ts
    /// `rulesTrailer`): genesis, Durango and Granite times, big-endian uint64s.
    function _trailer(Upgrades memory u) private pure returns (bytes memory) {
        bytes memory t = abi.encodePacked(u.genesisTime, u.durangoTime, u.graniteTime);
        require(t.length == Code.RULES_TRAILER, "SubnetPrecompiles: rules trailer");
        return t;
    }
}
