/// Integers written by feeds, pages and servers: read with a range and clamped into it, so that no later
/// arithmetic on them (`start + count`, `number + 1`) can overflow and trap.
enum ClampedInteger {
  /// The leading integer of `text` (spaces, an optional sign, digits; what follows is ignored, as
  /// browsers read `start="3rd"`), clamped into `range`; nil when there are no digits.
  static func parse(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
    var bytes = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
    guard !digits.isEmpty else { return nil }
    let limit = negative ? -range.lowerBound : range.upperBound  // magnitude past which the clamp applies
    var magnitude = 0
    for d in digits {
      magnitude = magnitude * 10 + Int(d - 0x30)
      if magnitude > limit { break }  // saturate before `* 10` can overflow
    }
    let value = negative ? -min(magnitude, limit &+ 1) : min(magnitude, limit &+ 1)
    return min(max(value, range.lowerBound), range.upperBound)
  }
}
