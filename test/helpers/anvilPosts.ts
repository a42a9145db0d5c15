/**
 * The bodies the devnet posts to anvil while a test file runs (every `AnvilClient.post`, in order): for tests of how
 * many requests, and which, a call costs anvil.
 */
import { afterAll, beforeAll } from 'vitest'
import { AnvilClient } from '../../packages/devnet/src/l1/anvilClient.js'

export function recordAnvilPosts(): string[] {
  const sent: string[] = []
  const post = AnvilClient.prototype.post
  beforeAll(() => {
    AnvilClient.prototype.post = function (this: AnvilClient, body: string) {
      sent.push(body)
      return post.call(this, body)
    }
  })
  afterAll(() => {
    AnvilClient.prototype.post = post
  })
  return sent
}
