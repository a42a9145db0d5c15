/**
 * precompile/contracts/nativeminter/contract_test.go `tests`, case by case (same names, same order); `durango: false`
 * where its ChainConfigFn says IsDurango false. `initial_mint_funds` (a `Config`, no input) is `initialMintCase`.
 */
import { concat, encodeFunctionData, getAddress, type Hex, toEventSelector } from 'viem'
import { nativeMinterAbi } from '../../../src/core/precompiles/abis.js'
import { type Case, defaultRoles, TestAdminAddr, TestEnabledAddr, TestManagerAddr, TestNoRoleAddr, word } from './harness.js'

export const NATIVE_MINTER = '0x0200000000000000000000000000000000000001'
/** nativeminter.MintGasCost; NativeCoinMintedEventGasCost (event.go: log, 3 topics, 32 bytes). */
const MintGasCost = 30_000
const NativeCoinMintedEventGasCost = 375 + 3 * 375 + 32 * 8
const mintedTopic = toEventSelector('NativeCoinMinted(address,address,uint256)')
const maxBig256 = (1n << 256n) - 1n

const pack = (to: string, amount: bigint) =>
  encodeFunctionData({ abi: nativeMinterAbi, functionName: 'mintNativeCoin', args: [to as Hex, amount] })
/** assertNativeCoinMintedEvent. */
const minted = (sender: string, recipient: string, amount: bigint) => ({
  address: NATIVE_MINTER,
  topics: [mintedTopic, word(BigInt(sender)), word(BigInt(recipient))],
  data: word(amount),
})

export type MinterCase = Case & { durango: boolean; differs?: string }

export function nativeMinterTests(): MinterCase[] {
  const before = defaultRoles(NATIVE_MINTER)
  const base = { precompile: NATIVE_MINTER, before, durango: true }
  const mint = (name: string, caller: string, to: string, amount: bigint, extra: Partial<MinterCase> = {}): MinterCase => ({
    ...base,
    name,
    caller,
    input: pack(to, amount),
    suppliedGas: MintGasCost + NativeCoinMintedEventGasCost,
    res: '0x',
    logs: [minted(caller, to, amount)],
    credits: [[to, amount]],
    // The runner funds the sender before mining, so only a recipient other than the sender is a new account then:
    // a value transfer creating it costs the stand-in 25,000 beyond the node's flat MintGasCost.
    dearer: to !== caller,
    ...extra,
  })
  const readOnly = (name: string, caller: string, to: string): MinterCase => ({
    ...base,
    name,
    caller,
    input: pack(to, 1n),
    suppliedGas: MintGasCost,
    readOnly: true,
    err: 'write protection',
  })
  return [
    {
      ...base,
      name: 'calling_mintNativeCoin_from_NoRole_should_fail',
      caller: TestNoRoleAddr,
      input: pack(TestNoRoleAddr, 1n),
      suppliedGas: MintGasCost,
      err: `non-enabled cannot mint: ${getAddress(TestNoRoleAddr)}`,
    },
    mint('calling_mintNativeCoin_from_Enabled_should_succeed', TestEnabledAddr, TestEnabledAddr, 1n),
    mint('calling_mintNativeCoin_from_Manager_should_succeed', TestManagerAddr, TestEnabledAddr, 1n),
    mint('mint_funds_from_admin_address', TestAdminAddr, TestAdminAddr, 1n),
    mint('mint_max_big_funds', TestAdminAddr, TestAdminAddr, maxBig256, {
      differs:
        "the stand-in pays mints from a reserve of 2^255 wei (packages/devnet/contracts/standins/NativeMinter.sol): a mint above it fails with the devnet's own text",
    }),
    readOnly('readOnly_mint_with_noRole_fails', TestNoRoleAddr, TestAdminAddr),
    readOnly('readOnly_mint_with_allow_role_fails', TestEnabledAddr, TestEnabledAddr),
    readOnly('readOnly_mint_with_admin_role_fails', TestAdminAddr, TestAdminAddr),
    {
      ...base,
      name: 'insufficient_gas_mint_from_admin',
      caller: TestAdminAddr,
      input: pack(TestEnabledAddr, 1n),
      suppliedGas: MintGasCost + NativeCoinMintedEventGasCost - 1,
      err: 'out of gas',
    },
    mint('mint_does_not_log_pre_Durango', TestEnabledAddr, TestEnabledAddr, 1n, {
      suppliedGas: MintGasCost,
      logs: [],
      durango: false,
    }),
    {
      ...base,
      name: 'mint_with_extra_padded_bytes_should_fail_pre_Durango',
      caller: TestEnabledAddr,
      input: concat([pack(TestEnabledAddr, 1n), word(0n)]),
      suppliedGas: MintGasCost,
      err: 'invalid input length for minting: 96',
      durango: false,
    },
    mint('mint_with_extra_padded_bytes_should_succeed_with_Durango', TestEnabledAddr, TestEnabledAddr, 1n, {
      input: concat([pack(TestEnabledAddr, 1n), word(0n)]),
    }),
  ]
}

/** `initial_mint_funds`: Configure with InitialMint {TestEnabledAddr: 2}, then that balance. */
export const initialMintCase = {
  name: 'initial_mint_funds',
  initialMint: { [TestEnabledAddr]: '0x2' },
  balance: [TestEnabledAddr, 2n] as const,
}
