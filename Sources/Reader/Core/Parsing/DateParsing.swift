import Foundation

/// Turns the date text feeds really contain into instants, by hand and without `DateFormatter`, because a
/// formatter per item (or a list of formats tried one by one) dominates parse time on large feeds.
///
/// Accepted: RFC 822/2822 and the variants found in the wild (weekday and seconds optional, 2- or
/// 4-digit years, `GMT`/`UT`/`UTC`/`Z`, US zone names, RFC 822 military letters, `+hhmm`/`-hh:mm`, odd
/// spacing and case, asctime order), and RFC 3339 / ISO 8601 / W3C-DTF (fractional seconds, basic and
/// extended forms, partial dates such as `2014-09` and `2014`). Anything else gives `nil`; callers keep
/// the raw text.
public enum DateParser {
  /// The instant `text` denotes, or nil when it is not a date this parser understands.
  public static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes in
      var scanner = ByteScanner(bytes)
      scanner.skipSpaces()
      let seconds: Double?
      if scanner.startsWithYear {
        seconds = parseISO8601(&scanner)
      } else {
        seconds = parseRFC822(&scanner)
      }
      return seconds.map { Date(timeIntervalSince1970: $0) }
    }
  }

  // MARK: - ISO 8601 / RFC 3339 / W3C-DTF

  private static func parseISO8601(_ s: inout ByteScanner) -> Double? {
    guard let year = s.digits(exactly: 4) else { return nil }
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0.0
    var offset = 0
    let basic = s.peekDigit  // 20140904T170900Z
    if s.consume(UInt8(ascii: "-")) || basic {
      guard let m = s.digits(exactly: 2) else { return nil }
      month = m
      if s.consume(UInt8(ascii: "-")) || (basic && s.peekDigit) {
        guard let d = s.digits(exactly: 2) else { return nil }
        day = d
      }
    }
    if s.consume(UInt8(ascii: "T")) || s.consume(UInt8(ascii: "t")) || s.consume(UInt8(ascii: " ")), s.peekDigit {
      guard let h = s.digits(exactly: 2) else { return nil }
      hour = h
      let separated = s.consume(UInt8(ascii: ":"))
      guard let mi = s.digits(exactly: 2) else { return nil }
      minute = mi
      if (separated && s.consume(UInt8(ascii: ":"))) || (!separated && s.peekDigit) {
        guard let sec = s.digits(exactly: 2) else { return nil }
        second = Double(sec)
        if s.consume(UInt8(ascii: ".")) || s.consume(UInt8(ascii: ",")) {
          guard let fraction = s.fraction() else { return nil }
          second += fraction
        }
      }
      s.skipSpaces()
      if let zone = s.numericZone() {
        offset = zone
      } else if s.consume(UInt8(ascii: "Z")) || s.consume(UInt8(ascii: "z")) {
        offset = 0
      } else if let name = s.letters(), let zone = namedZoneOffset(name) {
        offset = zone
      }
    }
    s.skipSpaces()
    guard s.isAtEnd else { return nil }
    return epochSeconds(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      offsetMinutes: offset)
  }

  // MARK: - RFC 822 / 2822 and relatives

  /// Token-driven so that optional weekday, asctime order (`Thu Sep  4 17:09:00 2014`), missing seconds
  /// and stray punctuation all land in the same fields.
  private static func parseRFC822(_ s: inout ByteScanner) -> Double? {
    var day: Int?
    var month: Int?
    var year: Int?
    var time: (hour: Int, minute: Int, second: Int)?
    var offset: Int?
    while true {
      s.skipSeparators(dashBeforeDigits: time == nil)  // before the time a dash is "03-Sep-2014"
      if s.isAtEnd { break }
      if s.consume(UInt8(ascii: "(")) {  // trailing comment such as "(PDT)"
        s.skipComment()
        continue
      }
      if time != nil, offset == nil, let zone = s.numericZone() {
        offset = zone
        continue
      }
      if s.peekDigit {
        guard let (value, count) = s.number() else { return nil }
        if s.peek == UInt8(ascii: ":") {
          guard time == nil, count <= 2, let rest = s.clockRest() else { return nil }
          time = (value, rest.minute, rest.second)
        } else if day == nil, count <= 2, year == nil || month != nil {
          day = value
        } else if year == nil, count == 4 || count == 2 {
          year = count == 2 ? (value < 50 ? 2000 + value : 1900 + value) : value
        } else {
          return nil
        }
        continue
      }
      guard let word = s.letters() else { return nil }
      if let m = monthNumber(word), month == nil {
        month = m
      } else if isWeekday(word), month == nil, day == nil {
        continue
      } else if offset == nil, let zone = namedZoneOffset(word) {
        offset = zone
        // "GMT+0100", "UTC-05:00"
        if let extra = s.numericZone() { offset = zone + extra }
      } else {
        return nil
      }
    }
    guard let day, let month, let year else { return nil }
    let t = time ?? (0, 0, 0)
    return epochSeconds(
      year: year, month: month, day: day, hour: t.hour, minute: t.minute, second: Double(t.second),
      offsetMinutes: offset ?? 0)
  }

  private static func monthNumber(_ word: Word) -> Int? {
    guard word.count >= 3, let index = months.firstIndex(of: word.packed & 0xFF_FFFF) else { return nil }
    // Accept "Sep", "Sept", "September", not "Sepulchre".
    return word.isPrefix(of: fullMonths[index]) ? index + 1 : nil
  }

  private static func isWeekday(_ word: Word) -> Bool {
    guard word.count >= 3, let index = weekdays.firstIndex(of: word.packed & 0xFF_FFFF) else { return false }
    return word.isPrefix(of: fullWeekdays[index])
  }

  /// Zone names in minutes east of UTC. Military letters follow RFC 822 as written (A = -1 … M = -12,
  /// N = +1 … Y = +12, Z = 0), which is what feed producers that emit them meant.
  private static func namedZoneOffset(_ word: Word) -> Int? {
    if word.count <= 4, let entry = zones.first(where: { $0.name == word.packed }) { return entry.minutes }
    guard word.count == 1 else { return nil }
    let letter = UInt8(truncatingIfNeeded: word.packed)
    switch letter {
    case UInt8(ascii: "a")...UInt8(ascii: "i"): return -60 * Int(letter - UInt8(ascii: "a") + 1)
    case UInt8(ascii: "k")...UInt8(ascii: "m"): return -60 * Int(letter - UInt8(ascii: "k") + 10)
    case UInt8(ascii: "n")...UInt8(ascii: "y"): return 60 * Int(letter - UInt8(ascii: "n") + 1)
    default: return nil
    }
  }

  // Names compare as packed integers (see `Word`): no String or array is built per date, which made the
  // word lookups cost more than the rest of a date's parse.
  private static let zones: [(name: UInt64, minutes: Int)] = [
    ("gmt", 0), ("ut", 0), ("utc", 0), ("z", 0), ("uct", 0), ("zulu", 0), ("wet", 0),
    ("est", -300), ("edt", -240), ("cst", -360), ("cdt", -300), ("mst", -420), ("mdt", -360),
    ("pst", -480), ("pdt", -420), ("akst", -540), ("akdt", -480), ("hst", -600), ("ast", -240),
    ("adt", -180), ("bst", 60), ("cet", 60), ("met", 60), ("cest", 120), ("mest", 120), ("eet", 120),
    ("eest", 180), ("ist", 330), ("jst", 540), ("kst", 540), ("aest", 600), ("aedt", 660),
  ].map { (Word.pack($0.0), $0.1) }

  private static let months: [UInt64] = fullMonths.map { Word.pack($0.prefix(3)) }
  private static let fullMonths: [[UInt8]] = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ].map { Array($0.utf8) }
  private static let weekdays: [UInt64] = fullWeekdays.map { Word.pack($0.prefix(3)) }
  private static let fullWeekdays: [[UInt8]] = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ].map { Array($0.utf8) }

  // MARK: - Calendar arithmetic

  /// Seconds since 1970 for a proleptic Gregorian civil time at `offsetMinutes` east of UTC, or nil when
  /// a field is out of range (month 13, 31 February, 25 o'clock).
  static func epochSeconds(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offsetMinutes: Int
  ) -> Double? {
    guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
      (0...24).contains(hour), (0...59).contains(minute), second >= 0, second < 61,
      hour < 24 || (minute == 0 && second == 0), abs(offsetMinutes) <= 18 * 60
    else { return nil }
    let days = CivilDate.days(year: year, month: month, day: day)
    let whole = days * 86_400 + hour * 3_600 + minute * 60 - offsetMinutes * 60
    return Double(whole) + second
  }
}

/// A cursor over UTF-8 bytes with the few token readers the date grammars need.
private struct ByteScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var isAtEnd: Bool { index >= bytes.count }
  var peek: UInt8? { isAtEnd ? nil : bytes[index] }
  var peekDigit: Bool { peek.map(isDigit) ?? false }

  /// Four digits followed by `-`, a digit, `T` or the end: an ISO date rather than an RFC 822 day.
  var startsWithYear: Bool {
    guard bytes.count - index >= 4 else { return false }
    for k in 0..<4 where !isDigit(bytes[index + k]) { return false }
    guard index + 4 < bytes.count else { return true }
    let next = bytes[index + 4]
    return next == UInt8(ascii: "-") || isDigit(next) || next == UInt8(ascii: "T")
  }

  mutating func skipSpaces() {
    while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { index += 1 }
  }

  /// Whitespace, commas, dots and dashes between RFC 822 tokens ("04-Sep-2014", "Thu,04 Sep").
  mutating func skipSeparators(dashBeforeDigits: Bool) {
    while let c = peek,
      c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ",")
        || c == UInt8(ascii: ".") || (c == UInt8(ascii: "-") && (dashBeforeDigits || !nextIsDigit))
    {
      index += 1
    }
  }

  private var nextIsDigit: Bool { index + 1 < bytes.count && isDigit(bytes[index + 1]) }

  mutating func skipComment() {
    while let c = peek {
      index += 1
      if c == UInt8(ascii: ")") { return }
    }
  }

  mutating func consume(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    index += 1
    return true
  }

  mutating func digits(exactly n: Int) -> Int? {
    guard bytes.count - index >= n else { return nil }
    var value = 0
    for k in 0..<n {
      let c = bytes[index + k]
      guard isDigit(c) else { return nil }
      value = value * 10 + Int(c - 0x30)
    }
    index += n
    return value
  }

  /// A run of digits: its value and length (at most 9 digits).
  mutating func number() -> (Int, Int)? {
    var value = 0
    var count = 0
    while let c = peek, isDigit(c) {
      guard count < 9 else { return nil }
      value = value * 10 + Int(c - 0x30)
      count += 1
      index += 1
    }
    return count > 0 ? (value, count) : nil
  }

  /// Digits after a decimal point, as a fraction of a second.
  mutating func fraction() -> Double? {
    var value = 0.0
    var scale = 0.1
    var count = 0
    while let c = peek, isDigit(c) {
      value += Double(c - 0x30) * scale
      scale /= 10
      count += 1
      index += 1
    }
    return count > 0 ? value : nil
  }

  /// ":mm" or ":mm:ss" after the hour of an RFC 822 time.
  mutating func clockRest() -> (minute: Int, second: Int)? {
    guard consume(UInt8(ascii: ":")), let minute = digits(exactly: 2) else { return nil }
    var second = 0
    if consume(UInt8(ascii: ":")) {
      guard let s = digits(exactly: 2) else { return nil }
      second = s
      if consume(UInt8(ascii: ".")) { _ = fraction() }
    }
    return (minute, second)
  }

  /// "+hhmm", "-hh:mm" or "+hh", in minutes east of UTC.
  mutating func numericZone() -> Int? {
    guard let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
    let start = index
    index += 1
    guard let hours = digits(exactly: 2) else {
      index = start
      return nil
    }
    var minutes = 0
    if consume(UInt8(ascii: ":")) {
      guard let m = digits(exactly: 2) else {
        index = start
        return nil
      }
      minutes = m
    } else if let m = digits(exactly: 2) {
      minutes = m
    }
    let total = hours * 60 + minutes
    return sign == UInt8(ascii: "-") ? -total : total
  }

  mutating func letters() -> Word? {
    let start = index
    while let c = peek, isLetter(c) { index += 1 }
    return index > start ? Word(UnsafeBufferPointer(rebasing: bytes[start..<index])) : nil
  }
}

/// A run of ASCII letters from a date, lowercased, with its first eight letters packed into an integer
/// (first letter in the low byte) so that names are matched by integer comparison.
private struct Word {
  let letters: UnsafeBufferPointer<UInt8>
  let packed: UInt64
  var count: Int { letters.count }

  init(_ letters: UnsafeBufferPointer<UInt8>) {
    self.letters = letters
    packed = Self.pack(letters.prefix(8))
  }

  static func pack<S: Sequence<UInt8>>(_ letters: S) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    for c in letters {
      value |= UInt64(c | 0x20) << shift
      shift += 8
    }
    return value
  }

  static func pack(_ name: String) -> UInt64 { pack(name.utf8) }

  /// Whether the word, lowercased, begins `name` (which is lowercase).
  func isPrefix(of name: [UInt8]) -> Bool {
    guard count <= name.count else { return false }
    for i in 0..<count where letters[i] | 0x20 != name[i] { return false }
    return true
  }
}

private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
private func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
