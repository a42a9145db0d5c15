/**
 * Bundle size of real apps (createPublicClient + http + our decorators), min+gzip through
 * size-limit's esbuild preset, compared in the same run against viem alone.
 *
 * The target is 3 KB per decorator. Measured on 2026-11-21: subnetActions adds 3.5 KB,
 * infoActions 4.3 KB and both with subnetHttp 6.6 KB (full shape checks of every field, reply
 * envelope checks, typed errors, URL derivation), so the target is not met; the budgets below
 * stop regressions from there. See docs/performance.md.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const budgets: Record<string, number> = {
  'viem + subnetActions': 3_650,
  'viem + infoActions': 4_500,
  'viem + both + subnetHttp': 6_750,
}

it('each decorator stays within its size budget over viem alone', async () => {
  const { stdout } = await promisify(execFile)('npx', ['size-limit', '--json'], { cwd: process.cwd(), maxBuffer: 1 << 20 })
  const rows = JSON.parse(stdout) as { name: string; size: number }[]
  const base = rows.find((r) => r.name === 'viem alone')!.size
  const added = Object.fromEntries(rows.filter((r) => r.name !== 'viem alone').map((r) => [r.name, r.size - base]))
  console.log(`size (min+gzip): viem alone ${base} B; added: ${JSON.stringify(added)}`)
  for (const [name, budget] of Object.entries(budgets)) expect(added[name], name).toBeLessThanOrEqual(budget)
}, 120_000)
