/**
 * Bundle size of real apps (createPublicClient + http + our decorators), min+gzip through
 * size-limit's esbuild preset, compared in the same run against viem alone.
 *
 * The target is 3 KB per decorator, held here as 3,000 bytes for each. Measured on
 * 2026-11-21: subnetActions adds 2,692 B and infoActions 2,988 B. Both together with
 * subnetHttp (no target of their own) are held near their figure, 5,364 B, as a regression
 * budget. See docs/performance.md.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const budgets: Record<string, number> = {
  'viem + subnetActions': 3_000,
  'viem + infoActions': 3_000,
  'viem + both + subnetHttp': 5_400,
}

it('each decorator stays within its size budget over viem alone', async () => {
  const { stdout } = await promisify(execFile)('npx', ['size-limit', '--json'], { cwd: process.cwd(), maxBuffer: 1 << 20 })
  const rows = JSON.parse(stdout) as { name: string; size: number }[]
  const base = rows.find((r) => r.name === 'viem alone')!.size
  const added = Object.fromEntries(rows.filter((r) => r.name !== 'viem alone').map((r) => [r.name, r.size - base]))
  console.log(`size (min+gzip): viem alone ${base} B; added: ${JSON.stringify(added)}`)
  for (const [name, budget] of Object.entries(budgets)) expect(added[name], name).toBeLessThanOrEqual(budget)
}, 120_000)
