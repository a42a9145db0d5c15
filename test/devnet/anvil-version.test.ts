/**
 * The devnet checks `anvil --version` before it starts anything: an anvil outside the supported range is
 * refused with a DevnetDependencyError naming the version found, the range and the install command, before
 * any port is taken. Fake anvils are shell scripts; one that is run for anything but `--version` leaves a mark.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DevnetDependencyError, startDevnet } from '../../packages/devnet/src/index.js'
import { parseAnvilVersion, supportedAnvilVersions } from '../../packages/devnet/src/anvil.js'

const dir = mkdtempSync(join(tmpdir(), 'anvil-version-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A fake anvil printing `version` for --version; run otherwise, it writes `<path>.ran`. */
function fakeAnvil(name: string, version: string): string {
  const path = join(dir, name)
  writeFileSync(path, `#!/bin/sh\nif [ "$1" = "--version" ]; then printf '%s\\n' "${version}"; exit 0; fi\ntouch "$0.ran"\nsleep 60\n`, {
    mode: 0o755,
  })
  return path
}

/** A free port on 127.0.0.1 (closed again). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
    server.on('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })

describe('anvil version', () => {
  it('reads the versions anvil prints', () => {
    expect(parseAnvilVersion('anvil Version: 1.7.1\nCommit SHA: 4072e48\n')).toEqual([1, 7, 1])
    // The npm build of 1.7.0 prints this.
    expect(parseAnvilVersion('anvil Version: 1.6.0-v1.7.0\nCommit SHA: 906020f\n')).toEqual([1, 7, 0])
    expect(parseAnvilVersion('anvil Version: 1.3.5-stable\n')).toEqual([1, 3, 5])
    expect(parseAnvilVersion('anvil 0.2.0 (5be158b 2024-05-30T00:22:10.183839000Z)\n')).toEqual([0, 2, 0])
    expect(parseAnvilVersion('hello\n')).toBeUndefined()
    expect(supportedAnvilVersions.range).toBe('>=1.7.0 <2.0.0')
  })

  it('refuses an old anvil with the version, the range and the install command, before any port is taken', async () => {
    const old = fakeAnvil('old-anvil', 'anvil Version: 1.5.1-stable')
    const [port, anvilPort] = [await freePort(), await freePort()]
    const error = await startDevnet({ anvilBinary: old, port, anvilPort }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DevnetDependencyError)
    const message = (error as Error).message
    expect(message).toContain(`${old} is anvil 1.5.1 ("anvil Version: 1.5.1-stable"), the devnet supports anvil >=1.7.0 <2.0.0`)
    expect(message).toContain('npm i -D @foundry-rs/anvil@1.7.1')
    expect((error as DevnetDependencyError).installCommand).toBe('npm i -D @foundry-rs/anvil@1.7.1')
    expect(existsSync(`${old}.ran`)).toBe(false)
    expect(await canListen(port)).toBe(true)
    expect(await canListen(anvilPort)).toBe(true)
  })

  it('refuses a new major and an anvil whose version it cannot read', async () => {
    const next = fakeAnvil('next-anvil', 'anvil Version: 2.0.0')
    await expect(startDevnet({ anvilBinary: next })).rejects.toThrow(/is anvil 2\.0\.0 .*supports anvil >=1\.7\.0 <2\.0\.0/)
    const odd = fakeAnvil('odd-anvil', 'something else')
    await expect(startDevnet({ anvilBinary: odd })).rejects.toThrow(/printed no anvil version \("something else"\)/)
    expect(existsSync(`${next}.ran`) || existsSync(`${odd}.ran`)).toBe(false)
  })
})
