/** viem test helpers: the shared servers, and the expected Info results computed from raw replies. */
export * from '../helpers/servers.js'

/** Expected result of each Info action, computed from the devnet's raw reply by the wire rules of spec §2. */
export const expectedInfo = {
  acps: (raw: any) => ({
    acps: Object.fromEntries(
      Object.entries(raw.acps as Record<string, any>).map(([k, v]) => [
        k,
        { ...v, supportWeight: BigInt(v.supportWeight), objectWeight: BigInt(v.objectWeight), abstainWeight: BigInt(v.abstainWeight) },
      ]),
    ),
  }),
  getNodeVersion: (raw: any) => ({ ...raw, rpcProtocolVersion: Number(raw.rpcProtocolVersion) }),
  getTxFee: (raw: any) => Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, BigInt(v as string)])),
  peers: (raw: any) => ({
    numPeers: Number(raw.numPeers),
    peers: (raw.peers as any[]).map((p) => ({
      ...p,
      upgradeTime: BigInt(p.upgradeTime),
      lastSent: new Date(p.lastSent),
      lastReceived: new Date(p.lastReceived),
      observedUptime: Number(p.observedUptime),
      supportedACPs: p.supportedACPs.map(Number),
      objectedACPs: p.objectedACPs.map(Number),
    })),
  }),
  upgrades: (raw: any) =>
    Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [
        k,
        k.endsWith('Time')
          ? new Date(v as string)
          : k === 'apricotPhase4MinPChainHeight' || k === 'graniteEpochDuration'
            ? BigInt(v as number)
            : v,
      ]),
    ),
  uptime: (raw: any) => ({
    rewardingStakePercentage: Number(raw.rewardingStakePercentage),
    weightedAveragePercentage: Number(raw.weightedAveragePercentage),
  }),
}
