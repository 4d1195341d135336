import Foundation

/// A date as short as the list's date column allows, the nearer the shorter: `09:15` today, `Mon 09:15`
/// in the last week, `2 Mar` this year, `2 Mar 2024` before. Pure in (date, now, time zone), so the table
/// test pins every branch; the popover keeps the full date.
public enum CompactDate {
  /// The widest text it returns (`12 Mar 2024`): the column the lists keep for it.
  public static let maxWidth = 11

  public static func string(_ date: Date, now: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let today = calendar.startOfDay(for: now)
    let day = calendar.startOfDay(for: date)
    let days = calendar.dateComponents([.day], from: day, to: today).day ?? 0
    let pattern: String
    if days == 0 {
      pattern = "HH:mm"
    } else if days > 0 && days < 7 {
      pattern = "EEE HH:mm"
    } else if calendar.component(.year, from: date) == calendar.component(.year, from: now) {
      pattern = "d MMM"
    } else {
      pattern = "d MMM yyyy"
    }
    return formatter(pattern, timeZone).string(from: date)
  }

  nonisolated(unsafe) private static var formatters: [String: DateFormatter] = [:]
  private static let lock = NSLock()

  private static func formatter(_ pattern: String, _ zone: TimeZone) -> DateFormatter {
    lock.lock()
    defer { lock.unlock() }
    let key = pattern + "|" + zone.identifier
    if let formatter = formatters[key] { return formatter }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = pattern
    formatters[key] = formatter
    return formatter
  }
}
