// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {AllowList} from "./AllowList.sol";

/// Tx Allow List (0x0200000000000000000000000000000000000002): the allow list alone
/// (precompile/contracts/txallowlist/contract.go). The devnet refuses transactions from
/// senders without a role in eth_sendRawTransaction / eth_sendTransaction.
contract TxAllowList is AllowList {}
