#!/usr/bin/env node
/**
 * Marks the packages' bins executable after the compiler has written them (tsc writes files 0644). npm sets the
 * mode when it links a bin, but only if the file exists then: in this repository `npm ci` links
 * `node_modules/.bin/subnet-rpc` before the first build, and npx may keep a link made by an earlier run.
 *
 *   node scripts/executable-bins.mjs   # the last step of npm run build
 */
import { chmodSync, existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
for (const dir of [root, join(root, 'packages/devnet')]) {
  const { bin = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  for (const file of Object.values(typeof bin === 'string' ? { bin } : bin)) {
    const path = join(dir, file)
    if (!existsSync(path)) throw new Error(`${path} is not built`)
    chmodSync(path, 0o755)
  }
}
