internal import CLibXML2

/// Turns feed titles into the plain text DESIGN §6 requires (entities decoded, markup stripped, whitespace
/// collapsed), working on UTF-8 bytes with a fast path for the common title that has nothing to do.
public enum PlainText {
  /// How a title's text is meant to be read.
  public enum Kind: Sendable {
    /// Atom `type="text"`: the characters are the title; only whitespace is collapsed.
    case text
    /// Atom `type="html"`: HTML source; every tag is stripped and entities decoded.
    case html
    /// RSS and JSON Feed, where producers put plain text, HTML or escaped HTML alike: tags of known HTML
    /// elements are stripped (so "Why <lorem> tags matter" survives), then entities are decoded once more
    /// (so a double-escaped `&amp;#8230;` becomes "…").
    case guess
  }

  /// Plain text for `string` read as `kind`.
  public static func title(_ string: String, kind: Kind = .guess) -> String {
    var string = string
    return string.withUTF8 { title($0, kind: kind) }
  }

  /// Plain text for the UTF-8 `bytes` read as `kind`: tags stripped (each leaves a space), then entities
  /// decoded once, then whitespace collapsed — done in one pass into the string's own storage, since the
  /// text never grows (a tag becomes one byte, an entity at most as many bytes as it is written with).
  /// The search index is built from this text for every article (docs/DECISIONS.md, "Plain text in one
  /// pass"); `FindingSchema.textVersion` must change if the text it yields does.
  public static func title(_ bytes: UnsafeBufferPointer<UInt8>, kind: Kind) -> String {
    if kind == .text || !bytes.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) {
      return collapsingWhitespace(bytes)
    }
    var tags = TagScanner(bytes, all: kind == .html)
    return collapsed(into: bytes.count) { out in
      var i = 0
      while i < bytes.count {
        let c = bytes[i]
        if c == UInt8(ascii: "<"), let end = tags.end(from: i) {
          out.space()
          i = end
        } else if c == UInt8(ascii: "&"), let (scalar, end) = entity(bytes, at: i) {
          out.add(scalar)
          i = end
        } else {
          let end = out.addRun(bytes, at: i, markup: true)
          i = end > i ? end : out.add(bytes, at: i)
        }
      }
    }
  }

  /// Whitespace runs (ASCII and no-break space) become one space; ends are trimmed. Other C0 controls, DEL
  /// and C1 controls (U+0080–U+009F) are dropped: XML 1.0 allows DEL and C1 in text, and `&#27;` decodes
  /// to ESC in `.guess`/`.html` titles, and a title is drawn as it is on a terminal row (found by
  /// the FuzzFeedParser fuzzer: a DEL run in an Atom title reached `Item.title`).
  static func collapsingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    if !needsCollapsing(bytes) { return String(decoding: bytes, as: UTF8.self) }
    return collapsed(into: bytes.count) { out in
      var i = 0
      while i < bytes.count {
        let end = out.addRun(bytes, at: i, markup: false)
        i = end > i ? end : out.add(bytes, at: i)
      }
    }
  }

  /// The string `write` makes through a `Collapser` over scratch storage of `capacity` bytes; copied out
  /// at its own size, since search text waits in the reload's queue and a string keeps its capacity.
  private static func collapsed(into capacity: Int, _ write: (inout Collapser) -> Void) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { buffer in
      var out = Collapser(buffer.baseAddress!)
      write(&out)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<out.count]), as: UTF8.self)
    }
  }

  /// Writes collapsed text (see `collapsingWhitespace`) into storage at least as long as its input.
  private struct Collapser {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var pendingSpace = false

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// A space, written only if something follows that is not one.
    mutating func space() { pendingSpace = true }

    /// The character starting at `bytes[i]`; returns the index after it.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
      let c = bytes[i]
      if isSpace(c) {
        pendingSpace = true
        return i + 1
      }
      if c < 0x20 || c == 0x7F { return i + 1 }  // the C0 controls that are not whitespace, and DEL
      if c == 0xC2, i + 1 < bytes.count, (0x80...0xA0).contains(bytes[i + 1]) {
        if bytes[i + 1] == 0xA0 { pendingSpace = true }  // U+00A0; below it the C1 controls U+0080–U+009F
        return i + 2
      }
      byte(c)
      return i + 1
    }

    /// The run of bytes from `bytes[i]` that `add` would copy one by one — `plain` bytes, and single
    /// spaces between them — copied at once: most of an article's text is such runs, and the search
    /// index converts every article (docs/DECISIONS.md, "The indexer's backlog, its second profile").
    /// Returns the index after the run (`i` when there is none).
    mutating func addRun(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, markup: Bool) -> Int {
      var j = i
      while j < bytes.count {
        if Self.plain(bytes[j], markup: markup) {
          j += 1
        } else if bytes[j] == 0x20, j > i, j + 1 < bytes.count, Self.plain(bytes[j + 1], markup: markup) {
          j += 2  // one space after a word and before another: written as it is
        } else {
          break
        }
      }
      guard j > i else { return i }
      if pendingSpace, count > 0 {
        base[count] = 0x20
        count += 1
      }
      pendingSpace = false
      (base + count).update(from: bytes.baseAddress! + i, count: j - i)
      count += j - i
      return j
    }

    /// Whether `add` copies `c` as it is: not whitespace or another control, DEL, 0xC2 (which may start
    /// a no-break space or a C1 control) or, with `markup`, `<` or `&`.
    private static func plain(_ c: UInt8, markup: Bool) -> Bool {
      c > 0x20 && c != 0x7F && c != 0xC2 && !(markup && (c == UInt8(ascii: "<") || c == UInt8(ascii: "&")))
    }

    /// A decoded entity, collapsed like the same character in the text.
    mutating func add(_ scalar: Unicode.Scalar) {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { scratch in
        let n = scratch.initialize(fromContentsOf: UTF8.encode(scalar)!)
        let bytes = UnsafeBufferPointer(rebasing: scratch[..<n])
        var i = 0
        while i < n { i = add(bytes, at: i) }
      }
    }

    private mutating func byte(_ c: UInt8) {
      if pendingSpace, count > 0 {
        base[count] = 0x20
        count += 1
      }
      pendingSpace = false
      base[count] = c
      count += 1
    }
  }

  private static func needsCollapsing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let last = bytes.last else { return false }
    if isSpace(first) || isSpace(last) { return true }
    var previousSpace = false
    for c in bytes {
      if c == 0x20 {
        if previousSpace { return true }
        previousSpace = true
      } else if isSpace(c) || c == 0xC2 || c < 0x20 || c == 0x7F {  // 0xC2: no-break space or a C1 control
        return true
      } else {
        previousSpace = false
      }
    }
    return false
  }

  /// Where the tags and comments of one title end, found in time linear in the title however many of
  /// them never close (docs/ROBUSTNESS.md): a `<` that starts no tag is kept and the
  /// next byte read, so a search that reaches the end unanswered is asked again from each later `<`
  /// (600 KB of `<b ` took 30 s). What a failed search learnt is kept: a comment with no `-->` after
  /// it means none after any later `<!--`; a `>` or quote read outside quotes from which the end was
  /// reached is marked, and a later search that reaches it stops there. Tags are met in order, so the
  /// first `>` or quote after a tag's name serves every tag before it. The text found is the same as a
  /// search from scratch at every `<` (`PlainTextOnePassTests`).
  private struct TagScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Every tag stripped (`.html`), else only `knownTags`.
    let all: Bool
    /// A comment found no `-->` after it.
    private var commentUnclosed = false
    /// The last search from a tag's name: the first `>` or quote at or after `from`, nil for none.
    private var special: (from: Int, at: Int?) = (Int.max, nil)
    /// Bit k: the `>` or quote at k, read outside quotes, leads to the end of the title and no `>`.
    private var dead: [UInt64] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, all: Bool) {
      self.bytes = bytes
      self.all = all
    }

    /// The index after the tag or comment that starts at `start`, or nil when it is not one to strip.
    /// `start` must be past every tag end this scanner has returned and grow from call to call.
    mutating func end(from start: Int) -> Int? {
      var i = start + 1
      if i + 2 < bytes.count, bytes[i] == UInt8(ascii: "!"), bytes[i + 1] == UInt8(ascii: "-"),
        bytes[i + 2] == UInt8(ascii: "-")
      {
        guard !commentUnclosed else { return nil }
        var j = i + 3
        while j + 2 < bytes.count {
          if bytes[j] == UInt8(ascii: "-"), bytes[j + 1] == UInt8(ascii: "-"), bytes[j + 2] == UInt8(ascii: ">") {
            return j + 3
          }
          j += 1
        }
        commentUnclosed = true
        return nil
      }
      if i < bytes.count, bytes[i] == UInt8(ascii: "/") { i += 1 }
      let nameStart = i
      while i < bytes.count, isAlnum(bytes[i]) { i += 1 }
      guard i > nameStart, isLetter(bytes[nameStart]) else { return nil }
      guard i < bytes.count, bytes[i] == UInt8(ascii: ">") || bytes[i] == UInt8(ascii: "/") || isSpace(bytes[i])
      else { return nil }
      if !all {
        guard let key = nameKey(bytes[nameStart..<i]), knownTagKeys.contains(key) else { return nil }
      }
      if !(special.from <= i && special.at.map { i <= $0 } ?? true) { special = (i, nextSpecial(from: i)) }
      // Outside quotes from one `>` or quote to the next: a `>` ends the tag, a quote skips to its match.
      var at = special.at
      while let k = at, !isDead(k) {
        let c = bytes[k]
        if c == UInt8(ascii: ">") { return k + 1 }
        // Marked now: a search that succeeds ends past `k`, and no later search starts before its end.
        markDead(k)
        var close = k + 1
        while close < bytes.count, bytes[close] != c { close += 1 }
        guard close < bytes.count else { return nil }
        at = nextSpecial(from: close + 1)
      }
      return nil
    }

    private func nextSpecial(from start: Int) -> Int? {
      var i = start
      while i < bytes.count {
        let c = bytes[i]
        if c == UInt8(ascii: ">") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { return i }
        i += 1
      }
      return nil
    }

    private func isDead(_ k: Int) -> Bool { !dead.isEmpty && dead[k >> 6] & (1 << UInt64(k & 63)) != 0 }

    private mutating func markDead(_ k: Int) {
      if dead.isEmpty { dead = [UInt64](repeating: 0, count: bytes.count / 64 + 1) }
      dead[k >> 6] |= 1 << UInt64(k & 63)
    }
  }

  /// HTML elements that appear inside titles in the wild.
  private static let knownTags: Set<String> = [
    "a", "abbr", "acronym", "b", "big", "blockquote", "br", "cite", "code", "del", "dfn", "div", "em",
    "font", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "mark", "nobr", "p",
    "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
  ]
  /// `knownTags` by `nameKey`, so a tag's name is looked up without making a string (a title of 4 MiB
  /// of `<b ` has 1.4 million of them).
  private static let knownTagKeys = Set(knownTags.compactMap { name in
    Array(name.utf8).withUnsafeBufferPointer { nameKey($0[...]) }
  })

  /// A name of at most 10 ASCII letters and digits as a number, 6 bits a character, case folded; nil for
  /// a longer one (no known tag is).
  private static func nameKey(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
    guard name.count <= 10 else { return nil }
    // Letters 1…26, digits 27…36: never 0, so names of different lengths differ too.
    return name.reduce(0) { $0 << 6 | UInt64(isLetter($1) ? ($1 | 0x20) - 0x60 : $1 - 0x30 + 27) }
  }

  /// Decodes `&name;`, `&#123;` and `&#x1F600;` once; anything that is not a known entity stays as
  /// written (so "Q&A" and "&&" survive).
  public static func decodeEntities(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let c = bytes[i]
      if c == UInt8(ascii: "&"), let (scalar, end) = entity(bytes, at: i) {
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
        i = end
      } else {
        out.append(c)
        i += 1
      }
    }
    return out
  }

  private static func entity(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
    var i = start + 1
    guard i < bytes.count else { return nil }
    if bytes[i] == UInt8(ascii: "#") {
      i += 1
      let hex = i < bytes.count && (bytes[i] | 0x20) == UInt8(ascii: "x")
      if hex { i += 1 }
      var value: UInt32 = 0
      let digitsStart = i
      while i < bytes.count, i - digitsStart < 8, let d = digitValue(bytes[i], hex: hex) {
        value = value * (hex ? 16 : 10) + d
        i += 1
      }
      guard i > digitsStart, i < bytes.count, bytes[i] == UInt8(ascii: ";") else { return nil }
      // Windows-1252 code points that producers put in numeric references (&#150; for a dash).
      if (0x80...0x9F).contains(value), let mapped = windows1252[Int(value - 0x80)] { value = mapped }
      guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }
      return (scalar, i + 1)
    }
    let nameStart = i
    while i < bytes.count, i - nameStart <= 32, isAlnum(bytes[i]) { i += 1 }
    guard i > nameStart, i < bytes.count, bytes[i] == UInt8(ascii: ";") else { return nil }
    guard let scalar = namedEntity(UnsafeBufferPointer(rebasing: bytes[nameStart..<i])) else { return nil }
    return (scalar, i + 1)
  }

  /// The character an HTML 4 entity name (or XML's `apos`) stands for; nil for any other name.
  static func namedEntity(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
    guard name.count <= 32 else { return nil }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 1) { cString in
      _ = cString.initialize(fromContentsOf: name)
      cString[name.count] = 0
      if let desc = htmlEntityLookup(cString.baseAddress) { return Unicode.Scalar(desc.pointee.value) }
      return xmlStrEqual(cString.baseAddress, "apos") != 0 ? "'" : nil
    }
  }

  static func digitValue(_ c: UInt8, hex: Bool) -> UInt32? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - 0x30)
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(c - 0x61 + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(c - 0x41 + 10)
    default: return nil
    }
  }

  /// What windows-1252 puts at 0x80–0x9F (nil: undefined there).
  static let windows1252: [UInt32?] = [
    0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152,
    nil, 0x017D, nil, nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122,
    0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
  ]
}

func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }
private func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
private func isAlnum(_ c: UInt8) -> Bool { isLetter(c) || (c >= 0x30 && c <= 0x39) }
