import Foundation
import FuzzSupport
import Reader

/// libFuzzer entry: the input, read as UTF-8 (invalid sequences repaired, as feeds' text arrives), is a
/// date string. Beyond "no crash": whatever parses is a sane instant, and the parser reads back its own
/// canonical spellings of that instant (RFC 3339 and RFC 822) as the same instant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: bytes(data, size), as: UTF8.self)
  guard let date = DateParser.parse(text) else { return 0 }
  let seconds = date.timeIntervalSince1970
  require(seconds.isFinite, "non-finite date for \(text.debugDescription)")
  // Years 0000–9999 with offsets up to ±18 h are all the grammars can spell.
  require(seconds >= minSeconds && seconds < maxSeconds, "date \(seconds) out of range for \(text.debugDescription)")

  let whole = Int(seconds.rounded(.down))
  let fraction = seconds - Double(whole)
  let civil = Civil(epochSeconds: whole)
  // A zone offset can carry a date written in year 9999 (or 0000) into UTC year 10000 (or -1), which no
  // 4-digit spelling reaches: "9999-12-31T23:59-05" is 10000-01-01T04:59Z. Correct, and not round-trippable.
  guard (0...9999).contains(civil.year) else { return 0 }
  let iso = civil.rfc3339(fraction: fraction)
  guard let isoBack = DateParser.parse(iso) else {
    require(false, "own RFC 3339 spelling \(iso) of \(text.debugDescription) does not parse")
    return 0
  }
  require(
    abs(isoBack.timeIntervalSince1970 - seconds) < 1e-3,
    "\(text.debugDescription) → \(iso) → \(isoBack.timeIntervalSince1970), expected \(seconds)")

  // RFC 822 has 4-digit years and whole seconds only.
  if civil.year >= 1000, fraction == 0 {
    let rfc = civil.rfc822()
    let rfcBack = DateParser.parse(rfc)?.timeIntervalSince1970
    require(rfcBack == seconds, "\(text.debugDescription) → \(rfc) → \(String(describing: rfcBack)), expected \(seconds)")
  }
  return 0
}

private let minSeconds = Double(Civil.daysFromCivil(year: 0, month: 1, day: 1) * 86_400 - 18 * 3_600)
private let maxSeconds = Double(Civil.daysFromCivil(year: 10_000, month: 1, day: 1) * 86_400 + 18 * 3_600)

/// A UTC civil time computed independently of `DateParser` (and of Foundation's calendars, which are slow
/// and locale-dependent), so that the round trip checks the parser against a second implementation.
struct Civil {
  var year, month, day, hour, minute, second: Int
  var weekday: Int  // 0 = Sunday

  /// Howard Hinnant's `civil_from_days`.
  init(epochSeconds: Int) {
    var days = epochSeconds / 86_400
    var rest = epochSeconds % 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    hour = rest / 3_600
    minute = rest % 3_600 / 60
    second = rest % 60
    weekday = ((days % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    day = doy - (153 * mp + 2) / 5 + 1
    month = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01 (the inverse of the initializer's date part).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
  }

  /// `2014-09-04T17:09:00.25Z`, with the fraction to microseconds when there is one.
  func rfc3339(fraction: Double) -> String {
    var s = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    if fraction > 0 { s += "." + pad(Int((fraction * 1_000_000).rounded(.down)), 6) }
    return s + "Z"
  }

  /// `Thu, 04 Sep 2014 17:09:00 GMT`.
  func rfc822() -> String {
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return "\(days[weekday]), \(pad(day, 2)) \(months[month - 1]) \(year) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)) GMT"
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// The program: libFuzzer's driver with `fuzzDates` as the target (see `runFuzzer` for why not libFuzzer's main).
@main
enum FuzzDatesMain {
  static func main() { runFuzzer(fuzzDates) }
}
