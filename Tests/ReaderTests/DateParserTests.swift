import Foundation
import Reader
import Testing

@Suite("Date parsing")
struct DateParserTests {
  static let rfc822: [(String, Date)] = [
    ("Thu, 04 Sep 2014 17:09:00 +0000", utc(2014, 9, 4, 17, 9)),
    ("Thu, 04 Sep 2014 17:09:00 GMT", utc(2014, 9, 4, 17, 9)),
    ("04 Sep 2014 17:09:00 UT", utc(2014, 9, 4, 17, 9)),  // no weekday
    ("Thu, 4 Sep 2014 17:09 Z", utc(2014, 9, 4, 17, 9)),  // no seconds
    ("Thu, 04 Sep 14 17:09:00 GMT", utc(2014, 9, 4, 17, 9)),  // 2-digit year
    ("Fri, 01 Jan 99 00:00:00 GMT", utc(1999, 1, 1)),
    ("Wed, 03 Sep 2014 10:09:00 PDT", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sep 2014 12:09:00 EST", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sep 2014 13:09:00 EDT", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sep 2014 11:09:00 CST", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sep 2014 10:09:00 MST", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sep 2014 09:09:00 PST", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sep 2014 22:39:00 +0530", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sep 2014 13:39:00 -03:30", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sep 2014 16:09:00 A", utc(2014, 9, 3, 17, 9)),  // RFC 822 military: A = -1
    ("Wed, 03 Sep 2014 18:09:00 N", utc(2014, 9, 3, 17, 9)),  // N = +1
    ("Wed, 03 Sep 2014 17:09:00 Z", utc(2014, 9, 3, 17, 9)),
    ("  wed,03   SEP 2014   17:09:00   gmt ", utc(2014, 9, 3, 17, 9)),  // odd spacing and case
    ("Wednesday, 03 September 2014 17:09:00 GMT", utc(2014, 9, 3, 17, 9)),
    ("Wed, 03 Sept 2014 17:09:00 +0000 (UTC)", utc(2014, 9, 3, 17, 9)),
    ("Wed Sep  3 17:09:00 2014", utc(2014, 9, 3, 17, 9)),  // asctime
    ("Wed, 03 Sep 2014 18:09:00 GMT+0100", utc(2014, 9, 3, 17, 9)),
    ("03-Sep-2014 17:09:00", utc(2014, 9, 3, 17, 9)),
    ("03 Sep 2014", utc(2014, 9, 3)),
  ]

  static let iso8601: [(String, Date)] = [
    ("2014-09-04T17:09:00Z", utc(2014, 9, 4, 17, 9)),
    ("2014-09-04T17:09:00.250Z", utc(2014, 9, 4, 17, 9).addingTimeInterval(0.25)),
    ("2014-09-04T19:09:00+02:00", utc(2014, 9, 4, 17, 9)),
    ("2014-09-04T12:09:00-0500", utc(2014, 9, 4, 17, 9)),
    ("2014-09-04t17:09:00z", utc(2014, 9, 4, 17, 9)),
    ("2014-09-04 17:09:00", utc(2014, 9, 4, 17, 9)),
    ("2014-09-04T17:09Z", utc(2014, 9, 4, 17, 9)),
    ("2014-09-04T22:39+05:30", utc(2014, 9, 4, 17, 9)),
    ("20140904T170900Z", utc(2014, 9, 4, 17, 9)),
    ("2014-09-04", utc(2014, 9, 4)),
    ("2014-09", utc(2014, 9, 1)),
    ("2014", utc(2014, 1, 1)),
    ("2000-02-29T00:00:00Z", utc(2000, 2, 29)),
  ]

  @Test(arguments: rfc822) func rfc822Forms(text: String, expected: Date) {
    #expect(DateParser.parse(text) == expected, "\(text)")
  }

  @Test(arguments: iso8601) func iso8601Forms(text: String, expected: Date) {
    #expect(DateParser.parse(text) == expected, "\(text)")
  }

  @Test(arguments: [
    "", "yesterday", "Do, 04 Sep. 2014 17:09:00 +0000", "04 Septembre 2014", "2014-13-01", "2014-02-30",
    "2013-02-29T00:00:00Z", "Thu, 31 Jun 2014 10:00:00 GMT", "Thu, 04 Sep 2014 25:00:00 GMT",
    "2014-09-04T17:09:00Zjunk", "Thu, 04 Sep 2014 17:09:00 XYZ", "12:00",
  ])
  func unparseableIsNil(text: String) {
    #expect(DateParser.parse(text) == nil, "\(text)")
  }

  /// Round trip: random instants in random zones, formatted in the styles feeds use (by Foundation's
  /// calendar, independent of the parser's arithmetic), parse back to the same instant.
  @Test func roundTripsOverRandomInstantsAndZones() throws {
    var rng = SplitMix64(seed: 2014_09_04)
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let named = [("GMT", 0), ("UT", 0), ("EST", -300), ("EDT", -240), ("CST", -360), ("CDT", -300),
                 ("MST", -420), ("MDT", -360), ("PST", -480), ("PDT", -420)]
    for _ in 0..<2000 {
      let seconds = Int.random(in: -2_000_000_000...4_000_000_000, using: &rng)
      let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
      let useName = Bool.random(using: &rng)
      let (zoneName, offset) = useName
        ? named.randomElement(using: &rng)!
        : ("", Int.random(in: -12 * 4...14 * 4, using: &rng) * 15)
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = try #require(TimeZone(secondsFromGMT: offset * 60))
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: instant)
      let (y, mo, d, h, mi, s) = (c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
      let sign = offset < 0 ? "-" : "+"
      let hh = String(format: "%02d", abs(offset) / 60)
      let mm = String(format: "%02d", abs(offset) % 60)

      var rfc = Bool.random(using: &rng) ? "\(weekdays[c.weekday! - 1]), " : ""
      rfc += String(format: "%02d %@ %04d %02d:%02d:%02d ", d, months[mo - 1], y, h, mi, s)
      rfc += useName ? zoneName : (Bool.random(using: &rng) ? "\(sign)\(hh)\(mm)" : "\(sign)\(hh):\(mm)")
      #expect(DateParser.parse(rfc) == instant, "\(rfc)")

      let millis = Int.random(in: 0..<1000, using: &rng)
      var iso = String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", y, mo, d, h, mi, s, millis)
      iso += offset == 0 && Bool.random(using: &rng) ? "Z" : "\(sign)\(hh):\(mm)"
      let parsed = try #require(DateParser.parse(iso), "\(iso)")
      #expect(abs(parsed.timeIntervalSince(instant) - Double(millis) / 1000) < 1e-6, "\(iso)")
    }
  }
}
