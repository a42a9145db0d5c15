// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {INativeMinter, Precompiles} from "./IPrecompiles.sol";

/// An ERC-20 backed one to one by the L1's native coin: `deposit` burns native coin and mints tokens,
/// `redeem` burns tokens and mints the native coin back through the Native Minter, which this contract must be
/// enabled on.
contract NativeToken {
    INativeMinter private constant MINTER = INativeMinter(Precompiles.NATIVE_MINTER);

    string public constant name = "Native Token";
    string public constant symbol = "NTV";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error PaymentFailed(address to, uint256 amount);

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < value) revert InsufficientAllowance(msg.sender, allowed, value);
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    /// Burns the native coin sent (to the blackhole address) and mints as many tokens to the sender.
    function deposit() external payable {
        _pay(payable(Precompiles.BLACKHOLE), msg.value);
        totalSupply += msg.value;
        balanceOf[msg.sender] += msg.value;
        emit Transfer(address(0), msg.sender, msg.value);
    }

    /// Burns `amount` tokens of the sender and mints as much native coin to the sender.
    function redeem(uint256 amount) external {
        _burn(msg.sender, amount);
        MINTER.mintNativeCoin(msg.sender, amount);
    }

    /// Burns `amount` tokens of the sender, mints the native coin to this contract and pays it on to `to` in the
    /// same transaction: minted coin is spendable at once.
    function redeemTo(address payable to, uint256 amount) external {
        _burn(msg.sender, amount);
        MINTER.mintNativeCoin(address(this), amount);
        _pay(to, amount);
    }

    function _move(address from, address to, uint256 value) private {
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        balanceOf[from] = balance - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _burn(address from, uint256 amount) private {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        balanceOf[from] = balance - amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    function _pay(address payable to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert PaymentFailed(to, amount);
    }
}
