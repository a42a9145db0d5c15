/**
 * The contributor's loop, timed as a contributor meets it: `npm start` until the devnet serves, and the whole
 * `npm test`. Targets (issue 31): a no-change `npm start` serves within 5 s, `npm test` takes at most 150 s on
 * the 2-core machine when it is quiet. The load average (`os.loadavg()`, what `uptime` prints) is given
 * before and after each run: a figure taken under load says little about the quiet machine.
 *
 *   npm run bench:start                 # 3 runs of a no-change `npm start -- --port 0`, to "Press Ctrl-C"
 *   RUNS=5 npm run bench:start
 *   npm run bench:test                  # one `npm test`, its total and its slowest files
 *
 * `bench:start` builds once first, so every timed run is the no-change case (`tsc -b` finds each package up to
 * date). `bench:test` times `npm test` as it is, build included: on a fresh clone the first run compiles
 * everything and installs the examples' dependencies; give the second.
 */
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const mode = process.argv[2]
const runs = Number(process.env.RUNS ?? 3)

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')

/**
 * Runs `npm args…` in the repository; resolves when `ready(output)` is true (then stops it) or when it exits.
 * With `echo`, its output is passed through as it comes.
 */
function npm(
  args: string[],
  ready?: (output: string) => boolean,
  echo = false,
): Promise<{ ms: number; code: number | null; output: string }> {
  const started = performance.now()
  // Its own process group, so that stopping it reaches npm, its shell, the devnet and anvil.
  const child = spawn('npm', args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let ms: number | undefined
  return new Promise((done, fail) => {
    const read = (d: Buffer) => {
      output += d.toString()
      if (echo) process.stdout.write(d)
      if (ms === undefined && ready?.(output)) {
        ms = performance.now() - started
        process.kill(-child.pid!, 'SIGINT')
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('error', fail)
    child.on('exit', (code) => done({ ms: ms ?? performance.now() - started, code, output }))
  })
}

async function benchStart(): Promise<void> {
  const build = await npm(['run', 'build'])
  if (build.code !== 0) throw new Error(`npm run build failed:\n${build.output}`)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const before = load()
    const run = await npm(['start', '--', '--port', '0'], (out) => /Press Ctrl-C/.test(out))
    if (!/Press Ctrl-C/.test(run.output)) throw new Error(`npm start did not serve:\n${run.output}`)
    times.push(run.ms)
    console.log(`npm start (no change) to serving: ${(run.ms / 1000).toFixed(2)} s   load before ${before}, after ${load()}`)
  }
  times.sort((a, b) => a - b)
  console.log(`median of ${runs}: ${(times[Math.floor(runs / 2)]! / 1000).toFixed(2)} s (target ≤ 5 s on a quiet machine)`)
}

async function benchTest(): Promise<void> {
  const report = join(tmpdir(), `subnet-rpc-test-time-${process.pid}.json`)
  const before = load()
  // The JSON reporter beside npm test's own, for the per-file times.
  const run = await npm(['test', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], undefined, true)
  console.log(`npm test: ${(run.ms / 1000).toFixed(1)} s, exit ${run.code}   load before ${before}, after ${load()}`)
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] }
    const files = json.testResults
      .map((t) => ({ file: t.name.slice(root.length + 1), s: (t.endTime - t.startTime) / 1000 }))
      .sort((a, b) => b.s - a.s)
    console.log('slowest files (their tests, hooks excluded):')
    for (const f of files.slice(0, 15)) console.log(`  ${f.s.toFixed(1).padStart(6)} s  ${f.file}`)
  } finally {
    rmSync(report, { force: true })
  }
}

if (mode === 'start') await benchStart()
else if (mode === 'test') await benchTest()
else throw new Error('usage: tsx bench/loop-time.ts start|test')
