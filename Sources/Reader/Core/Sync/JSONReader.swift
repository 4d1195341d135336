/// A JSON reader that walks the bytes once, for the sync's large answers (`stream/contents` pages of a
/// few MB, the id lists): the caller asks for the fields it wants by key and everything else is checked
/// and skipped without being built, where `JSONDecoder` first maps the whole document and then decodes
/// through generic containers (docs/DECISIONS.md has the figures).
///
/// It reads what Foundation's `JSONDecoder` reads, the same way, and names a failure as it does, so
/// `GReader` reports both alike: the structure is checked everywhere (brackets, commas, colons, the
/// literals), a trailing comma and a leading byte order mark are let through, and a string or a number
/// is checked when it is used (valid UTF-8, no raw control characters, `\uXXXX` escapes with surrogate
/// pairs; numbers by JSON's grammar), not in the fields skipped. Of a key given twice, the first counts.
struct JSONReader {
  /// Why a document was refused. `path` is the coding path `JSONDecoder` would give (keys, and "Index n"
  /// for array elements).
  enum Failure: Error, Equatable {
    /// Not JSON at all (or a value no type could take, as `JSONDecoder`'s `dataCorrupted`).
    case syntax
    /// A required key is absent.
    case missing(String)
    /// A value of the wrong type (or null where one is required).
    case unexpected([String])
  }

  /// JSON's kinds of value, as far as a reader tells them apart before reading one.
  enum Kind { case object, array, string, number, bool, null }

  // Internal rather than private for the escapes' reading in JSONReader+Escapes.swift.
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  /// The keys of the objects being read, innermost last (a key met again is skipped).
  private var keys: [String] = []
  /// How many objects and arrays `object` and `array` are inside; with `openers`, the nesting depth,
  /// which `JSONDecoder` limits to 512.
  private var depth = 0
  static let maxDepth = 512

  /// Reads the one value `body` reads from `bytes`; only whitespace may follow it.
  static func read<T>(_ bytes: UnsafeRawBufferPointer, _ body: (inout JSONReader) throws(Failure) -> T) throws(Failure) -> T {
    var reader = JSONReader(bytes: bytes.bindMemory(to: UInt8.self))
    do throws(Failure) {
      let value = try reader.whole(body)
      return value
    } catch .syntax {
      throw .syntax
    } catch {
      // JSONDecoder checks the whole document's structure before it decodes: a document broken after
      // the wrong type is "not JSON" there, and so here.
      var check = JSONReader(bytes: bytes.bindMemory(to: UInt8.self))
      try check.whole { (reader: inout JSONReader) throws(Failure) in try reader.skip() }
      throw error
    }
  }

  /// The document's one value, read by `body`: a byte order mark may come first, whitespace around.
  private mutating func whole<T>(_ body: (inout JSONReader) throws(Failure) -> T) throws(Failure) -> T {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    skipWhitespace()
    let value = try body(&self)
    skipWhitespace()
    guard position == bytes.count else { throw .syntax }
    return value
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  // MARK: - Containers

  /// The kind of the next value; a byte no value starts with is a syntax error.
  func kind() throws(Failure) -> Kind {
    guard position < bytes.count else { throw .syntax }
    switch bytes[position] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw .syntax
    }
  }

  /// Reads an object, calling `field` with each key while the reader stands at its value; `field` must
  /// read or skip that value. A wrong type inside is reported with the key in front of its path.
  mutating func object(_ field: (inout JSONReader, String) throws(Failure) -> Void) throws(Failure) {
    guard try kind() == .object else { throw .unexpected([]) }
    try enter()
    position += 1
    let outer = keys.count
    var many: Set<String>?
    defer {
      keys.removeSubrange(outer...)
      depth -= 1
    }
    while try more(UInt8(ascii: "}")) {
      guard try kind() == .string else { throw .syntax }
      let key = try string()
      skipWhitespace()
      try consume(UInt8(ascii: ":"))
      skipWhitespace()
      // The few keys of an article are compared in a list; an object with many (hostile, or a map the
      // caller skips) moves them to a set, so a large object is read in linear time.
      let seen = many.map { $0.contains(key) } ?? keys[outer...].contains(key)
      if seen {
        try skip()
      } else {
        if many != nil {
          many?.insert(key)
        } else {
          keys.append(key)
          if keys.count - outer > 16 { many = Set(keys[outer...]) }
        }
        do throws(Failure) {
          try field(&self, key)
        } catch .unexpected(let path) {
          throw .unexpected([key] + path)
        }
      }
      try separator(UInt8(ascii: "}"))
    }
  }

  /// Reads an array, calling `element` with the reader at each element, which it must read or skip.
  mutating func array(_ element: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
    guard try kind() == .array else { throw .unexpected([]) }
    try enter()
    position += 1
    defer { depth -= 1 }
    var index = 0
    while try more(UInt8(ascii: "]")) {
      do throws(Failure) {
        try element(&self)
      } catch .unexpected(let path) {
        throw .unexpected(["Index \(index)"] + path)
      }
      index += 1
      try separator(UInt8(ascii: "]"))
    }
  }

  /// Inside a container: true at its next member, false past its closing bracket `close`.
  private mutating func more(_ close: UInt8) throws(Failure) -> Bool {
    skipWhitespace()
    guard try peek() == close else { return true }
    position += 1
    return false
  }

  /// After a member: its comma, or the closing bracket left for `more` to take.
  private mutating func separator(_ close: UInt8) throws(Failure) {
    skipWhitespace()
    let next = try peek()
    if next == UInt8(ascii: ",") {
      position += 1
    } else if next != close {
      throw .syntax
    }
  }

  /// An optional array's elements (nil for null), each read by `element`.
  mutating func optionalArray<T>(_ element: (inout JSONReader) throws(Failure) -> T) throws(Failure) -> [T]? {
    if try skipNull() { return nil }
    var values: [T] = []
    try array { (reader: inout JSONReader) throws(Failure) in values.append(try element(&reader)) }
    return values
  }

  // MARK: - Scalars

  /// A string (not null).
  mutating func string() throws(Failure) -> String {
    guard try kind() == .string else { throw .unexpected([]) }
    position += 1
    let start = position
    var ascii = true
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = try Self.text(UnsafeBufferPointer(rebasing: bytes[start..<position]), ascii: ascii)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
      if byte < 0x20 { throw .syntax }
      if byte >= 0x80 { ascii = false }
      position += 1
    }
    throw .syntax
  }

  /// A string, or nil for null.
  mutating func optionalString() throws(Failure) -> String? {
    try skipNull() ? nil : try string()
  }

  /// A number sent as a JSON number or as a string of one (`"1700000000"`), or nil for null. A string
  /// that is not a number is refused as `JSONDecoder` refused it (data corrupted).
  mutating func optionalFlexibleNumber() throws(Failure) -> Double? {
    switch try kind() {
    case .null:
      try skipLiteral("null")
      return nil
    case .number:
      let start = position
      skipNumberToken()
      // JSONDecoder refuses a number out of grammar or out of Double's range as a Double, then as a String.
      guard let value = Self.number(UnsafeBufferPointer(rebasing: bytes[start..<position])) else { throw .unexpected([]) }
      return value
    case .string:
      guard let value = Double(try string()) else { throw .syntax }
      return value
    default:
      throw .unexpected([])
    }
  }

  /// Skips null and says so; leaves any other value unread.
  mutating func skipNull() throws(Failure) -> Bool {
    guard try kind() == .null else { return false }
    try skipLiteral("null")
    return true
  }

  /// Skips any value, checking its structure (the fields the caller does not use), without recursion:
  /// the brackets of the containers being skipped are kept in `openers`.
  mutating func skip() throws(Failure) {
    let floor = openers.count
    while true {
      var afterValue = true
      switch try kind() {
      case .object, .array:
        openers.append(bytes[position])
        guard depth + openers.count <= Self.maxDepth else { throw .syntax }
        position += 1
        afterValue = false
      case .string: try skipString()
      case .number: skipNumberToken()
      case .bool: try skipLiteral(bytes[position] == UInt8(ascii: "t") ? "true" : "false")
      case .null: try skipLiteral("null")
      }
      // Close the containers that end here, or stand at the next member of the innermost one.
      while let open = openers.last, openers.count > floor {
        let close = open + 2  // "{" + 2 is "}", "[" + 2 is "]"
        if afterValue { try separator(close) }
        if try more(close) {
          if open == UInt8(ascii: "{") { try skipKey() }
          break
        }
        openers.removeLast()
        afterValue = true
      }
      if openers.count == floor { return }
    }
  }

  // MARK: - Internals

  /// The brackets of the containers being skipped, innermost last (to match `}` and `]`).
  private var openers: [UInt8] = []

  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth + openers.count <= Self.maxDepth else { throw .syntax }
  }

  private mutating func skipKey() throws(Failure) {
    guard try kind() == .string else { throw .syntax }
    try skipString()
    skipWhitespace()
    try consume(UInt8(ascii: ":"))
    skipWhitespace()
  }

  /// Skips a string up to its closing quote (an escape's next byte is never one), its contents unchecked.
  private mutating func skipString() throws(Failure) {
    position += 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""):
        position += 1
        return
      default: position += 1
      }
    }
    throw .syntax
  }

  /// Skips the bytes a number is made of (digits, `-+.eE`); its grammar is checked when it is used.
  private mutating func skipNumberToken() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        position += 1
      default: return
      }
    }
  }

  /// A number token's value, when it follows JSON's grammar
  /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) and fits a Double.
  private static func number(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
    var at = 0
    func digits() -> Bool {
      let start = at
      while at < token.count, isDigit(token[at]) { at += 1 }
      return at > start
    }
    if at < token.count, token[at] == UInt8(ascii: "-") { at += 1 }
    if at < token.count, token[at] == UInt8(ascii: "0") {
      at += 1
    } else if !digits() {
      return nil
    }
    if at < token.count, token[at] == UInt8(ascii: ".") {
      at += 1
      guard digits() else { return nil }
    }
    if at < token.count, token[at] | 0x20 == UInt8(ascii: "e") {
      at += 1
      if at < token.count, token[at] == UInt8(ascii: "+") || token[at] == UInt8(ascii: "-") { at += 1 }
      guard digits() else { return nil }
    }
    guard at == token.count, let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite else { return nil }
    return value
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  private mutating func skipLiteral(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { throw .syntax }
    for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { throw .syntax }
    position += count
  }

  private mutating func consume(_ byte: UInt8) throws(Failure) {
    guard try peek() == byte else { throw .syntax }
    position += 1
  }

  func peek() throws(Failure) -> UInt8 {
    guard position < bytes.count else { throw .syntax }
    return bytes[position]
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }
}
