#!/usr/bin/env node
/**
 * Compiles the devnet's Solidity stand-ins for the Subnet-EVM precompiles (packages/devnet/contracts/standins/*.sol)
 * with the npm `solc` package (solc-js, no compiler download) and writes their runtime bytecode
 * to packages/devnet/src/l1/precompiles/artifacts/contracts.ts, which is checked in; and the example L1
 * contracts the tests deploy (contracts/examples/*.sol) to contracts/examples/artifacts.json; and the same runtime
 * code as Solidity constants for the forge test helper (packages/devnet/contracts/SubnetPrecompileCode.sol).
 * test/devnet/precompiles-artifacts.test.ts recompiles both and compares.
 *
 *   node scripts/compile-contracts.mjs          # after editing contracts/
 *
 * `compileSolidity(sources)` is exported for tests that compile their own helper contracts.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

/**
 * Where the stand-ins live: the devnet's own sources. They import the interfaces subnet-rpc ships as
 * `./interfaces/*.sol`, which the import callback reads from contracts/interfaces/: the source unit names, and so
 * the bytecode's metadata hash, are the same as when both lived in one folder.
 */
const standInDir = join(root, 'packages/devnet/contracts/standins')

/** The precompile stand-ins: contract name → file in packages/devnet/contracts/standins/. */
export const precompileContracts = [
  'ContractDeployerAllowList',
  'NativeMinter',
  'TxAllowList',
  'FeeManager',
  'RewardManager',
  'WarpMessenger',
]

export const compilerSettings = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' }

/**
 * Compiles `sources` (file name → Solidity text; imports resolved in contracts/) and returns
 * name → { abi, bytecode (creation), deployedBytecode (runtime) }. Throws on any error.
 */
/** solc's import callback: a path resolved in contracts/. */
const findImports = (path) => {
  try {
    return { contents: readFileSync(join(root, 'contracts', path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

export function compileSolidity(sources) {
  const solc = require('solc')
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: { ...compilerSettings, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const out = {}
  for (const file of Object.values(output.contracts ?? {}))
    for (const [name, c] of Object.entries(file))
      out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}` }
  return out
}

/** The artifacts of the precompile stand-ins, in precompileContracts order. */
export function compilePrecompiles() {
  const dir = standInDir
  const files = readdirSync(dir).filter((f) => f.endsWith('.sol'))
  const compiled = compileSolidity(Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')])))
  return Object.fromEntries(
    precompileContracts.map((name) => [name, { abi: compiled[name].abi, deployedBytecode: compiled[name].deployedBytecode }]),
  )
}

export const solcVersion = () => require('solc').version()

const keccak = (hex) => Buffer.from(require('@noble/hashes/sha3').keccak_256(Buffer.from(hex, 'hex'))).toString('hex')

/**
 * A `constant`'s value from its AST expression, for the forms the stand-ins use to name shared values: number,
 * string and hex literals, `keccak256` of one, and conversions to `bytesN`, `address` and `uintN`
 * (`{ bytes }`: hex without 0x; `{ int }`). Undefined for anything else (arithmetic of other constants).
 */
function evaluate(node) {
  if (node.nodeType === 'Literal') {
    if (node.kind === 'number')
      return node.value.startsWith('0x') ? { bytes: node.value.slice(2) } : { int: BigInt(node.value.replaceAll('_', '')) }
    if (node.kind === 'string' || node.kind === 'hexString') return { bytes: node.hexValue }
    return undefined
  }
  if (node.nodeType !== 'FunctionCall' || node.arguments.length !== 1) return undefined
  const arg = evaluate(node.arguments[0])
  if (arg === undefined) return undefined
  if (node.kind === 'functionCall' && node.expression.nodeType === 'Identifier' && node.expression.name === 'keccak256')
    return arg.bytes === undefined ? undefined : { bytes: keccak(arg.bytes) }
  if (node.kind !== 'typeConversion') return undefined
  const target = node.expression.typeName?.name ?? ''
  const fixed = /^bytes(\d+)$/.exec(target)
  if (fixed && arg.bytes !== undefined) return { bytes: arg.bytes.slice(0, 2 * Number(fixed[1])).padEnd(2 * Number(fixed[1]), '0') }
  if (target === 'address' && arg.bytes !== undefined) return arg
  if (/^uint\d*$/.test(target) && arg.int !== undefined) return arg
  return undefined
}

/**
 * What the devnet shares with the stand-ins, read from packages/devnet/contracts/standins/*.sol so that it is written once:
 * `constants`, by contract, each `constant` `evaluate` can read (bytesN and addresses as 0x-hex, integers as
 * numbers); `events`, each stand-in event's topic 0 by name; `selectors`, each interface function's selector by
 * interface and name.
 */
export function compileShared() {
  const dir = standInDir
  const files = readdirSync(dir).filter((f) => f.endsWith('.sol'))
  const solc = require('solc')
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(dir, f), 'utf8') }])),
    settings: { ...compilerSettings, outputSelection: { '*': { '': ['ast'], '*': ['abi', 'evm.methodIdentifiers'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const constants = {}
  for (const file of files) {
    for (const contract of output.sources[file].ast.nodes.filter((n) => n.nodeType === 'ContractDefinition')) {
      for (const v of contract.nodes.filter((n) => n.nodeType === 'VariableDeclaration' && n.constant)) {
        const value = evaluate(v.value)
        if (value === undefined) continue
        const type = v.typeDescriptions.typeString
        constants[contract.name] ??= {}
        constants[contract.name][v.name] =
          value.int !== undefined ? Number(value.int) : `0x${type === 'address' ? value.bytes.padStart(40, '0') : value.bytes}`
      }
    }
  }
  const canonical = (p) =>
    p.type.startsWith('tuple') ? `(${p.components.map(canonical).join(',')})${p.type.slice('tuple'.length)}` : p.type
  const events = {}
  const selectors = {}
  // The stand-ins' files and what they import (the interfaces in contracts/interfaces/).
  for (const file of Object.keys(output.contracts).sort()) {
    for (const [name, c] of Object.entries(output.contracts[file])) {
      for (const e of c.abi.filter((item) => item.type === 'event'))
        events[e.name] = `0x${keccak(Buffer.from(`${e.name}(${e.inputs.map(canonical).join(',')})`).toString('hex'))}`
      const ids = Object.entries(c.evm.methodIdentifiers)
      if (name.startsWith('I') && ids.length > 0)
        selectors[name] = Object.fromEntries(ids.map(([signature, id]) => [signature.slice(0, signature.indexOf('(')), `0x${id}`]))
    }
  }
  return { constants, events: Object.fromEntries(Object.entries(events).sort()), selectors }
}

/** `NativeMinter` → `NATIVE_MINTER`. */
const constantName = (name) => name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()

/**
 * The Solidity library forge tests install the stand-ins from (packages/devnet/contracts/SubnetPrecompileCode.sol,
 * imported by SubnetPrecompiles.sol there): each stand-in's runtime code, the same bytes the devnet installs, and
 * the constants of packages/devnet/contracts/standins/*.sol the helper needs, so that Solidity and TypeScript share one compilation.
 */
export function standInCodeSolidity(artifacts = compilePrecompiles(), constants = compileShared().constants) {
  const code = Object.entries(artifacts).map(
    ([name, a]) =>
      `    /// ${name}'s runtime code (contracts/${name}.sol).\n    bytes internal constant ${constantName(name)} = hex"${a.deployedBytecode.slice(2)}";`,
  )
  const shared = [
    ['Precompile', 'SIMULATION_SLOT', 'bytes32'],
    ['Precompile', 'SIMULATED_RESULT', 'bytes32'],
    ['Precompile', 'SIMULATION_GAS', 'uint256'],
    ['Precompile', 'RULES_TRAILER', 'uint256'],
    ['FeeManager', 'LAST_CHANGED_AT_KEY', 'bytes32'],
    ['RewardManager', 'REWARD_ADDRESS_KEY', 'bytes32'],
    ['RewardManager', 'ALLOW_FEE_RECIPIENTS_VALUE', 'bytes32'],
    ['RewardManager', 'BLACKHOLE', 'address'],
  ].map(([contract, name, type]) => {
    const value = constants[contract][name]
    const text = type === 'address' ? checksum(value) : String(value)
    return `    /// contracts/${contract}.sol \`${name}\`.\n    ${type} internal constant ${name} = ${text};`
  })
  return `// SPDX-License-Identifier: MIT
pragma solidity >=0.8.4 <0.9.0;

// GENERATED by scripts/compile-contracts.mjs from packages/devnet/contracts/standins/*.sol with solc ${solcVersion()}
// (optimizer 200 runs, EVM cancun). Do not edit: change the .sol files and run the script.

/// The devnet's precompile stand-ins as SubnetPrecompiles.sol installs them in forge's EVM: the runtime code the
/// devnet installs at each precompile address, and the values the stand-ins and the devnet share.
library SubnetPrecompileCode {
${[...code, ...shared].join('\n\n')}
}
`
}

/** EIP-55 checksum of a 0x address (solc refuses an address literal without it). */
function checksum(address) {
  const lower = address.slice(2).toLowerCase()
  const hash = keccak(Buffer.from(lower).toString('hex'))
  return `0x${[...lower].map((c, i) => (Number.parseInt(hash[i], 16) >= 8 ? c.toUpperCase() : c)).join('')}`
}

/** The example L1 contracts (contracts/examples/*.sol): name → { abi, bytecode }, sorted by name. */
export function compileExamples() {
  const dir = join(root, 'contracts/examples')
  const files = readdirSync(dir).filter((f) => f.endsWith('.sol'))
  const compiled = compileSolidity(Object.fromEntries(files.map((f) => [`examples/${f}`, readFileSync(join(dir, f), 'utf8')])))
  // Contracts only: interfaces and abstract contracts have no bytecode, libraries of constants no ABI.
  const deployable = Object.keys(compiled).filter((name) => compiled[name].bytecode !== '0x' && compiled[name].abi.length > 0)
  return Object.fromEntries(deployable.sort().map((name) => [name, { abi: compiled[name].abi, bytecode: compiled[name].bytecode }]))
}

/**
 * The test-only Teleporter-compatible messenger and its application (contracts/test/TestMessenger.sol): name →
 * { abi, bytecode }, for docs/icm.md's example and the tests. Not shipped (contracts/test is not in the package).
 */
export function compileTestMessenger() {
  const compiled = compileSolidity({ 'test/TestMessenger.sol': readFileSync(join(root, 'contracts/test/TestMessenger.sol'), 'utf8') })
  return Object.fromEntries(
    ['TestMessenger', 'TestMessengerApp'].map((name) => [name, { abi: compiled[name].abi, bytecode: compiled[name].bytecode }]),
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const artifacts = compilePrecompiles()
  const file = join(root, 'packages/devnet/src/l1/precompiles/artifacts/contracts.ts')
  // Only the runtime code ships: the devnet installs it, and an explicit type keeps the declaration
  // files from repeating every bytecode as a literal type. The ABIs are core's (src/core/precompiles).
  const names = Object.keys(artifacts)
  const shared = compileShared()
  const code = Object.fromEntries(names.map((name) => [name, { deployedBytecode: artifacts[name].deployedBytecode }]))
  const text = `/**
 * GENERATED by scripts/compile-contracts.mjs from packages/devnet/contracts/standins/*.sol with solc ${solcVersion()}
 * (optimizer 200 runs, EVM cancun). Do not edit: change the .sol files and run the script.
 * The devnet installs each deployedBytecode at its precompile address (../runtime.ts).
 */
export type PrecompileArtifact = { deployedBytecode: \`0x\${string}\` }

export const precompileArtifacts: Record<${names.map((n) => `'${n}'`).join(' | ')}, PrecompileArtifact> = ${JSON.stringify(code, null, 2)}

/**
 * The values the stand-ins and the devnet share, written once in packages/devnet/contracts/standins/*.sol: each contract's constants the
 * script can read (bytesN and addresses as 0x-hex, integers as numbers).
 */
export const precompileConstants = ${JSON.stringify(shared.constants, null, 2)} as const

/** Each stand-in event's topic 0 (keccak256 of its signature), by event name. */
export const precompileEvents = ${JSON.stringify(shared.events, null, 2)} as const

/** Each precompile interface's function selectors, by interface and function name. */
export const precompileSelectors = ${JSON.stringify(shared.selectors, null, 2)} as const
`
  writeFileSync(file, text)
  execFileSync(process.execPath, [join(root, 'node_modules/@biomejs/biome/bin/biome'), 'format', '--write', file], { stdio: 'inherit' })
  console.log(`wrote ${file}`)
  const helperCode = join(root, 'packages/devnet/contracts/SubnetPrecompileCode.sol')
  writeFileSync(helperCode, standInCodeSolidity(artifacts, shared.constants))
  console.log(`wrote ${helperCode}`)
  const examples = join(root, 'contracts/examples/artifacts.json')
  writeFileSync(examples, `${JSON.stringify({ solc: solcVersion(), contracts: compileExamples() }, null, 2)}\n`)
  console.log(`wrote ${examples}`)
  const messenger = join(root, 'contracts/test/messenger-artifacts.json')
  writeFileSync(messenger, `${JSON.stringify({ solc: solcVersion(), contracts: compileTestMessenger() }, null, 2)}\n`)
  console.log(`wrote ${messenger}`)
}
