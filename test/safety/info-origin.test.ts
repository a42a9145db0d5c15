/**
 * Info URL derivation never sends a request or a header anywhere but the configured host,
 * whatever the node URL looks like. A "good" recording proxy stands in front of the devnet,
 * an "evil" one on another port must never be reached.
 */
import fc from 'fast-check'
import { FetchRequest } from 'ethers'
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveInfoUrl } from '../../src/core/url.js'
import { SubnetProvider } from '../../src/ethers/index.js'
import { infoActions } from '../../src/viem/index.js'
import { useSharedDevnet } from '../helpers/devnet.js'
import { useRecorder } from '../helpers/servers.js'

const devnet = useSharedDevnet()
const good = useRecorder(() => devnet().url)
const evil = useRecorder(() => devnet().url)

function nodeUrls(): string[] {
  const g = `127.0.0.1:${good().port}`
  const e = `127.0.0.1:${evil().port}`
  const id = devnet().blockchainID
  return [
    `http://${g}/ext/bc/${id}/rpc`,
    `http://user:secret@${g}/ext/bc/${id}/rpc`,
    `http://${g}/a@${e}/ext/bc/${id}/rpc`,
    `http://${g}/@${e}/ext/info`,
    `http://${g}/x%2F..%2F${e}/ext/bc/${id}/rpc`,
    `http://${g}/a/../ext/bc/${id}/rpc`,
    `http://${g}/a/./b/../../ext/bc/${id}/rpc`,
    `http://${g}/ext/bc/${id}/rpc?next=http://${e}/ext/info`,
    `http://${g}/ext/bc/${id}/rpc?q=/ext/bc/x/rpc&u=user@${e}`,
    `http://${g}/ext/bc/${id}/rpc#@${e}/ext/info`,
    `HTTP://${g}/ext/bc/${id}/rpc`,
    `http://${g}//ext/bc/${id}/rpc`,
    `http://${g}\\@${e}/ext/bc/${id}/rpc`,
    `http://${g}/prefix/ext/bc/${id}/rpc/`,
    `http://${g}/%2e%2e/ext/bc/${id}/rpc`,
    `http://${g}`,
    `http://${g}/ext/info?token=${encodeURIComponent(`http://${e}`)}`,
  ]
}

describe('info requests go to the configured host only', () => {
  it('viem (http transport with an API key header) and ethers (FetchRequest with the header)', async () => {
    good().clear()
    evil().clear()
    const urls = nodeUrls()
    for (const url of urls) {
      const viem = createPublicClient({ transport: http(url, { fetchOptions: { headers: { 'x-api-key': 'k' } } }) }).extend(infoActions())
      await viem.getNetworkID().catch(() => undefined)
      const req = new FetchRequest(url)
      req.setHeader('x-api-key', 'k')
      const provider = new SubnetProvider(req, 99999, { staticNetwork: true })
      await provider.info.getNetworkID().catch(() => undefined)
      provider.destroy()
    }
    expect(evil().requests).toEqual([])
    const seen = good().requests
    expect(seen.length).toBeGreaterThanOrEqual(urls.length)
    for (const r of seen) {
      // Every info request reached the good host, on an /ext/info path, with the key.
      expect(r.url).toMatch(/\/ext\/info(\?|$)/)
      expect(r.headers['x-api-key']).toBe('k')
    }
  })

  it('deriveInfoUrl keeps the origin and query and ends the path in /ext/info (property)', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~@%-]{0,12}$/)
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https'),
        fc.constantFrom('127.0.0.1', 'localhost', 'node.example', '[::1]'),
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom(
          '',
          '/ext/info',
          '/ext/bc/C/rpc',
          '/ext/bc/2dEdCdWmBAnDBg4cC2MdDs3vzy8wDrX6s4q59sZks5UeySaQ2i/rpc',
          '/ext/bc/X/ws',
          '/',
        ),
        fc.option(fc.stringMatching(/^[A-Za-z0-9=&/@:.%-]{0,20}$/), { nil: undefined }),
        (scheme, host, port, segments, suffix, query) => {
          const input = `${scheme}://${host}${port ? `:${port}` : ''}/${segments.join('/')}${suffix}${query === undefined ? '' : `?${query}`}`
          let parsed: URL
          try {
            parsed = new URL(input)
          } catch {
            return
          }
          const out = new URL(deriveInfoUrl(input))
          expect(out.origin).toBe(parsed.origin)
          expect(out.pathname.endsWith('/ext/info')).toBe(true)
          expect(out.search).toBe(parsed.search)
          expect(out.username).toBe(parsed.username)
        },
      ),
      { seed: 20261121, numRuns: 2000 },
    )
  })
})
