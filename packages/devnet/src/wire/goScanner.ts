/**
 * A JSON scanner that fails the way Go's `encoding/json` Decoder does, so the devnet
 * can reproduce the node's -32700 messages (`EOF`, `unexpected EOF`,
 * `invalid character 'x' looking for beginning of value`, ...).
 *
 * Like `json.Decoder.Decode`, it reads only the first value and ignores what follows.
 * It also reports the spans of the first value's direct children, which the JSON-RPC
 * envelopes need to echo `id` byte for byte and to split batches without re-encoding.
 */

import { goQuote } from './goFormat.js'

export type Span = { start: number; end: number }
export type Member = { key: string; value: Span }
export type ScanResult = { ok: true; value: Span; kind: ValueKind; members: Member[]; elements: Span[] } | { ok: false; message: string }
export type ValueKind = 'object' | 'array' | 'string' | 'number' | 'literal'

class GoSyntaxError extends Error {}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13
const isDigit = (c: number) => c >= 48 && c <= 57

/**
 * Go's `quoteChar`: how a byte is shown inside `invalid character ...`. Go scans bytes, so
 * for a non-ASCII character it is the first byte of its UTF-8 form, taken as the rune
 * U+00XX and quoted with `strconv.Quote` (`é` shows as `'Ã'`, a control byte as `'\x01'`).
 * `c` is a UTF-16 code unit of the decoded body.
 */
function quoteChar(c: number): string {
  const byte =
    c < 0x80
      ? c
      : c < 0x800
        ? 0xc0 | (c >> 6)
        : c >= 0xd800 && c <= 0xdbff
          ? 0xf0 | ((0x10000 + ((c - 0xd800) << 10)) >> 18)
          : 0xe0 | (c >> 12)
  if (byte === 39) return `'\\''`
  if (byte === 34) return `'"'`
  return `'${goQuote(String.fromCharCode(byte)).slice(1, -1)}'`
}

/** Scans the first JSON value of `text` (Go Decoder semantics). */
export function scanFirstValue(text: string): ScanResult {
  const s = new Scanner(text)
  try {
    while (s.i < text.length && isSpace(text.charCodeAt(s.i))) s.i++
    if (s.i >= text.length) return { ok: false, message: 'EOF' }
    const start = s.i
    const kind = s.value(0)
    return { ok: true, value: { start, end: s.i }, kind, members: s.members, elements: s.elements }
  } catch (e) {
    if (e instanceof GoSyntaxError) return { ok: false, message: e.message }
    throw e
  }
}

class Scanner {
  i = 0
  members: Member[] = []
  elements: Span[] = []
  constructor(readonly text: string) {}

  private peek(): number {
    if (this.i >= this.text.length) throw new GoSyntaxError('unexpected EOF')
    return this.text.charCodeAt(this.i)
  }
  private fail(c: number, context: string): never {
    throw new GoSyntaxError(`invalid character ${quoteChar(c)} ${context}`)
  }
  private skipSpace(): number {
    let c = this.peek()
    while (isSpace(c)) {
      this.i++
      c = this.peek()
    }
    return c
  }

  value(depth: number): ValueKind {
    const c = this.skipSpace()
    if (c === 123) {
      this.object(depth)
      return 'object'
    }
    if (c === 91) {
      this.array(depth)
      return 'array'
    }
    if (c === 34) {
      this.string()
      return 'string'
    }
    if (c === 45 || isDigit(c)) {
      this.number()
      return 'number'
    }
    if (c === 116) {
      this.literal('true')
      return 'literal'
    }
    if (c === 102) {
      this.literal('false')
      return 'literal'
    }
    if (c === 110) {
      this.literal('null')
      return 'literal'
    }
    this.fail(c, 'looking for beginning of value')
  }

  private object(depth: number) {
    this.i++
    let c = this.skipSpace()
    if (c === 125) {
      this.i++
      return
    }
    for (;;) {
      if (c !== 34) this.fail(c, 'looking for beginning of object key string')
      const keyStart = this.i
      this.string()
      const key = JSON.parse(this.text.slice(keyStart, this.i)) as string
      c = this.skipSpace()
      if (c !== 58) this.fail(c, 'after object key')
      this.i++
      this.skipSpace()
      const valueStart = this.i
      this.value(depth + 1)
      if (depth === 0) this.members.push({ key, value: { start: valueStart, end: this.i } })
      c = this.skipSpace()
      this.i++
      if (c === 125) return
      if (c !== 44) this.fail(c, 'after object key:value pair')
      c = this.skipSpace()
    }
  }

  private array(depth: number) {
    this.i++
    let c = this.skipSpace()
    if (c === 93) {
      this.i++
      return
    }
    for (;;) {
      const start = this.i
      this.value(depth + 1)
      if (depth === 0) this.elements.push({ start, end: this.i })
      c = this.skipSpace()
      this.i++
      if (c === 93) return
      if (c !== 44) this.fail(c, 'after array element')
      this.skipSpace()
    }
  }

  private string() {
    this.i++
    for (;;) {
      const c = this.peek()
      this.i++
      if (c === 34) return
      if (c < 32) this.fail(c, 'in string literal')
      if (c === 92) {
        const e = this.peek()
        this.i++
        if (e === 117) {
          for (let k = 0; k < 4; k++) {
            const h = this.peek()
            const hex = isDigit(h) || (h >= 97 && h <= 102) || (h >= 65 && h <= 70)
            if (!hex) this.fail(h, 'in \\u hexadecimal character escape')
            this.i++
          }
        } else if (!'"\\/bfnrt'.includes(String.fromCharCode(e))) {
          this.fail(e, 'in string escape code')
        }
      }
    }
  }

  // At the top level a number may end at EOF; nested, EOF is unexpected (peek throws).
  private atEnd(): boolean {
    return this.i >= this.text.length
  }

  private number() {
    if (this.text.charCodeAt(this.i) === 45) {
      this.i++
      const c = this.peek()
      if (!isDigit(c)) this.fail(c, 'in numeric literal')
    }
    if (this.text.charCodeAt(this.i) === 48) this.i++
    else while (!this.atEnd() && isDigit(this.text.charCodeAt(this.i))) this.i++
    if (!this.atEnd() && this.text.charCodeAt(this.i) === 46) {
      this.i++
      const c = this.peek()
      if (!isDigit(c)) this.fail(c, 'after decimal point in numeric literal')
      while (!this.atEnd() && isDigit(this.text.charCodeAt(this.i))) this.i++
    }
    const e = this.atEnd() ? 0 : this.text.charCodeAt(this.i)
    if (e === 101 || e === 69) {
      this.i++
      let c = this.peek()
      if (c === 43 || c === 45) {
        this.i++
        c = this.peek()
      }
      if (!isDigit(c)) this.fail(c, 'in exponent of numeric literal')
      while (!this.atEnd() && isDigit(this.text.charCodeAt(this.i))) this.i++
    }
  }

  private literal(word: string) {
    for (let k = 0; k < word.length; k++) {
      const c = this.peek()
      if (c !== word.charCodeAt(k)) this.fail(c, `in literal ${word} (expecting '${word[k]}')`)
      this.i++
    }
  }
}

/** Go's name for the JSON type of a raw value, as used in UnmarshalTypeError texts. */
export function goJsonTypeName(raw: string): 'object' | 'array' | 'string' | 'number' | 'bool' | 'null' {
  const c = raw.charCodeAt(0)
  if (c === 123) return 'object'
  if (c === 91) return 'array'
  if (c === 34) return 'string'
  if (c === 116 || c === 102) return 'bool'
  if (c === 110) return 'null'
  return 'number'
}

/**
 * Go's case-insensitive field matching: the last member whose key folds to `name` wins,
 * as `encoding/json` overwrites a field each time a matching key appears.
 */
export function findMember(members: Member[], name: string): Member | undefined {
  const lower = name.toLowerCase()
  let found: Member | undefined
  for (const m of members) if (m.key === name || m.key.toLowerCase() === lower) found = m
  return found
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * A JSON string literal decoded as Go decodes it into a `string`: like `JSON.parse`, except
 * that an escaped lone surrogate (`"\ud800"`) becomes U+FFFD, since Go strings hold UTF-8.
 */
export function goStringValue(raw: string): string {
  return (JSON.parse(raw) as string).replace(loneSurrogate, '\uFFFD')
}
