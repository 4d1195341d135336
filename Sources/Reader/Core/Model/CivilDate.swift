/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), the one place the date
/// parser, the list's compact dates and `dump`'s timestamps convert between days and year-month-day:
/// integer arithmetic (Howard Hinnant's civil-from-days and days-from-civil) instead of a `Calendar` per
/// row, exact for every year the cache can hold.
public enum CivilDate {
  /// Days since 1970-01-01 of a year, month (1–12) and day; negative before 1970.
  public static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Days in `month` (1–12) of `year`: the distance to the next month's first day, so leap years are
  /// the ones `days` knows, not a second rule to keep in step.
  public static func daysInMonth(year: Int, month: Int) -> Int {
    days(year: month == 12 ? year + 1 : year, month: month % 12 + 1, day: 1) - days(year: year, month: month, day: 1)
  }

  /// Year, month and day of the day `days` after 1970-01-01.
  public static func yearMonthDay(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let (era, _) = (days + 719_468).floorDivided(by: 146_097)
    let dayOfEra = days + 719_468 - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Int {
  /// Quotient rounded towards minus infinity, and the remainder that goes with it (never negative for a
  /// positive divisor): times before 1970 fall on the right day.
  public func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
    let remainder = self % divisor
    return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
  }
}
