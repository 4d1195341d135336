import Foundation
import Testing

@testable import Reader

/// The one civil-date conversion (the parser, the list's dates and `dump` share it): exact against
/// Foundation's Gregorian calendar, and a round trip over the whole range the cache keeps.
struct CivilDateTests {
  @Test func aRoundTripOverEveryStoredYear() {
    var day = CivilDate.days(year: 1, month: 1, day: 1)
    let last = CivilDate.days(year: 9999, month: 12, day: 31)
    while day <= last {
      let (y, m, d) = CivilDate.yearMonthDay(fromDays: day)
      #expect(CivilDate.days(year: y, month: m, day: d) == day)
      day += 997  // a prime stride visits every month and day position over the range
    }
  }

  @Test(arguments: [(2024, 2, 29), (2023, 2, 28), (2000, 2, 29), (1900, 2, 28), (1600, 2, 29), (2023, 4, 30), (2023, 12, 31), (1, 1, 31)])
  func monthLengths(year: Int, month: Int, days: Int) {
    #expect(CivilDate.daysInMonth(year: year, month: month) == days)
  }

  @Test(arguments: [(1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2024, 3, 1, 19_783)])
  func knownDays(year: Int, month: Int, day: Int, days: Int) {
    #expect(CivilDate.days(year: year, month: month, day: day) == days)
    #expect(CivilDate.yearMonthDay(fromDays: days) == (year, month, day))
  }

  @Test func agreesWithFoundation() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    // From 1614 on: Foundation switches to the Julian calendar before October 1582; ours stays proleptic.
    for days in stride(from: -130_000, through: 200_000, by: 4_999) {
      let date = Date(timeIntervalSince1970: Double(days) * 86_400)
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      #expect(CivilDate.yearMonthDay(fromDays: days) == (parts.year!, parts.month!, parts.day!), "\(days)")
    }
  }

  @Test func floorDivisionPutsTimesBefore1970OnTheRightDay() {
    #expect((-1).floorDivided(by: 86_400) == (-1, 86_399))
    #expect(86_400.floorDivided(by: 86_400) == (1, 0))
  }
}
