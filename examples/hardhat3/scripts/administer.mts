// Administers the L1's precompiles from a Hardhat 3 script with viem and subnet-rpc's precompile actions: for each of the
// Tx Allow List, the Fee Manager and the Native Minter that is active now, it makes one change and reads its effect back,
// and prints one JSON line per step (the steps of ../../hardhat/scripts/administer.cjs, the Hardhat 2 and ethers
// version). Each change is checked before it is sent (the precompile active at the next block, the sender's role, the
// fee config against the node's rules) and simulated; run by an address without a role, each change is refused with a
// typed error that the script prints (its name and message) instead.
//
//   npx subnet-rpc devnet --genesis fee_manager.json       (or tx_allow_list.json, contract_native_minter.json)
//   npx hardhat run --no-compile scripts/administer.mts --network devnet   (no contracts here: nothing to compile)
//
// The signer is the network's first account (hardhat.config.js: SIGNER_KEY, default the key of
// 0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC, the admin of Subnet-EVM's test genesis files).
import { network } from 'hardhat'
import { subnetActions } from 'subnet-rpc/viem'
import { precompileActions, precompileWalletActions } from 'subnet-rpc/viem/precompiles'
import { createWalletClient, custom, getAddress, type Hash, parseEther, type TransactionReceipt } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const { viem, provider } = await network.create()
const publicClient = (await viem.getPublicClient()).extend(subnetActions).extend(precompileActions)
const [walletClient] = await viem.getWalletClients()
if (!walletClient) throw new Error('the network has no account: set SIGNER_KEY or accounts in hardhat.config.js')
const wallet = walletClient.extend(precompileWalletActions)
const signer = getAddress(wallet.account.address)

type Client = typeof publicClient
type Wallet = typeof wallet

const print = (line: object) => console.log(JSON.stringify(line, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)))

/** A refusal in words: subnet-rpc's typed errors by name and short message; the node's own text (end of viem's `cause` chain) otherwise. */
function refusal(error: unknown): string {
  const e = error as { name?: string; shortMessage?: string }
  if (e.name && e.shortMessage && /^(AllowListRole|InvalidFeeConfig|PrecompileNotActive|SelfDemotion)Error$/.test(e.name))
    return `${e.name}: ${e.shortMessage}`
  let text: string | undefined
  for (let c = error as { cause?: unknown; code?: unknown; message?: unknown; details?: unknown } | undefined; c; c = c.cause as typeof c)
    if (typeof c.code === 'number' && typeof c.message === 'string') text = typeof c.details === 'string' ? c.details : c.message
  return text ?? (error instanceof Error ? error.message : String(error))
}

/** Runs one change; prints its effect, or the refusal. */
async function step(name: string, change: () => Promise<Hash>, effect: (receipt: TransactionReceipt) => Promise<object>) {
  try {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await change() })
    print({ step: name, ok: true, block: Number(receipt.blockNumber), ...(await effect(receipt)) })
  } catch (error) {
    print({ step: name, ok: false, error: refusal(error) })
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
    const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateL1FeesPerGas()
    const hash = await newcomer.sendTransaction({ to: signer, value: 1n, maxFeePerGas, maxPriorityFeePerGas })
    return (await client.waitForTransactionReceipt({ hash })).status
  }
  let refusedBefore: string | undefined
  try {
    const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateL1FeesPerGas()
    await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: newcomer.account.address, value: parseEther('1'), maxFeePerGas, maxPriorityFeePerGas }),
    })
    refusedBefore = await sendFromNewcomer().then(() => 'not refused', refusal)
  } catch {
    // The signer cannot fund it (no coins, or not allowed to send itself): the step below prints the refusal.
  }
  await step(
    'txAllowList.setEnabled',
    () => wallet.setAllowListRole({ precompile: 'txAllowListConfig', address: newcomer.account.address, role: 'enabled' }),
    async () => ({
      account: newcomer.account.address,
      refusedBefore,
      role: await client.getAllowListRole({ precompile: 'txAllowListConfig', address: newcomer.account.address }),
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
    () => wallet.setFeeConfig({ feeConfig: next }),
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
    () => wallet.mintNativeCoin({ to: recipient, amount: parseEther('1000') }),
    async () => ({ recipient, balance: await client.getBalance({ address: recipient }) }),
  )
}

const { precompiles } = await publicClient.getActiveRulesAt()
print({ signer, active: Object.keys(precompiles) })

if ('txAllowListConfig' in precompiles) await enableNewcomer(publicClient, wallet)
if ('feeManagerConfig' in precompiles) await doubleMinBaseFee(publicClient, wallet)
if ('contractNativeMinterConfig' in precompiles) await mintToNewAddress(publicClient, wallet)
