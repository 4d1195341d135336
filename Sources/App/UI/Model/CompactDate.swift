import Foundation
import Reader

/// A date as short as the list's date column allows, the nearer the shorter: `09:15` today, `Mon 09:15`
/// in the last week, `2 Mar` this year, `2 Mar 2024` before. Pure in (date, now, time zone), so the table
/// test pins every branch; the popover keeps the full date.
///
/// A list draws one per visible row on every frame, so the local day and time come from the zone's offset
/// and civil-calendar arithmetic rather than a `Calendar` and a `DateFormatter` per row (see
/// docs/DECISIONS.md for what that cost a keypress).
public enum CompactDate {
  /// The widest text it returns (`12 Mar 2024`): the column the lists keep for it.
  public static let maxWidth = 11

  /// The widest text the `short` form returns (`12 Mar`): a narrow list's date column.
  public static let shortMaxWidth = 6

  /// `short`: the form for a narrow list, one fact a date: `09:15` today, `Mon` in the last week, `2 Mar`
  /// this year, `2024` before.
  public static func string(_ date: Date, now: Date, timeZone: TimeZone, short: Bool = false) -> String {
    let shown = LocalTime(date, timeZone)
    let today = LocalTime(now, timeZone)
    let days = today.dayNumber - shown.dayNumber
    if days == 0 { return shown.clock }
    if days > 0 && days < 7 { return weekdays[shown.weekday] + (short ? "" : " " + shown.clock) }
    let day = "\(shown.day) \(months[shown.month - 1])"
    if shown.year == today.year { return day }
    return short ? "\(shown.year)" : "\(day) \(shown.year)"
  }

  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  /// Indexed by `LocalTime.weekday` (0 = Sunday).
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// The wall-clock reading of an instant in a zone (proleptic Gregorian, as the lists show it).
  private struct LocalTime {
    /// Days since 1970-01-01 in local time: two dates are on the same local day when these are equal.
    var dayNumber: Int
    var year: Int
    var month: Int
    var day: Int
    var weekday: Int
    var clock: String

    init(_ instant: Date, _ zone: TimeZone) {
      let date = StoredDate.clamped(instant)  // a date past Int's range in seconds would trap below
      let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
      let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
      dayNumber = days
      (year, month, day) = CivilDate.yearMonthDay(fromDays: days)
      weekday = (days + 4).floorDivided(by: 7).remainder  // 1970-01-01 was a Thursday
      let hour = secondOfDay / 3600
      let minute = secondOfDay % 3600 / 60
      clock = (hour < 10 ? "0" : "") + String(hour) + (minute < 10 ? ":0" : ":") + String(minute)
    }
  }
}
