/**
 * docs/viem/README.md is the index of the viem actions, driven by what exists (each entry read
 * with the TypeScript compiler, so it needs no build), both ways:
 *
 * - every action `subnet-rpc/viem/actions` exports (src/viem/actions/index.ts) has a page
 *   docs/viem/<name>.md, every page is an action, and the index links each page exactly once;
 * - the same for `subnet-rpc/viem/precompiles` (src/viem/precompiles/index.ts) and its pages
 *   docs/viem/precompiles/<name>.md, linked from the same index as `precompiles/<name>.md`. That
 *   entry also exports values that are not actions (`precompileNonActions`); any other value is
 *   an action, so a new one without a page fails here.
 *
 * Every action of both entries also has viem's three types, `<Name>Parameters`, `<Name>ReturnType`
 * and `<Name>ErrorType`, exported from the entry that exports it, and no name of the precompiles
 * entry is exported by `subnet-rpc/viem` or `subnet-rpc/viem/actions` (test/unit/entries.test.ts
 * checks every pair of entries).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownLinks } from './markdown.js'
import { root, srcExports } from './snippets.js'

/** The values of src/viem/precompiles/index.ts that are not actions: the decorators. */
const precompileNonActions = ['precompileActions', 'precompileWalletActions']

const values = (entry: string) =>
  srcExports(entry)
    .filter((e) => e.value)
    .map((e) => e.name)
    .sort()
const allNames = (entry: string) => srcExports(entry).map((e) => e.name)
/** The actions of `actions` lacking one of viem's three types among `names`, as `<type name>`s. */
const missingTypes = (actions: string[], names: string[]) =>
  actions.flatMap((a) =>
    ['Parameters', 'ReturnType', 'ErrorType'].map((t) => `${a[0]!.toUpperCase()}${a.slice(1)}${t}`).filter((t) => !names.includes(t)),
  )
const pagesIn = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => f.slice(0, -3))
    .sort()

const actions = values('src/viem/actions/index.ts')
const pages = pagesIn('docs/viem')
const precompileExports = values('src/viem/precompiles/index.ts')
const precompileActions = precompileExports.filter((name) => !precompileNonActions.includes(name))
const precompilePages = pagesIn('docs/viem/precompiles')

const links = markdownLinks(readFileSync(join(root, 'docs/viem/README.md'), 'utf8')).map((l) => l.target.split('#')[0]!)
/** The index's links to pages of `prefix` (a folder of docs/viem, or '' for docs/viem itself), as page names. */
const indexLinks = (prefix: string) => {
  const pattern = new RegExp(`^${prefix}([\\w.-]+)\\.md$`)
  return links.flatMap((t) => {
    const name = pattern.exec(t)?.[1]
    return name && name !== 'README' ? [name] : []
  })
}

describe('docs/viem', () => {
  it('src/viem/actions/index.ts exports the actions', () => {
    expect(actions.length).toBeGreaterThanOrEqual(17)
    expect(actions).toContain('feeConfig')
  })

  it('every action has its Parameters, ReturnType and ErrorType types, exported beside it', () => {
    expect(missingTypes(actions, allNames('src/viem/actions/index.ts'))).toEqual([])
  })

  it('every action has a page docs/viem/<name>.md', () => {
    expect(actions.filter((a) => !pages.includes(a))).toEqual([])
  })

  it('every page is an exported action', () => {
    expect(pages.filter((p) => !actions.includes(p))).toEqual([])
  })

  it('the index (docs/viem/README.md) links every page, once', () => {
    expect(indexLinks('').sort()).toEqual(pages)
  })
})

describe('docs/viem/precompiles', () => {
  it('src/viem/precompiles/index.ts exports the actions and each value named as not an action', () => {
    expect(precompileActions.length).toBeGreaterThanOrEqual(16)
    expect(precompileActions).toContain('setAllowListRole')
    expect(precompileNonActions.filter((name) => !precompileExports.includes(name))).toEqual([])
  })

  it('every action has its Parameters, ReturnType and ErrorType types, exported beside it', () => {
    expect(missingTypes(precompileActions, allNames('src/viem/precompiles/index.ts'))).toEqual([])
  })

  it('exports no name that subnet-rpc/viem or subnet-rpc/viem/actions exports too', () => {
    const viem = [...allNames('src/viem/index.ts'), ...allNames('src/viem/actions/index.ts')]
    expect(allNames('src/viem/precompiles/index.ts').filter((name) => viem.includes(name))).toEqual([])
  })

  it('every action has a page docs/viem/precompiles/<name>.md', () => {
    expect(precompileActions.filter((a) => !precompilePages.includes(a))).toEqual([])
  })

  it('every page is an exported action', () => {
    expect(precompilePages.filter((p) => !precompileActions.includes(p))).toEqual([])
  })

  it('the index (docs/viem/README.md) links every page, once', () => {
    expect(indexLinks('precompiles/').sort()).toEqual(precompilePages)
  })
})
