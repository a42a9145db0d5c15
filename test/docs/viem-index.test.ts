/**
 * docs/viem/README.md is the index of the viem actions, driven by what exists: every action
 * `subnet-rpc/viem/actions` exports (src/viem/actions/index.ts, read with the TypeScript
 * compiler, so it needs no build) has a page docs/viem/<name>.md, every page is an action,
 * and the index links each page exactly once.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownLinks } from './markdown.js'
import { root, srcExports } from './snippets.js'

const actions = srcExports('src/viem/actions/index.ts')
  .filter((e) => e.value)
  .map((e) => e.name)
  .sort()
const pages = readdirSync(join(root, 'docs/viem'))
  .filter((f) => f.endsWith('.md') && f !== 'README.md')
  .map((f) => f.slice(0, -3))
  .sort()
const indexLinks = markdownLinks(readFileSync(join(root, 'docs/viem/README.md'), 'utf8'))
  .map((l) => l.target.split('#')[0]!)
  .filter((t) => /^[\w.-]+\.md$/.test(t) && t !== 'README.md')
  .map((t) => t.slice(0, -3))

describe('docs/viem', () => {
  it('src/viem/actions/index.ts exports the actions', () => {
    expect(actions.length).toBeGreaterThanOrEqual(17)
    expect(actions).toContain('feeConfig')
  })

  it('every action has a page docs/viem/<name>.md', () => {
    expect(actions.filter((a) => !pages.includes(a))).toEqual([])
  })

  it('every page is an exported action', () => {
    expect(pages.filter((p) => !actions.includes(p))).toEqual([])
  })

  it('the index (docs/viem/README.md) links every page, once', () => {
    expect([...indexLinks].sort()).toEqual(pages)
  })
})
