#!/usr/bin/env node
/**
 * Adds the other platforms' optional packages to package-lock.json.
 *
 * The registry these machines reach serves only the packages of their own platform, so
 * `npm install` leaves e.g. `@foundry-rs/anvil-darwin-arm64` and `@rollup/rollup-win32-*`
 * out of the lockfile, and `npm ci` then refuses the lockfile as out of sync. Each missing
 * entry gets the exact version its parent pins (all of them pin exact versions) and is
 * marked optional, which is what npm itself writes on a machine that sees them all.
 *
 *   node scripts/complete-lockfile.mjs   # after any `npm install` that rewrote the lockfile
 */
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages
let added = 0
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`
    if (packages[nested] || packages[`node_modules/${name}`]) continue
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) {
      console.error(`skipped ${name}@${range} (needed by ${path || 'the root'}): not an exact version`)
      continue
    }
    packages[`node_modules/${name}`] = { version: range, optional: true }
    added++
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)))
lock.packages = sorted
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`added ${added} optional platform packages to package-lock.json`)
