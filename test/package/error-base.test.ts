/**
 * SubnetRpcError, subnet-rpc's own error base (no viem needed), keeps what viem users rely on
 * from viem's BaseError: shortMessage, details, metaMessages, cause, walk() and the message's
 * layout, checked here against viem's own BaseError on the same inputs, less its
 * "Version: viem@…" line (and its "Docs:" line, which ours never have).
 */
import { BaseError } from 'viem'
import { describe, expect, it } from 'vitest'
import { SubnetRpcError } from '../../src/errors/base.js'

type Args = ConstructorParameters<typeof SubnetRpcError>[1]
/** A subclass as ours are: it names itself. */
class Ours extends SubnetRpcError {
  constructor(shortMessage: string, args: Omit<Args, 'name'> = {}) {
    super(shortMessage, { ...args, name: 'Ours' })
  }
}
const viemMessage = (e: BaseError) =>
  e.message
    .replace(/\n\nVersion: viem@\S+$/, '')
    .replace(/\nVersion: viem@\S+$/, '')
    .trimEnd()

const cases: [string, ConstructorParameters<typeof BaseError>[1]][] = [
  ['no args', {}],
  ['meta messages', { metaMessages: ['Code: -32000', 'Accepted: x'] }],
  ['details, no cause', { details: 'given details' }],
  ['a plain Error cause', { cause: new Error('plain cause'), metaMessages: ['Code: 1'] }],
  ['a plain Error cause with an empty message: the given details', { cause: new Error(''), details: 'fallback' }],
  ['a viem BaseError cause lends its details', { cause: new BaseError('inner', { details: 'inner details' }) }],
  ['a viem BaseError cause without details lends none', { cause: new BaseError('inner') }],
]

describe('SubnetRpcError against viem BaseError', () => {
  for (const [title, args] of cases) {
    it(title, () => {
      const theirs = new BaseError('Short message.', args)
      const ours = new Ours('Short message.', args as Omit<Args, 'name'>)
      expect(ours.message).toBe(viemMessage(theirs))
      expect(ours.message).not.toMatch(/Version|viem@/)
      expect(ours.shortMessage).toBe(theirs.shortMessage)
      expect(ours.details).toBe(theirs.details)
      expect(ours.metaMessages).toEqual(theirs.metaMessages)
      expect(ours.cause).toBe(theirs.cause)
      expect(ours.name).toBe('Ours')
      expect(ours).toBeInstanceOf(Error)
    })
  }

  it('one of ours as the cause lends its details, as a viem BaseError does (viem itself takes our whole message)', () => {
    const inner = new Ours('inner', { cause: new Error('root cause') })
    expect(new Ours('outer', { cause: inner }).details).toBe('root cause')
    expect(new Ours('outer', { cause: new BaseError('inner', { cause: new Error('root cause') }) }).details).toBe('root cause')
    // viem's BaseError recognises only its own class: ours is to it a plain Error.
    expect(new BaseError('outer', { cause: inner }).details).toBe(inner.message)
  })

  it('walk: the deepest error without fn; the first match (itself included) or null with it', () => {
    const root = new Error('root')
    const mid = new BaseError('mid', { cause: root })
    const top = new Ours('top', { cause: mid })
    const same = new BaseError('top', { cause: mid })
    expect(top.walk()).toBe(root)
    expect(top.walk()).toBe(same.walk())
    expect(top.walk((e) => e instanceof BaseError)).toBe(mid)
    expect(top.walk((e) => e === top)).toBe(top)
    expect(top.walk(() => false)).toBeNull()
    expect(same.walk(() => false)).toBeNull()
    expect(new Ours('alone').walk()).toBeInstanceOf(Ours)
  })

  it('shortMessage, details, metaMessages and name are own enumerable properties, as in viem', () => {
    const keys = Object.keys(new Ours('x', { metaMessages: ['m'] }))
    for (const k of ['details', 'metaMessages', 'shortMessage', 'name']) expect(keys).toContain(k)
  })
})
