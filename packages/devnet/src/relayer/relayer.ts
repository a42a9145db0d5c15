/**
 * The devnet's relayer: icm-relayer's loop inside the node (icm-services relayer/application_relayer.go,
 * relayer/messages/teleporter/message_handler.go), for the L1s of one devnet. For each source L1 it reads the
 * `SendWarpMessage` logs of the message contracts it watches as blocks are accepted, decodes the Teleporter
 * message of each, and delivers it to its destination L1 (if that is one of the source's destinations):
 *
 * - `ShouldSendMessage`: skipped when this relayer is not in `allowedRelayerAddresses`, or the destination's
 *   messenger already received it (`messageReceived`);
 * - the aggregate signature of the source subnet's validators, to the destination's Warp quorum (the devnet holds
 *   every key: the node's aggregate API's bytes, ./aggregate.ts);
 * - `receiveCrossChainMessage(0, rewardAddress)` in an EIP-1559 transaction carrying the signed message as its
 *   predicate, sent through the destination endpoint's own checks, with `CalculateReceiveMessageGasLimit`'s gas
 *   and fee caps of twice the base fee plus a 2.5 gwei tip (utils/gas_utils.go `BaseFeeFactor`,
 *   `MaxPriorityFeePerGas`);
 * - a failed send or a reverted delivery is retried with a doubling back-off, up to `maxAttempts`, checking
 *   `messageReceived` first each time; a message is delivered at most once (one record per Teleporter message ID,
 *   a message re-sent by `retrySendCrossChainMessage` is delivered again only if its delivery had failed).
 *
 * A delivery whose execution fails on the destination (Teleporter's `MessageExecutionFailed`: a reverting receiver,
 * too little `requiredGasLimit`) is delivered: the relayer's work is done, the message can be executed again with
 * `retryMessageExecution`. The record keeps the receiver's revert text.
 */
import type { RelayedMessage } from './records.js'
import { keccak_256 } from '@noble/hashes/sha3'
import { encodeCb58 } from 'subnet-rpc'
import {
  encodeUnsignedWarpMessage,
  packPredicate,
  parseSignedWarpMessage,
  parseTeleporterMessage,
  parseWarpPayload,
  signerIndices,
  teleporterMessageID,
  teleporterMessengerAddress,
  teleporterReceiveGasLimit,
  type TeleporterMessage,
  warpMessagesOfLogs,
} from 'subnet-rpc/warp'
import { activePrecompileConfig } from 'subnet-rpc/config'
import type { L1Instance } from '../l1/l1.js'
import type { WarpNetwork } from '../network/types.js'
import { Aggregator } from './aggregate.js'
import { addressOf, seedKey, signEip1559 } from './signer.js'

type Hex = `0x${string}`

/** Per source L1: the message contracts to watch and the L1s to deliver to. */
export type RelayerSourceOptions = {
  /** Message contract addresses whose Warp messages are relayed (default: the relayer's `messengers`). */
  messengers?: string[]
  /** Aliases of the L1s its messages are delivered to (default: every L1 of the devnet, itself included). */
  destinations?: string[]
}

/** The devnet's relayer, configured as icm-relayer is (`startDevnet({ relayer })`, `--relay`). */
export type RelayerOptions = {
  /** Message contracts watched on every source L1. Default: Teleporter's address, `0x253b2784c75e510dD0fF1da844684a1aC0aa5fcf`. */
  messengers?: string[]
  /** Per source L1 alias: its messengers and destinations. Default: every L1 is a source and a destination of each. */
  sources?: Record<string, RelayerSourceOptions>
  /**
   * The relayer's private key (0x and 64 hex digits). Default: a key derived from the devnet's seed. An account with
   * no balance on an L1 is given 1,000 native tokens there at start, as avalanche-cli funds its relayer.
   */
  privateKey?: string
  /** `relayerRewardAddress` of each delivery. Default: the relayer's address. */
  rewardAddress?: string
  /** Delivery attempts per message before it is marked failed (default 5). */
  maxAttempts?: number
  /** Where each delivery's line goes (default: stdout). */
  log?: (line: string) => void
}

const hexOf = (b: Uint8Array): Hex => `0x${Buffer.from(b).toString('hex')}`
const selector = (signature: string) => hexOf(keccak_256(new TextEncoder().encode(signature)).subarray(0, 4))
const topic = (signature: string) => hexOf(keccak_256(new TextEncoder().encode(signature)))
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')

const messageTuple = '(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes)'
const sel = {
  receiveCrossChainMessage: selector('receiveCrossChainMessage(uint32,address)'),
  messageReceived: selector('messageReceived(bytes32)'),
  receiveTeleporterMessage: selector('receiveTeleporterMessage(bytes32,address,bytes)'),
  readAllowList: selector('readAllowList(address)'),
  setEnabled: selector('setEnabled(address)'),
}
const txAllowList = '0x0200000000000000000000000000000000000002'
const topics = {
  sendWarpMessage: topic('SendWarpMessage(address,bytes32,bytes)'),
  messageExecuted: topic('MessageExecuted(bytes32,bytes32)'),
  messageExecutionFailed: topic(`MessageExecutionFailed(bytes32,bytes32,${messageTuple})`),
}
const warpAddress = '0x0200000000000000000000000000000000000005'
const tipCap = 2_500_000_000n
const fundAmount = 1000n * 10n ** 18n

type Log = { address: string; topics: Hex[]; data: Hex; transactionHash: Hex; blockNumber: string }
type Receipt = { status: string; blockNumber: string; logs: Log[] }

/** An L1 as the relayer sees it. */
type Chain = { l1: L1Instance; alias: string; blockchainID: string; idHex: Hex; subnetID: Uint8Array }

/** `true` or options: the relayer's settings checked, with their defaults. */
export type RelayerPlan = {
  privateKey: Hex
  address: Hex
  rewardAddress: Hex
  maxAttempts: number
  /** Per source alias: watched contracts (lower case) and destination aliases. */
  sources: Map<string, { messengers: Set<string>; destinations: Set<string> }>
  log: (line: string) => void
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/

/** Checks the relayer's options against the devnet's L1 aliases; throws with what was wrong and what is accepted. */
export function planRelayer(options: RelayerOptions | true, aliases: string[], seed: string): RelayerPlan {
  const o: RelayerOptions = options === true ? {} : options
  if (typeof o !== 'object' || o === null)
    throw new Error(
      `relayer: expected true or an object { messengers?, sources?, privateKey?, rewardAddress? }, got ${JSON.stringify(options)}`,
    )
  const addresses = (list: unknown, where: string): string[] => {
    if (!Array.isArray(list) || list.some((a) => typeof a !== 'string' || !addressPattern.test(a)))
      throw new Error(`${where}: expected a list of 0x-prefixed 20-byte addresses, got ${JSON.stringify(list)}`)
    return (list as string[]).map((a) => a.toLowerCase())
  }
  const messengers = o.messengers === undefined ? [teleporterMessengerAddress.toLowerCase()] : addresses(o.messengers, 'relayer.messengers')
  const privateKey = o.privateKey ?? seedKey(seed)
  if (typeof privateKey !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(privateKey))
    throw new Error('relayer.privateKey: expected 0x and 64 hex digits (a secp256k1 private key)')
  const address = addressOf(privateKey as Hex)
  if (o.rewardAddress !== undefined && (typeof o.rewardAddress !== 'string' || !addressPattern.test(o.rewardAddress)))
    throw new Error(`relayer.rewardAddress: expected a 0x-prefixed 20-byte address, got ${JSON.stringify(o.rewardAddress)}`)
  const maxAttempts = o.maxAttempts ?? 5
  if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1)
    throw new Error(`relayer.maxAttempts: expected an integer of 1 or more, got ${JSON.stringify(o.maxAttempts)}`)
  for (const alias of Object.keys(o.sources ?? {}))
    if (!aliases.includes(alias))
      throw new Error(`relayer.sources: no L1 has the alias ${JSON.stringify(alias)} (the devnet's: ${aliases.join(', ')})`)
  const sources = new Map<string, { messengers: Set<string>; destinations: Set<string> }>()
  for (const alias of aliases) {
    const s = o.sources?.[alias]
    // A chain may send to itself (Teleporter checks only that the destination is the receiving chain).
    const destinations = s?.destinations ?? aliases
    for (const d of destinations)
      if (!aliases.includes(d))
        throw new Error(
          `relayer.sources.${alias}.destinations: no L1 has the alias ${JSON.stringify(d)} (the devnet's: ${aliases.join(', ')})`,
        )
    sources.set(alias, {
      messengers: new Set(s?.messengers === undefined ? messengers : addresses(s.messengers, `relayer.sources.${alias}.messengers`)),
      destinations: new Set(destinations),
    })
  }
  return {
    privateKey: privateKey as Hex,
    address,
    rewardAddress: (o.rewardAddress?.toLowerCase() as Hex | undefined) ?? address,
    maxAttempts,
    sources,
    log: o.log ?? ((line) => process.stdout.write(`${line}\n`)),
  }
}

/** The running relayer of a devnet. */
export class Relayer {
  readonly #plan: RelayerPlan
  readonly #aggregator: Aggregator
  readonly #chains: Chain[]
  readonly #messages = new Map<Hex, RelayedMessage>()
  /** Per source: the next block to read. */
  readonly #next = new Map<string, bigint>()
  /** Per source: its scan in progress, so that scans of one L1 run one after the other. */
  readonly #scanning = new Map<string, Promise<void>>()
  readonly #rescan = new Set<string>()
  /** Per destination: its deliveries in order (one account, one nonce sequence). */
  readonly #queues = new Map<string, Promise<void>>()
  readonly #nonces = new Map<string, bigint>()
  readonly #stops: (() => void)[] = []
  #stopped = false

  constructor(plan: RelayerPlan, l1s: L1Instance[], network: WarpNetwork, decodeCb58: (s: string) => Uint8Array) {
    this.#plan = plan
    this.#aggregator = new Aggregator(network)
    this.#chains = l1s.map((l1) => ({
      l1,
      alias: l1.plan.alias,
      blockchainID: l1.plan.blockchainID,
      idHex: hexOf(decodeCb58(l1.plan.blockchainID)),
      subnetID: decodeCb58(l1.plan.subnetID),
    }))
  }

  get address(): Hex {
    return this.#plan.address
  }

  get rewardAddress(): Hex {
    return this.#plan.rewardAddress
  }

  /**
   * Funds the relayer where it has nothing and enables it on an active Tx Allow List (as avalanche-cli sets up its
   * relayer's account), then follows every source L1 from its first block.
   */
  async start(): Promise<void> {
    for (const c of this.#chains) {
      const balance = BigInt(await c.l1.anvil.request<string>('eth_getBalance', [this.#plan.address, 'latest']))
      if (balance === 0n) await c.l1.anvil.request('anvil_setBalance', [this.#plan.address, `0x${fundAmount.toString(16)}`])
      await this.#allowListed(c)
    }
    for (const c of this.#chains) {
      if (!this.#plan.sources.get(c.alias)?.messengers.size) continue
      this.#next.set(c.alias, 0n)
      this.#stops.push(c.l1.events.onBlock(() => this.#scan(c)))
      // Blocks are announced over anvil's WebSocket; a poll covers a missed or absent feed.
      const timer = setInterval(() => this.#scan(c), 250)
      timer.unref()
      this.#stops.push(() => clearInterval(timer))
      this.#scan(c)
    }
  }

  /** Stops reading and delivering; deliveries under way finish. */
  stop(): void {
    this.#stopped = true
    for (const s of this.#stops) s()
  }

  /** The messages seen, oldest first. */
  messages(): RelayedMessage[] {
    return [...this.#messages.values()]
  }

  /** Resolves when nothing is being read or delivered (for tests and benchmarks). */
  async idle(): Promise<void> {
    for (;;) {
      const busy = [...this.#scanning.values(), ...this.#queues.values()]
      await Promise.all(busy)
      if ([...this.#scanning.values(), ...this.#queues.values()].every((p) => busy.includes(p))) return
    }
  }

  #scan(c: Chain): void {
    if (this.#stopped) return
    if (this.#scanning.has(c.alias)) {
      this.#rescan.add(c.alias)
      return
    }
    const run = this.#read(c)
      .catch((e) => {
        if (!this.#stopped) this.#plan.log(`relayer: reading ${c.alias} failed: ${(e as Error).message}`)
      })
      .finally(() => {
        this.#scanning.delete(c.alias)
        if (this.#rescan.delete(c.alias)) this.#scan(c)
      })
    this.#scanning.set(c.alias, run)
  }

  async #read(c: Chain): Promise<void> {
    const head = BigInt(await c.l1.anvil.request<string>('eth_blockNumber'))
    const from = this.#next.get(c.alias) ?? 0n
    if (head < from) return
    const watched = [...(this.#plan.sources.get(c.alias)?.messengers ?? [])].map((a) => `0x${word(a)}`)
    const logs = await c.l1.anvil.request<Log[]>('eth_getLogs', [
      {
        fromBlock: `0x${from.toString(16)}`,
        toBlock: `0x${head.toString(16)}`,
        address: warpAddress,
        topics: [topics.sendWarpMessage, watched],
      },
    ])
    this.#next.set(c.alias, head + 1n)
    for (const log of logs) this.#take(c, log)
  }

  /** One `SendWarpMessage` log of a watched contract: its Teleporter message recorded and queued for delivery. */
  #take(source: Chain, log: Log): void {
    const [warp] = warpMessagesOfLogs([log])
    if (!warp) return
    let teleporter: TeleporterMessage
    let messenger: Hex
    try {
      const payload = parseWarpPayload(warp.message.payload)
      if (payload.type !== 'addressedCall') return
      messenger = payload.sourceAddress.toLowerCase() as Hex
      teleporter = parseTeleporterMessage(payload.payload)
    } catch (e) {
      this.#plan.log(`relayer: ${source.alias} tx ${log.transactionHash}: not a Teleporter message (${(e as Error).message}), not relayed`)
      return
    }
    const messageID = teleporterMessageID({
      messenger,
      sourceBlockchainID: source.idHex,
      destinationBlockchainID: teleporter.destinationBlockchainID,
      messageNonce: teleporter.messageNonce,
    })
    const known = this.#messages.get(messageID)
    // Once per message: a re-sent one (retrySendCrossChainMessage) only if its delivery failed.
    if (known && known.status !== 'failed') return
    const destination = this.#chains.find((c) => c.idHex === teleporter.destinationBlockchainID.toLowerCase())
    const record: RelayedMessage = {
      messageID,
      status: 'pending',
      source: source.alias,
      sourceBlockchainID: source.blockchainID,
      destination: destination?.alias,
      destinationBlockchainID: destination?.blockchainID ?? encodeCb58Hex(teleporter.destinationBlockchainID),
      messenger,
      messageNonce: teleporter.messageNonce,
      originSenderAddress: teleporter.originSenderAddress,
      destinationAddress: teleporter.destinationAddress,
      requiredGasLimit: teleporter.requiredGasLimit,
      warpMessageID: warp.id,
      sourceTxHash: log.transactionHash,
      sourceBlockNumber: BigInt(log.blockNumber),
      attempts: 0,
      seenAt: Date.now(),
    }
    this.#messages.delete(messageID)
    this.#messages.set(messageID, record)
    const skip = (reason: string) => {
      record.status = 'skipped'
      record.error = reason
      this.#plan.log(`relayer: ${source.alias} message ${messageID} skipped: ${reason}`)
    }
    const allowed = teleporter.allowedRelayerAddresses.map((a) => a.toLowerCase())
    const reason = !destination
      ? `its destination blockchain ${record.destinationBlockchainID} is not an L1 of this devnet`
      : !this.#plan.sources.get(source.alias)?.destinations.has(destination.alias)
        ? `${destination.alias} is not a destination of ${source.alias} (relayer.sources.${source.alias}.destinations)`
        : allowed.length > 0 && !allowed.includes(this.#plan.address)
          ? `this relayer (${this.#plan.address}) is not in the message's allowedRelayerAddresses`
          : undefined
    if (reason !== undefined || !destination) {
      skip(reason ?? 'no destination')
      return
    }
    const queued = (this.#queues.get(destination.alias) ?? Promise.resolve()).then(() =>
      this.#deliver(record, teleporter, warp.message, source, destination).catch((e) => {
        record.status = 'failed'
        record.error = (e as Error).message
      }),
    )
    this.#queues.set(destination.alias, queued)
    void queued.finally(() => {
      if (this.#queues.get(destination.alias) === queued) this.#queues.delete(destination.alias)
    })
  }

  async #deliver(
    record: RelayedMessage,
    teleporter: TeleporterMessage,
    unsigned: Parameters<typeof encodeUnsignedWarpMessage>[0],
    source: Chain,
    destination: Chain,
  ): Promise<void> {
    // long: one delivery attempt in order (aggregate, sign, send, await, record), each step reading the last's
    const { l1 } = destination
    const unsignedBytes = hexBytes(encodeUnsignedWarpMessage(unsigned))
    /** The deliveries this relayer sent for the message. */
    const sent: Hex[] = []
    for (let attempt = 1; attempt <= this.#plan.maxAttempts && !this.#stopped; attempt++) {
      record.attempts = attempt
      if (attempt > 1) await sleep(100 * 2 ** (attempt - 2))
      if ((await l1.anvil.request<string>('eth_getCode', [record.messenger, 'latest'])) === '0x') {
        record.error = `no contract at the messenger's address ${record.messenger} on ${destination.alias}: deploy it there (Teleporter has one address on every chain)`
        continue
      }
      // ShouldSendMessage: delivered already (by this relayer's earlier attempt, or anyone) is not sent again.
      const received = await l1.anvil.request<Hex>('eth_call', [
        { to: record.messenger, data: `${sel.messageReceived}${word(record.messageID)}` },
        'latest',
      ])
      if (received !== '0x' && BigInt(received) === 1n) {
        // Our own earlier attempt, mined after we stopped waiting for it, is this relayer's delivery.
        for (const hash of sent) {
          const late = await l1.anvil.request<Receipt | null>('eth_getTransactionReceipt', [hash])
          if (late?.status === '0x1') return this.#delivered(record, teleporter, source, destination, hash, late)
        }
        Object.assign(record, { status: 'skipped', error: 'already received on the destination (delivered by another relayer)' })
        return
      }
      const latest = await l1.anvil.latest()
      const spec = l1.plan.files.spec
      const warpConfig = activePrecompileConfig(spec, 'warpConfig', latest.timestamp)
      const quorum = BigInt((warpConfig?.json.quorumNumerator as number | undefined) || 67)
      const signed = this.#aggregator.sign(source.subnetID, unsignedBytes, quorum)
      const chunks = packPredicate(signed)
      const granite = spec.networkUpgrades.graniteTimestamp
      const gas = teleporterReceiveGasLimit({
        requiredGasLimit: teleporter.requiredGasLimit,
        predicateChunks: chunks.length,
        messageBytes: (teleporter.message.length - 2) / 2,
        receipts: teleporter.receipts.length,
        signers: signerIndices(parseSignedWarpMessage(signed).signature.signers).length,
        isGranite: granite !== undefined && granite !== null && granite <= latest.timestamp,
      })
      const baseFee = await this.#baseFee(l1)
      const nonce =
        this.#nonces.get(destination.alias) ??
        BigInt(await l1.anvil.request<string>('eth_getTransactionCount', [this.#plan.address, 'latest']))
      const tx = {
        chainId: spec.chainId,
        nonce,
        maxPriorityFeePerGas: tipCap,
        maxFeePerGas: baseFee * 2n + tipCap,
        gas,
        to: record.messenger,
        data: `${sel.receiveCrossChainMessage}${word('0')}${word(this.#plan.rewardAddress)}` as Hex,
        accessList: [{ address: warpAddress, storageKeys: chunks }],
      }
      const { raw } = signEip1559(tx, this.#plan.privateKey)
      const [out] = await l1.execute([{ id: '1', method: 'eth_sendRawTransaction', params: JSON.stringify([raw]) }])
      if (!out || !('result' in out)) {
        this.#nonces.delete(destination.alias)
        record.error = `sending the delivery: ${outcomeText(out)}`
        continue
      }
      this.#nonces.set(destination.alias, nonce + 1n)
      const hash = JSON.parse(out.result) as Hex
      sent.push(hash)
      const receipt = await l1.anvil.receipt<Receipt>(hash)
      if (!receipt) {
        this.#nonces.delete(destination.alias)
        record.error = `the delivery ${hash} was sent but not mined`
        continue
      }
      record.destinationTxHash = hash
      record.destinationBlockNumber = BigInt(receipt.blockNumber)
      if (receipt.status !== '0x1') {
        record.error = `the delivery ${hash} reverted: ${await this.#revertText(l1, tx, receipt.blockNumber)}`
        continue
      }
      return this.#delivered(record, teleporter, source, destination, hash, receipt)
    }
    if (record.status === 'pending') {
      record.status = 'failed'
      this.#plan.log(
        `relayer: ${source.alias} -> ${destination.alias} message ${record.messageID} failed after ${record.attempts} attempts: ${record.error}`,
      )
    }
  }

  /** A mined delivery: Teleporter's execution read from its logs (and the receiver's failure), the record completed, the line logged. */
  async #delivered(
    record: RelayedMessage,
    teleporter: TeleporterMessage,
    source: Chain,
    destination: Chain,
    hash: Hex,
    receipt: Receipt,
  ): Promise<void> {
    const deliveredAt = Date.now()
    const ours = receipt.logs.filter((l) => l.address.toLowerCase() === record.messenger && l.topics[1]?.toLowerCase() === record.messageID)
    const execution = ours.some((l) => l.topics[0] === topics.messageExecuted)
      ? 'succeeded'
      : ours.some((l) => l.topics[0] === topics.messageExecutionFailed)
        ? 'failed'
        : 'none'
    const executionError =
      execution === 'failed' ? await this.#executionError(destination.l1, record, teleporter, source, receipt.blockNumber) : undefined
    // The record changes at once, complete: a reader sees it pending or delivered with its execution.
    Object.assign(record, {
      status: 'delivered',
      error: undefined,
      destinationTxHash: hash,
      destinationBlockNumber: BigInt(receipt.blockNumber),
      deliveredAt,
      latencyMs: deliveredAt - record.seenAt,
      execution,
      executionError,
    })
    this.#plan.log(
      `relayer: ${source.alias} -> ${destination.alias} message ${record.messageID}: source tx ${record.sourceTxHash} (block ${record.sourceBlockNumber}) -> destination tx ${hash} (block ${record.destinationBlockNumber}), ${record.latencyMs} ms${
        execution === 'failed' ? `, execution failed: ${executionError}` : ''
      }`,
    )
  }

  /**
   * With the Tx Allow List active, an account without a role cannot send: the relayer is enabled by the first admin
   * of the list's config that still is one, in a real `setEnabled` transaction (impersonated, as devnet_setFeeConfig
   * sends). Without such an admin, a warning: its deliveries will be refused with the node's text.
   */
  async #allowListed(c: Chain): Promise<void> {
    const { l1 } = c
    const latest = await l1.anvil.latest()
    const config = activePrecompileConfig(l1.plan.files.spec, 'txAllowListConfig', latest.timestamp)
    if (!config || config.disable) return
    const role = async (account: string) =>
      BigInt(await l1.anvil.request<string>('eth_call', [{ to: txAllowList, data: `${sel.readAllowList}${word(account)}` }, 'latest']))
    if ((await role(this.#plan.address)) !== 0n) return
    const admins = (config.json.adminAddresses as string[] | undefined) ?? []
    let admin: string | undefined
    for (const a of admins) if ((await role(a)) === 2n) admin = a
    if (!admin) {
      this.#plan.log(
        `relayer: warning: ${this.#plan.address} has no role on ${c.alias}'s Tx Allow List and no admin of it is known; enable it there`,
      )
      return
    }
    const call = (method: string, params: unknown[]) => l1.execute([{ id: '1', method, params: JSON.stringify(params) }])
    await call('anvil_impersonateAccount', [admin])
    try {
      const [sent] = await call('eth_sendTransaction', [
        { from: admin, to: txAllowList, data: `${sel.setEnabled}${word(this.#plan.address)}`, gas: '0x30000' },
      ])
      if (!sent || !('result' in sent))
        throw new Error(`relayer: enabling ${this.#plan.address} on ${c.alias}'s Tx Allow List failed: ${outcomeText(sent)}`)
      await l1.anvil.receipt(JSON.parse(sent.result) as string)
    } finally {
      await call('anvil_stopImpersonatingAccount', [admin])
    }
  }

  /** The node's base fee for the next block (`eth_baseFee` of the destination's endpoint). */
  async #baseFee(l1: L1Instance): Promise<bigint> {
    const [out] = await l1.execute([{ id: '1', method: 'eth_baseFee', params: '[]' }])
    if (out && 'result' in out) {
      const v = JSON.parse(out.result) as string | null
      if (v) return BigInt(v)
    }
    const latest = await l1.anvil.request<{ baseFeePerGas?: string }>('eth_getBlockByNumber', ['latest', false])
    return BigInt(latest.baseFeePerGas ?? '0')
  }

  /** A reverted delivery's reason: the same call replayed on the state it ran on. */
  async #revertText(l1: L1Instance, tx: { to: Hex; data: Hex; gas: bigint; accessList: unknown[] }, blockNumber: string): Promise<string> {
    const parent = `0x${(BigInt(blockNumber) - 1n).toString(16)}`
    const call = { from: this.#plan.address, to: tx.to, data: tx.data, gas: `0x${tx.gas.toString(16)}`, accessList: tx.accessList }
    const [out] = await l1.execute([{ id: '1', method: 'eth_call', params: JSON.stringify([call, parent]) }])
    return out && !('result' in out) ? outcomeText(out) : 'reverted (the replay did not revert: the state changed in its block)'
  }

  /** Why the receiver's execution failed: its call replayed from the messenger with the message's gas limit. */
  async #executionError(l1: L1Instance, record: RelayedMessage, t: TeleporterMessage, source: Chain, blockNumber: string): Promise<string> {
    const message = t.message.replace(/^0x/, '')
    const data = `${sel.receiveTeleporterMessage}${word(source.idHex)}${word(t.originSenderAddress)}${word('60')}${word((message.length / 2).toString(16))}${message.padEnd(Math.ceil(message.length / 64) * 64, '0')}`
    if ((await l1.anvil.request<string>('eth_getCode', [t.destinationAddress, blockNumber])) === '0x')
      return 'the destination address has no code'
    const parent = `0x${(BigInt(blockNumber) - 1n).toString(16)}`
    // Through the endpoint: the failure in the node's words (`out of gas`, `execution reverted: …`).
    const call = { from: record.messenger, to: t.destinationAddress, data, gas: `0x${t.requiredGasLimit.toString(16)}` }
    const [out] = await l1.execute([{ id: '1', method: 'eth_call', params: JSON.stringify([call, parent]) }])
    return out && !('result' in out) ? outcomeText(out) : 'failed in its block (the replay succeeds)'
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'))
const encodeCb58Hex = (hex: string) => encodeCb58(hexBytes(hex))
function outcomeText(out: unknown): string {
  if (!out || typeof out !== 'object') return 'no answer'
  if ('error' in out) return (out as { error: { message: string } }).error.message
  if ('rawError' in out) {
    try {
      return (JSON.parse((out as { rawError: string }).rawError) as { message: string }).message
    } catch {
      return (out as { rawError: string }).rawError
    }
  }
  return 'no answer'
}
