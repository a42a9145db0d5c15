// The same administration as scripts/administer.cjs, with subnet-rpc's typed ethers functions over Hardhat's signer:
// each change is checked before it is sent (the precompile active at the next block, the signer's role, a fee config
// against the node's rules), simulated, and sent with fees that never fall under the fee config's minBaseFee. A
// refusal is a typed error (AllowListRoleError, InvalidFeeConfigError, PrecompileNotActiveError, SelfDemotionError);
// the script prints its name and message. One JSON line per step.
//
//   npx hardhat run scripts/precompiles.cjs --network devnet
const hre = require('hardhat')
const {
  getActiveRulesAt,
  getAllowListRole,
  getFeeManagerConfig,
  mintNativeCoin,
  setAllowListRole,
  setFeeConfig,
} = require('subnet-rpc/ethers')

const print = (step) => console.log(JSON.stringify(step, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)))

/** Runs one change; prints its effect, or the typed refusal. */
async function step(name, change, effect) {
  try {
    const receipt = await (await change()).wait()
    print({ step: name, ok: true, block: receipt.blockNumber, ...(await effect(receipt)) })
  } catch (error) {
    print({ step: name, ok: false, error: `${error.name}: ${error.shortMessage ?? error.message}` })
  }
}

async function main() {
  const [signer] = await hre.ethers.getSigners()
  const provider = hre.ethers.provider
  const { precompiles } = await getActiveRulesAt(provider)
  print({ signer: signer.address, active: Object.keys(precompiles) })

  if ('txAllowListConfig' in precompiles) {
    const address = hre.ethers.Wallet.createRandom().address
    await step(
      'txAllowList.setEnabled',
      () => setAllowListRole(signer, { precompile: 'txAllowListConfig', address, role: 'enabled' }),
      async () => ({ address, role: await getAllowListRole(provider, { precompile: 'txAllowListConfig', address }) }),
    )
  }
  if ('feeManagerConfig' in precompiles) {
    const { feeConfig } = await getFeeManagerConfig(provider)
    await step(
      'feeManager.setFeeConfig',
      () => setFeeConfig(signer, { feeConfig: { ...feeConfig, minBaseFee: feeConfig.minBaseFee * 2n } }),
      async () =>
        getFeeManagerConfig(provider).then(({ feeConfig: after, lastChangedAt }) => ({ minBaseFee: after.minBaseFee, lastChangedAt })),
    )
  }
  if ('contractNativeMinterConfig' in precompiles) {
    const to = hre.ethers.Wallet.createRandom().address
    await step(
      'nativeMinter.mintNativeCoin',
      () => mintNativeCoin(signer, { to, amount: hre.ethers.parseEther('1000') }),
      async () => ({ to, balance: await provider.getBalance(to) }),
    )
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
