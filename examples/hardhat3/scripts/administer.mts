// Administers the L1's precompiles from a Hardhat 3 script with viem: for each of the Tx Allow List, the Fee Manager and
// the Native Minter that is active now, it makes one change and reads its effect back, and prints one JSON line per step
// (the steps and lines of ../../hardhat/scripts/administer.cjs, the Hardhat 2 and ethers version). Run by an address
// without a role, each change fails with the node's error text, which the script prints instead.
//
//   npx subnet-rpc devnet --genesis fee_manager.json       (or tx_allow_list.json, contract_native_minter.json)
//   npx hardhat run --no-compile scripts/administer.mts --network devnet   (no contracts here: nothing to compile)
//
// The signer is the network's first account (hardhat.config.js: SIGNER_KEY, default the key of
// 0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC, the admin of Subnet-EVM's test genesis files).
import { network } from 'hardhat'
import { allowListRoleFromNumber, feeManagerAbi, nativeMinterAbi, precompileAddresses, txAllowListAbi } from 'subnet-rpc'
import { subnetActions } from 'subnet-rpc/viem'
import { createWalletClient, custom, getAddress, type Hash, parseEther, type TransactionReceipt } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const { viem, provider } = await network.create()
const publicClient = (await viem.getPublicClient()).extend(subnetActions)
const [wallet] = await viem.getWalletClients()
if (!wallet) throw new Error('the network has no account: set SIGNER_KEY or accounts in hardhat.config.js')
const signer = getAddress(wallet.account.address)

type Client = typeof publicClient
type Wallet = typeof wallet

const print = (line: object) => console.log(JSON.stringify(line, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)))

/** The node's own words: a precompile's Go error comes back as the JSON-RPC error's message, at the end of viem's `cause` chain. */
function nodeText(error: unknown): string {
  let text: string | undefined
  for (let e = error as { cause?: unknown; code?: unknown; message?: unknown; details?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'number' && typeof e.message === 'string') text = typeof e.details === 'string' ? e.details : e.message
  }
  return text ?? (error instanceof Error ? error.message : String(error))
}

/**
 * Fees the pool accepts. It refuses a fee cap below the fee config's `minBaseFee` (`transaction underpriced: … < pool
 * minimum fee cap`), which the Fee Manager may just have raised: viem's estimate (the head's base fee × 1.2 + tip) does
 * not know it, so the cap is at least `minBaseFee` from `eth_feeConfig` plus the tip.
 */
async function feesPerGas(client: Client) {
  const [{ feeConfig }, { maxFeePerGas, maxPriorityFeePerGas }] = await Promise.all([
    client.feeConfig({ blockTag: 'latest' }),
    client.estimateFeesPerGas(),
  ])
  const floor = feeConfig.minBaseFee + maxPriorityFeePerGas
  return { maxFeePerGas: maxFeePerGas > floor ? maxFeePerGas : floor, maxPriorityFeePerGas }
}

/**
 * Runs one change (each simulates its call first: `eth_call` reaches the precompile even from an address with no coins,
 * so a refusal comes back as the precompile's own error, before any fee or gas is at stake, then sends it);
 * prints its effect, or the node's refusal.
 */
async function step(name: string, change: () => Promise<Hash>, effect: (receipt: TransactionReceipt) => Promise<object>) {
  try {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await change() })
    print({ step: name, ok: true, block: Number(receipt.blockNumber), ...(await effect(receipt)) })
  } catch (error) {
    print({ step: name, ok: false, error: nodeText(error) })
  }
}

/** Tx Allow List: a fresh account, funded, is refused by the pool until `setEnabled`; then its transaction is mined. */
async function enableNewcomer(client: Client, wallet: Wallet) {
  const newcomer = createWalletClient({
    account: privateKeyToAccount(generatePrivateKey()),
    chain: client.chain,
    transport: custom(provider),
  })
  const sendFromNewcomer = async () => {
    const hash = await newcomer.sendTransaction({ to: signer, value: 1n, ...(await feesPerGas(client)) })
    return (await client.waitForTransactionReceipt({ hash })).status
  }
  let refusedBefore: string | undefined
  try {
    await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: newcomer.account.address, value: parseEther('1'), ...(await feesPerGas(client)) }),
    })
    refusedBefore = await sendFromNewcomer().then(() => 'not refused', nodeText)
  } catch {
    // The signer cannot fund it (no coins, or not allowed to send itself): the step below prints the node's refusal.
  }
  await step(
    'txAllowList.setEnabled',
    async () => {
      const call = {
        address: precompileAddresses.txAllowListConfig,
        abi: txAllowListAbi,
        functionName: 'setEnabled',
        args: [newcomer.account.address],
      } as const
      await client.simulateContract({ account: wallet.account, ...call })
      return wallet.writeContract({ ...call, ...(await feesPerGas(client)) })
    },
    async () => ({
      account: newcomer.account.address,
      refusedBefore,
      role: allowListRoleFromNumber(
        await client.readContract({
          address: precompileAddresses.txAllowListConfig,
          abi: txAllowListAbi,
          functionName: 'readAllowList',
          args: [newcomer.account.address],
        }),
      ),
      newcomerTxStatus: await sendFromNewcomer(),
    }),
  )
}

/** Fee Manager: doubles `minBaseFee` with `setFeeConfig`, then reads `eth_feeConfig` (the new value, and the block of the change). */
async function doubleMinBaseFee(client: Client, wallet: Wallet) {
  const { feeConfig: current } = await client.feeConfig({ blockTag: 'latest' })
  const next = { ...current, minBaseFee: current.minBaseFee * 2n }
  await step(
    'feeManager.setFeeConfig',
    async () => {
      const call = {
        address: precompileAddresses.feeManagerConfig,
        abi: feeManagerAbi,
        functionName: 'setFeeConfig',
        args: [
          next.gasLimit,
          next.targetBlockRate,
          next.minBaseFee,
          next.targetGas,
          next.baseFeeChangeDenominator,
          next.minBlockGasCost,
          next.maxBlockGasCost,
          next.blockGasCostStep,
        ],
      } as const
      await client.simulateContract({ account: wallet.account, ...call })
      return wallet.writeContract({ ...call, ...(await feesPerGas(client)) })
    },
    async () => {
      const after = await client.feeConfig({ blockTag: 'latest' })
      return { minBaseFee: after.feeConfig.minBaseFee, lastChangedAt: after.lastChangedAt }
    },
  )
}

/** Native Minter: mints 1,000 coins to a fresh address with `mintNativeCoin`, then reads its balance. */
async function mintToNewAddress(client: Client, wallet: Wallet) {
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  await step(
    'nativeMinter.mintNativeCoin',
    async () => {
      const call = {
        address: precompileAddresses.contractNativeMinterConfig,
        abi: nativeMinterAbi,
        functionName: 'mintNativeCoin',
        args: [recipient, parseEther('1000')],
      } as const
      await client.simulateContract({ account: wallet.account, ...call })
      return wallet.writeContract({ ...call, ...(await feesPerGas(client)) })
    },
    async () => ({ recipient, balance: await client.getBalance({ address: recipient }) }),
  )
}

const { precompiles } = await publicClient.getActiveRulesAt()
print({ signer, active: Object.keys(precompiles) })

if ('txAllowListConfig' in precompiles) await enableNewcomer(publicClient, wallet)
if ('feeManagerConfig' in precompiles) await doubleMinBaseFee(publicClient, wallet)
if ('contractNativeMinterConfig' in precompiles) await mintToNewAddress(publicClient, wallet)
