import Foundation
import Testing

import Reader
@testable import ReaderUI
@testable import splitfeed

/// The list's date column and the enclosure line, as tables.
struct CompactDateTests {
  static func date(_ text: String, _ zone: String = "UTC") -> Date {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: zone)
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.date(from: text)!
  }

  // now: Wednesday 2026-11-25 12:00 UTC
  @Test(arguments: [
    ("2026-11-25 09:15", "UTC", "09:15"),  // today
    ("2026-11-25 00:00", "UTC", "00:00"),
    ("2026-11-25 13:30", "UTC", "13:30"),  // later today (clock skew)
    ("2026-11-24 23:59", "UTC", "Tue 23:59"),  // yesterday
    ("2026-11-19 08:00", "UTC", "Thu 08:00"),  // six days ago
    ("2026-11-18 08:00", "UTC", "18 Nov"),  // a week ago
    ("2026-03-02 09:15", "UTC", "2 Mar"),
    ("2026-12-24 10:00", "UTC", "24 Dec"),  // later this year
    ("2024-03-02 09:15", "UTC", "2 Mar 2024"),
    ("2025-12-31 23:00", "UTC", "31 Dec 2025"),
    // Local time: 2026-11-24 23:30 UTC is already the 25th in Tokyo (now is 21:00 there).
    ("2026-11-24 23:30", "Asia/Tokyo", "08:30"),
    ("2026-11-25 11:00", "America/New_York", "06:00"),
    ("2024-02-29 07:05", "UTC", "29 Feb 2024"),  // leap day
    ("1969-12-31 23:59", "UTC", "31 Dec 1969"),  // before the epoch
    ("1900-03-01 00:00", "UTC", "1 Mar 1900"),  // not a leap year
    ("9999-12-31 23:59", "UTC", "31 Dec 9999"),
  ])
  func compactDates(text: String, zone: String, expected: String) {
    let now = Self.date("2026-11-25 12:00")
    let shown = CompactDate.string(Self.date(text), now: now, timeZone: TimeZone(identifier: zone)!)
    #expect(shown == expected)
    #expect(shown.count <= CompactDate.maxWidth)
  }

  /// The short form of a 30–39-column list: one fact a date. now: Wednesday 2026-11-25 12:00 UTC.
  @Test(arguments: [
    ("2026-11-25 09:15", "09:15"), ("2026-11-24 23:59", "Tue"), ("2026-11-19 08:00", "Thu"),
    ("2026-11-18 08:00", "18 Nov"), ("2026-03-02 09:15", "2 Mar"), ("2024-03-02 09:15", "2024"),
    ("1969-12-31 23:59", "1969"),
  ])
  func shortDates(text: String, expected: String) {
    let now = Self.date("2026-11-25 12:00")
    let shown = CompactDate.string(Self.date(text), now: now, timeZone: TimeZone(identifier: "UTC")!, short: true)
    #expect(shown == expected)
    #expect(shown.count <= CompactDate.shortMaxWidth)
  }

  /// The arithmetic against Foundation's calendar and formatter, the way the column was first written, on
  /// dates from 1970 to 2100 in zones with daylight saving, half-hour and negative offsets. Not earlier:
  /// before standard time some zones kept local mean time, an offset with seconds (Chatham's +12:13:48),
  /// where the formatter and the minute arithmetic disagree by a minute (about one run in ten failed).
  @Test(arguments: ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham"])
  func agreesWithFoundation(zoneName: String) {
    let zone = TimeZone(identifier: zoneName)!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    var random = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let now = Date(timeIntervalSince1970: Double.random(in: 864_000...4_000_000_000, using: &random))
      // Half the dates within ten days of now (today and this-week forms), half anywhere.
      // Whole seconds, as feeds give them: a time a few microseconds before a minute's end is shown by
      // ICU rounded to the millisecond, the next minute, where the column keeps the minute it is in.
      let date = Date(
        timeIntervalSince1970: (Bool.random(using: &random)
          ? now.timeIntervalSince1970 + Double.random(in: -864_000...3_600, using: &random)
          : Double.random(in: 0...4_000_000_000, using: &random)).rounded(.down))
      let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day!
      formatter.dateFormat =
        days == 0 ? "HH:mm"
        : days > 0 && days < 7 ? "EEE HH:mm"
        : calendar.component(.year, from: date) == calendar.component(.year, from: now) ? "d MMM" : "d MMM yyyy"
      #expect(
        CompactDate.string(date, now: now, timeZone: zone) == formatter.string(from: date),
        "\(date) seen at \(now) in \(zoneName)")
    }
  }

  @Test(arguments: [
    ("3723", 3723), ("62:03", 3723), ("1:02:03", 3723), (" 00:45 ", 45), ("12.5", 12), ("1:02:03.250", 3723),
  ])
  func durations(text: String, seconds: Int) {
    #expect(Enclosure.seconds(text) == seconds)
  }

  @Test(arguments: ["", "abc", "1:2:3:4", "-5", "1::2"])
  func badDurations(text: String) {
    #expect(Enclosure.seconds(text) == nil)
  }

  @Test func enclosureLines() {
    #expect(
      EnclosureDescription.text(Enclosure(url: "https://m.example/ep-12.mp3", type: "audio/mpeg", length: 24_300_000, duration: 3723))
        == "audio/mpeg · 24.3 MB · 1:02:03 · ep-12.mp3")
    #expect(EnclosureDescription.text(Enclosure(url: "https://m.example/", length: 812, duration: 245)) == "812 B · 4:05 · https://m.example/")
    #expect(EnclosureDescription.size(150_000_000) == "150 MB")
  }

  @Test func dumpListsEnclosures() {
    let feed = Feed(title: "Pod", items: [
      Item(title: "Ep", id: "e1", enclosures: [Enclosure(url: "https://m.example/e.mp3", type: "audio/mpeg", length: 10, duration: 61)]),
      Item(title: "Plain", id: "p1"),
    ])
    let json = FeedJSON.render(feed)
    #expect(json.contains(#""author": null, "enclosures": [{"url": "https://m.example/e.mp3", "type": "audio/mpeg", "length": 10, "duration": 61}]}"#))
    #expect(json.contains(#"{"title": "Plain", "link": null, "published": null, "id": "p1", "author": null}"#))
  }
}
