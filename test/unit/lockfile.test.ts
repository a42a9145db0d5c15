/**
 * A contributor's `npm install` installs only this platform's binaries: npm skips an optional package whose
 * lockfile entry names other `os` / `cpu` (and `libc`), and it writes those fields from each package's manifest.
 * Hardhat 3's `@nomicfoundation/solidity-analyzer-*` packages publish none, so their entries carry them by hand
 * (the platform in each name); npm keeps them on later installs. A new platform package without them shows here.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Entry = { optional?: boolean; os?: string[]; cpu?: string[]; libc?: string[] }
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Entry> }
const platformName =
  /[-/](darwin|linux|win32|freebsd|android|sunos|openbsd|netbsd|aix)[-_.]?(x64|arm64|ia32|arm|ppc64|s390x|riscv64|loong64|amd64|x86_64|aarch64|universal)?/

describe('package-lock.json', () => {
  const platformPackages = Object.entries(lock.packages).filter(
    ([path, entry]) => path.includes('node_modules/') && entry.optional && platformName.test(path.slice(path.lastIndexOf('node_modules/'))),
  )

  it('has platform packages (the check below reads something)', () => {
    expect(platformPackages.length).toBeGreaterThan(20)
  })

  it('names the os and cpu of every optional platform package, so npm installs only this platform’s', () => {
    expect(platformPackages.filter(([, entry]) => !entry.os || !entry.cpu).map(([path]) => path)).toEqual([])
  })

  it('gives Hardhat’s solidity-analyzer packages the platform their names say', () => {
    const analyzers = platformPackages.filter(([path]) => path.includes('solidity-analyzer-'))
    expect(analyzers.length).toBe(7)
    for (const [path, entry] of analyzers) {
      const [, os, cpu, libc] = /solidity-analyzer-(darwin|linux|win32)-(x64|arm64)(?:-(gnu|musl|msvc))?$/.exec(path)!
      expect({ path, os: entry.os, cpu: entry.cpu, libc: entry.libc }).toEqual({
        path,
        os: [os],
        cpu: [cpu],
        libc: libc === 'gnu' ? ['glibc'] : libc === 'musl' ? ['musl'] : undefined,
      })
    }
  })
})
