/**
 * Values for the names an example uses but does not create: `declare const client: PublicClient`
 * in a JSDoc example, or `client` in a fragment (its prelude declares it). When the examples are
 * run (./snippets.ts, `runnableCode`), each such declaration becomes
 * `const client = await standIn('publicClient', '<L1 URL>')`: a real value over the devnet, made
 * with the built package as a user would make it. ./snippets.ts `standInFor` says which kind a
 * declared name and type get; this module makes them.
 *
 * Imported by the run programs only (inside the tsx process, by path), never by the test files.
 */
import { type Chain, createPublicClient, createWalletClient, defineChain, http, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { precompileWalletActions } from 'subnet-rpc/viem/precompiles'
import { infoActions, subnetActions } from 'subnet-rpc/viem'
import { SubnetProvider } from 'subnet-rpc/ethers'

/** anvil's first dev account: the built-in devnet's admin of every allow-list precompile (packages/devnet/src/config/defaults.ts). */
const adminKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export type StandInKind = 'publicClient' | 'provider' | 'info' | 'url' | 'eip1193' | 'adminWallet' | 'adminPrecompileWallet' | 'role'

const chains = new Map<string, Promise<Chain>>()
function chainOf(url: string): Promise<Chain> {
  let chain = chains.get(url)
  if (!chain) {
    chain = createPublicClient({ transport: http(url) })
      .getChainId()
      .then((id) =>
        defineChain({
          id,
          name: 'devnet',
          nativeCurrency: { name: 'Coin', symbol: 'COIN', decimals: 18 },
          rpcUrls: { default: { http: [url] } },
        }),
      )
    chains.set(url, chain)
  }
  return chain
}

/**
 * A wallet client of a new account that the built-in admin made admin of every allow list
 * active now, and funded: an example that demotes or spends it leaves the others' accounts
 * as they were.
 */
async function newAdminWallet(url: string) {
  const chain = await chainOf(url)
  const transport = http(url)
  const client = createPublicClient({ chain, transport }).extend(subnetActions)
  const admin = createWalletClient({ account: privateKeyToAccount(adminKey), chain, transport }).extend(precompileWalletActions)
  const wallet = createWalletClient({ account: privateKeyToAccount(generatePrivateKey()), chain, transport })
  const active = (await client.getActiveRulesAt()).precompiles
  for (const precompile of [
    'txAllowListConfig',
    'contractDeployerAllowListConfig',
    'contractNativeMinterConfig',
    'feeManagerConfig',
    'rewardManagerConfig',
  ] as const) {
    if (!active[precompile]) continue
    const hash = await admin.setAllowListRole({ precompile, address: wallet.account.address, role: 'admin' })
    await client.waitForTransactionReceipt({ hash })
  }
  const funded = await admin.sendTransaction({ to: wallet.account.address, value: 10n ** 20n })
  await client.waitForTransactionReceipt({ hash: funded })
  return wallet
}

/** Makes the value of a stand-in of `kind` over the L1 RPC URL `url`. */
export async function standIn(kind: StandInKind, url: string): Promise<unknown> {
  switch (kind) {
    case 'publicClient':
      return createPublicClient({ chain: await chainOf(url), transport: http(url) })
        .extend(subnetActions)
        .extend(infoActions)
    case 'provider':
      return new SubnetProvider(url)
    case 'info':
      return new SubnetProvider(url).info
    case 'url':
      return url
    case 'eip1193': {
      // What a browser wallet is to a dApp: an EIP-1193 `request`, here over the devnet.
      const client: PublicClient = createPublicClient({ transport: http(url) })
      return { request: (args: { method: string; params?: unknown }) => client.request(args as never) }
    }
    case 'adminWallet':
      return newAdminWallet(url)
    case 'adminPrecompileWallet':
      return (await newAdminWallet(url)).extend(precompileWalletActions)
    case 'role':
      return 'enabled'
  }
}
