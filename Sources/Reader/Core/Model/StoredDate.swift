import Foundation

/// The instants splitfeed keeps and draws: from 0001-01-01 to 9999-12-31 (UTC). Servers and feeds send
/// dates past Int's range in seconds (`1e19`, a year 99999, newsboat's 2^63−1), and every formatter
/// that turns seconds into days would trap on them; clamping where the cache stores a date, where an
/// old cache is opened and where a date is drawn keeps any such value from reaching one, while no
/// real article date is changed.
public enum StoredDate {
  /// 0001-01-01T00:00:00Z.
  public static let earliest: Double = -62_135_596_800
  /// 9999-12-31T23:59:59Z.
  public static let latest: Double = 253_402_300_799

  /// `seconds` moved into `earliest…latest`; nil for NaN, which is no date at all.
  public static func clamped(_ seconds: Double) -> Double? {
    seconds.isNaN ? nil : min(max(seconds, earliest), latest)
  }

  /// `date` moved into the range (a NaN instant reads as the earliest, so a formatter always has a day).
  public static func clamped(_ date: Date) -> Date {
    Date(timeIntervalSince1970: clamped(date.timeIntervalSince1970) ?? earliest)
  }

  /// A server's article date in seconds (a JSON number, or a string such as `"nan"`), clamped.
  static func fromServer(_ seconds: Double) -> Date? {
    clamped(seconds).map(Date.init(timeIntervalSince1970:))
  }

  /// A server's clock (`updated`, the next sync's `ot`): only a plausible one, never negative or past
  /// `latest`. A clamped clock would be wrong, not merely large: asking for articles newer than year 9999
  /// would bring none ever again; without one the next sync asks for everything, which is safe.
  static func serverClock(_ seconds: Double) -> Int? {
    ClampedInteger.within(seconds, 0...Int(latest))
  }

}
