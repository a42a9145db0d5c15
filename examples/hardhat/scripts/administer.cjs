// Administers the L1's precompiles from a Hardhat script: for each of the Tx Allow List, the Fee
// Manager and the Native Minter that is active now, it makes a change and reads its effect back,
// and prints one JSON line per step. Run by an address without a role, each change fails with the
// node's error text, which the script prints instead.
//
//   npx subnet-rpc devnet --genesis fee_manager.json       (or tx_allow_list.json, contract_native_minter.json)
//   npx hardhat run scripts/administer.cjs --network devnet
//
// The signer is the network's first account (hardhat.config.cjs: SIGNER_KEY, default the key of
// 0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC, the admin of Subnet-EVM's test genesis files).
const hre = require('hardhat')
const { feeConfig, getActiveRulesAt } = require('subnet-rpc/ethers')
const { allowListRoleFromNumber, feeManagerAbi, nativeMinterAbi, precompileAddresses, txAllowListAbi } = require('subnet-rpc')

const print = (step) => console.log(JSON.stringify(step, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)))

/** The node's own words: a precompile's Go error comes back as the JSON-RPC error's message. */
function nodeText(error) {
  for (let e = error; e; e = e.error ?? e.info?.error ?? e.cause) {
    if (typeof e.message === 'string' && typeof e.code === 'number') return e.message
  }
  return error.shortMessage ?? error.message
}

/** Runs one change; prints its effect, or the node's refusal. */
async function step(name, change, effect) {
  try {
    const tx = await change()
    const receipt = await tx.wait()
    print({ step: name, ok: true, block: receipt.blockNumber, ...(await effect(receipt)) })
  } catch (error) {
    print({ step: name, ok: false, error: nodeText(error) })
  }
}

async function main() {
  const [signer] = await hre.ethers.getSigners()
  const provider = hre.ethers.provider
  const { precompiles } = await getActiveRulesAt(provider)
  print({ signer: signer.address, active: Object.keys(precompiles) })

  if ('txAllowListConfig' in precompiles) {
    // A fresh account, funded: the pool refuses its transactions until it is enabled.
    const txAllowList = new hre.ethers.Contract(precompileAddresses.txAllowListConfig, txAllowListAbi, signer)
    const newcomer = hre.ethers.Wallet.createRandom().connect(provider)
    const sendFromNewcomer = async () => (await (await newcomer.sendTransaction({ to: signer.address, value: 1n })).wait()).status
    let refusedBefore
    if ((await provider.getBalance(signer.address)) > 0n) {
      await (await signer.sendTransaction({ to: newcomer.address, value: hre.ethers.parseEther('1') })).wait()
      refusedBefore = await sendFromNewcomer().then(
        () => 'not refused',
        (error) => nodeText(error),
      )
    }
    await step(
      'txAllowList.setEnabled',
      () => txAllowList.setEnabled(newcomer.address),
      async () => ({
        account: newcomer.address,
        refusedBefore,
        role: allowListRoleFromNumber(await txAllowList.readAllowList(newcomer.address)),
        newcomerTxStatus: await sendFromNewcomer(),
      }),
    )
  }

  if ('feeManagerConfig' in precompiles) {
    const feeManager = new hre.ethers.Contract(precompileAddresses.feeManagerConfig, feeManagerAbi, signer)
    const { feeConfig: current } = await feeConfig(provider, 'latest')
    const next = { ...current, minBaseFee: current.minBaseFee * 2n }
    await step(
      'feeManager.setFeeConfig',
      () =>
        feeManager.setFeeConfig(
          next.gasLimit,
          next.targetBlockRate,
          next.minBaseFee,
          next.targetGas,
          next.baseFeeChangeDenominator,
          next.minBlockGasCost,
          next.maxBlockGasCost,
          next.blockGasCostStep,
        ),
      async () => {
        const after = await feeConfig(provider, 'latest')
        return { minBaseFee: after.feeConfig.minBaseFee, lastChangedAt: after.lastChangedAt }
      },
    )
  }

  if ('contractNativeMinterConfig' in precompiles) {
    const minter = new hre.ethers.Contract(precompileAddresses.contractNativeMinterConfig, nativeMinterAbi, signer)
    const recipient = hre.ethers.Wallet.createRandom().address
    const amount = hre.ethers.parseEther('1000')
    await step(
      'nativeMinter.mintNativeCoin',
      () => minter.mintNativeCoin(recipient, amount),
      async () => ({ recipient, balance: await provider.getBalance(recipient) }),
    )
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
