import Foundation

/// A streaming rewrite of a feed's bytes before libxml2 reads them, so that references come out as a
/// browser or a loose feed parser reads them: a bare `&` stays `&`, an HTML entity (`&eacute;`) is its
/// character, an invalid character reference (`&#1;`) is U+FFFD, an unknown name (`&foo;`) stays as
/// written. Every reference that remains is a character reference (`&amp;` becomes `&#38;`): after any
/// well-formedness error libxml2's recover mode drops every later entity reference, but never a
/// character reference. CDATA sections, comments and the DOCTYPE are passed through untouched.
///
/// Cheap on the common path: `memchr` finds the next `&` and `!`; a piece with nothing to rewrite is
/// handed on without a copy. Only for ASCII-compatible encodings (`isApplicable`).
final class ReferenceRepair {
  /// What a repair fixed, for the warning that names the first one.
  enum Kind: Sendable {
    case bareAmpersand, unknownEntity, invalidCharacterReference
  }

  /// Repairs made so far (HTML entities and `&amp;`-style rewrites are not repairs).
  // `@exclusivity(unchecked)` on the state touched per reference: one repair serves one parse on one
  // thread, and the runtime's access checks were ~2 % of a parse of an escaped-HTML feed (perf).
  @exclusivity(unchecked) private(set) var count = 0
  /// The first repair: its kind and byte offset in the document.
  private(set) var first: (kind: Kind, offset: Int)?

  private enum State { case text, comment, cdata, doctype, doctypeSubset }
  @exclusivity(unchecked) private var state = State.text
  /// Whether the document declares entities of its own: an unknown name may then be one of them.
  @exclusivity(unchecked) private var hasInternalSubset = false
  /// Bytes not decided yet (a reference or a markup opener cut by the end of a piece).
  private var carry: [UInt8] = []
  /// The byte before the next one to read (is a `!` the second byte of `<!`?).
  @exclusivity(unchecked) private var previous: UInt8 = 0
  /// Document offset of the next byte to read.
  @exclusivity(unchecked) private var offset = 0
  /// The rewritten bytes of a piece: a `TextBuffer`, since a piece of an escaped HTML body holds thousands
  /// of references and `Array`'s appends cost ~70 instructions each before copying anything.
  @exclusivity(unchecked) private var out = TextBuffer(capacity: 80 * 1024)

  /// HTML rather than XML: a reference to a C0 control is left as written (browsers keep the control,
  /// which the renderer then drops), only NUL, surrogates and numbers past Unicode become U+FFFD.
  private let html: Bool

  init(html: Bool = false) { self.html = html }

  /// The longest reference looked at (the longest HTML 4 name is 8 bytes; zero-padded numbers run longer).
  static let maxReferenceLength = 64
  private static let lookahead = maxReferenceLength + 8

  /// Whether a document with this head, read in `encoding` (nil: as it declares), keeps `&`, `<`, `!`
  /// and `]` as single ASCII bytes, so that a byte-level rewrite cannot cut a character.
  static func isApplicable(head: Data, encoding: String?) -> Bool {
    let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let bytes = head.dropFirst(start).prefix(4)
    guard bytes.first.map({ $0 == UInt8(ascii: "<") || isSpace($0) }) == true, !bytes.contains(0) else {
      return false
    }
    guard let name = (encoding ?? EncodingSniffer.declaredEncoding(head))?.uppercased() else { return true }
    return !["UTF-16", "UTF16", "UTF-32", "UCS", "2022", "UTF-7", "EBCDIC", "IBM037", "CP037"]
      .contains { name.contains($0) }
  }

  /// The whole of `bytes` repaired at once, read as HTML (article HTML: small, and already in memory).
  static func repairing(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    let repair = ReferenceRepair(html: true)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    repair.feed(bytes) { out.append(contentsOf: $0) }
    repair.finish { out.append(contentsOf: $0) }
    return out
  }

  /// Rewrites `input` and hands the result to `sink`, in one or more pieces; bytes that cannot be
  /// decided yet are kept for the next call.
  func feed(_ input: UnsafeBufferPointer<UInt8>, _ sink: (UnsafeBufferPointer<UInt8>) -> Void) {
    var rest = input
    if !carry.isEmpty {
      // Join the carried bytes with the start of `input`; whatever is still undecided after that lies
      // within the joined part when `input` is long enough, else all of it is carried again.
      let head = min(input.count, 4 * Self.lookahead)
      var joined = carry
      joined.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<head]))
      carry.removeAll(keepingCapacity: true)
      let taken = joined.withUnsafeBufferPointer { run($0, final: false, sink) }
      if taken < joined.count - head || head == input.count {
        carry.append(contentsOf: joined[taken...])  // rare: a long undecided run (blank lines after `]`)
        carry.append(contentsOf: UnsafeBufferPointer(rebasing: input[head...]))
        return
      }
      rest = UnsafeBufferPointer(rebasing: input[(taken - (joined.count - head))...])
    }
    let taken = run(rest, final: false, sink)
    carry.append(contentsOf: rest[taken...])
  }

  /// Hands on what was carried, deciding it as the end of the document.
  func finish(_ sink: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard !carry.isEmpty else { return }
    let bytes = carry
    carry = []
    _ = bytes.withUnsafeBufferPointer { run($0, final: true, sink) }
  }

  /// Scans `bytes`, sends the rewritten prefix it could decide to `sink`, and returns its length.
  private func run(
    _ bytes: UnsafeBufferPointer<UInt8>, final: Bool, _ sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int {
    out.removeAll()
    var clean = 0  // bytes[clean..<i] still to copy when `out` is in use
    let end = scan(bytes, final: final, clean: &clean)
    if out.count == 0, clean == 0 {
      if end > 0 { sink(UnsafeBufferPointer(rebasing: bytes[..<end])) }
    } else {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean..<end]))
      sink(out.bytes)
    }
    if end > 0 { previous = bytes[end - 1] }
    offset += end
    return end
  }

  private func scan(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool, clean: inout Int) -> Int {
    let n = bytes.count
    guard let base = bytes.baseAddress, n > 0 else { return 0 }
    var i = 0
    var nextAmp = -1
    var nextBang = -1
    while i < n {
      switch state {
      case .comment, .cdata:
        let terminator: StaticString = state == .comment ? "-->" : "]]>"
        guard let found = Self.find(terminator, in: bytes, from: i) else {
          return final ? n : max(i, n - 2)
        }
        i = found + 3
        state = .text
      case .doctype:
        guard let c = Self.firstOf(UInt8(ascii: "["), UInt8(ascii: ">"), in: bytes, from: i) else {
          return n
        }
        i = c + 1
        if bytes[c] == UInt8(ascii: "[") {
          hasInternalSubset = true
          state = .doctypeSubset
        } else {
          state = .text
        }
      case .doctypeSubset:
        guard let close = Self.firstOf(UInt8(ascii: "]"), UInt8(ascii: "]"), in: bytes, from: i) else { return n }
        var j = close + 1
        while j < n, isSpace(bytes[j]) { j += 1 }
        if j == n, !final { return close }
        i = j
        if j < n, bytes[j] == UInt8(ascii: ">") {
          i = j + 1
          state = .text
        }
      case .text:
        if nextAmp < i { nextAmp = Self.index(of: UInt8(ascii: "&"), in: base, from: i, count: n) }
        if nextBang < i { nextBang = Self.index(of: UInt8(ascii: "!"), in: base, from: i, count: n) }
        if nextBang < nextAmp {
          i = nextBang + 1
          let before = nextBang > 0 ? bytes[nextBang - 1] : previous
          guard before == UInt8(ascii: "<") else { continue }
          guard let opened = markup(bytes, at: i, final: final) else { return nextBang }
          state = opened
          continue
        }
        guard nextAmp < n else { return n }
        let at = nextAmp
        switch reference(bytes, at: at, final: final) {
        case .undecided:
          return at
        case .keep(let length):
          i = at + length
        case .replace(let length, let scalar):
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean..<at]))
          appendReference(scalar)
          clean = at + length
          i = clean
        }
      }
    }
    return n
  }

  /// Appends `&#<value>;` (no `String` per reference: escaped HTML bodies hold thousands of them), built
  /// backwards in a 16-byte scratch and appended in one copy: one `append` per byte cost ~115
  /// instructions a reference (callgrind, 123,000 references in a 2,000-item feed).
  private func appendReference(_ value: UInt32) {
    switch value {  // the five predefined names: most of the references rewritten
    case 60: out.append("&#60;")
    case 62: out.append("&#62;")
    case 38: out.append("&#38;")
    case 34: out.append("&#34;")
    case 39: out.append("&#39;")
    default: appendDigits(value)
    }
  }

  private func appendDigits(_ value: UInt32) {
    var scratch: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &scratch) { raw in
      let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
      var start = 15
      p[15] = UInt8(ascii: ";")
      var v = value  // at most 0x110000: seven digits
      repeat {
        start -= 1
        p[start] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
        v /= 10
      } while v > 0
      p[start - 2] = UInt8(ascii: "&")
      p[start - 1] = UInt8(ascii: "#")
      out.append(contentsOf: UnsafeBufferPointer(start: p + start - 2, count: 16 - (start - 2)))
    }
  }

  /// `&lt;`, `&gt;`, `&amp;`, `&quot;` or `&apos;` at `at`: its length and value. Read byte by byte before
  /// anything else: they are most of a feed's references (an escaped HTML body is made of them).
  @inline(__always)
  private static func predefined(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> (length: Int, value: UInt32)? {
    let n = bytes.count
    guard at + 3 < n else { return nil }
    let b1 = bytes[at + 1], b2 = bytes[at + 2], b3 = bytes[at + 3]
    if b2 == UInt8(ascii: "t"), b3 == UInt8(ascii: ";") {
      if b1 == UInt8(ascii: "l") { return (4, 60) }
      if b1 == UInt8(ascii: "g") { return (4, 62) }
      return nil
    }
    guard at + 4 < n else { return nil }
    let b4 = bytes[at + 4]
    if b1 == UInt8(ascii: "a"), b2 == UInt8(ascii: "m"), b3 == UInt8(ascii: "p"), b4 == UInt8(ascii: ";") {
      return (5, 38)
    }
    guard at + 5 < n, bytes[at + 5] == UInt8(ascii: ";") else { return nil }
    if b1 == UInt8(ascii: "q"), b2 == UInt8(ascii: "u"), b3 == UInt8(ascii: "o"), b4 == UInt8(ascii: "t") { return (6, 34) }
    if b1 == UInt8(ascii: "a"), b2 == UInt8(ascii: "p"), b3 == UInt8(ascii: "o"), b4 == UInt8(ascii: "s") { return (6, 39) }
    return nil
  }

  /// The state after `<!` when the bytes at `i` open a comment, a CDATA section or a DOCTYPE (`.text`
  /// for anything else); nil when the bytes that tell are not there yet.
  private func markup(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, final: Bool) -> State? {
    for (opener, opened) in Self.openers {
      let count = opener.utf8CodeUnitCount
      let available = min(count, bytes.count - i)
      let prefix = UnsafeBufferPointer(start: opener.utf8Start, count: available)
      guard bytes[i..<(i + available)].elementsEqual(prefix) else { continue }
      if available < count { return final ? .text : nil }
      return opened
    }
    return .text
  }

  private static let openers: [(StaticString, State)] = [("--", .comment), ("[CDATA[", .cdata), ("DOCTYPE", .doctype)]

  /// `replace`: write `&#<scalar>;` in place of that many bytes.
  private enum Decision { case undecided, keep(Int), replace(Int, scalar: UInt32) }

  /// Reads the reference that starts with the `&` at `bytes[at]`.
  private func reference(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, final: Bool) -> Decision {
    if let (length, value) = Self.predefined(bytes, at: at) { return .replace(length, scalar: value) }
    let n = bytes.count
    var j = at + 1
    let limit = min(n, at + Self.maxReferenceLength)
    func undecidedOrBare() -> Decision { j >= n && !final ? .undecided : bare(bytes, at: at) }
    if j < n, bytes[j] == UInt8(ascii: "#") {
      j += 1
      let hex = j < n && (bytes[j] | 0x20) == UInt8(ascii: "x")
      if hex { j += 1 }
      let digits = j
      var value: UInt32 = 0
      while j < limit, let d = PlainText.digitValue(bytes[j], hex: hex) {
        value = min(value * (hex ? 16 : 10) + d, 0x110000)
        j += 1
      }
      guard j > digits, j < limit, bytes[j] == UInt8(ascii: ";") else { return undecidedOrBare() }
      let length = j + 1 - at
      if (0x80...0x9F).contains(value), let mapped = PlainText.windows1252[Int(value - 0x80)] {
        return .replace(length, scalar: mapped)
      }
      if Self.isXMLChar(value) || (html && value > 0 && value < 0x20) { return .keep(length) }
      note(.invalidCharacterReference, at: at)
      return .replace(length, scalar: 0xFFFD)
    }
    guard j < n else { return undecidedOrBare() }
    guard Self.isNameStart(bytes[j]) else { return bare(bytes, at: at) }
    while j < limit, Self.isNameByte(bytes[j]) { j += 1 }
    guard j < limit, bytes[j] == UInt8(ascii: ";") else { return undecidedOrBare() }
    let name = UnsafeBufferPointer(rebasing: bytes[(at + 1)..<j])
    if let scalar = PlainText.namedEntity(name) {
      return .replace(j + 1 - at, scalar: scalar.value)
    }
    if hasInternalSubset { return .keep(j + 1 - at) }
    note(.unknownEntity, at: at)
    return .replace(1, scalar: 38)
  }

  /// An `&` that starts no reference: written as `&#38;`.
  private func bare(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Decision {
    note(.bareAmpersand, at: at)
    return .replace(1, scalar: 38)
  }

  private func note(_ kind: Kind, at position: Int) {
    count += 1
    if first == nil { first = (kind, offset + position) }
  }

  static func isXMLChar(_ v: UInt32) -> Bool {
    v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
      || (0x10000...0x10FFFF).contains(v)
  }

  private static func isNameStart(_ c: UInt8) -> Bool {
    (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") || c >= 0x80
  }

  private static func isNameByte(_ c: UInt8) -> Bool {
    isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
  }

  private static func index(of byte: UInt8, in base: UnsafePointer<UInt8>, from i: Int, count n: Int) -> Int {
    guard i < n, let p = memchr(base + i, Int32(byte), n - i) else { return n }
    return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
  }

  private static func firstOf(_ a: UInt8, _ b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
    bytes[i...].firstIndex { $0 == a || $0 == b }
  }

  private static func find(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let n = bytes.count
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
    var at = i
    while true {
      at = index(of: pattern[0], in: base, from: at, count: n)
      guard at + pattern.count <= n else { return nil }
      if bytes[at..<(at + pattern.count)].elementsEqual(pattern) { return at }
      at += 1
    }
  }
}
