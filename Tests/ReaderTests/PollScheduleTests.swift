import Foundation
import Testing

@testable import Reader
import TestSupport

/// The schedule as a table: an answer's hints and the clock in, the feed's hold out (DESIGN §8),
/// hostile values included.
@Suite("Poll schedule")
struct PollScheduleTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let day = PollSchedule.longestHold

  /// Seconds from `now` the feed is held after `hints`, or nil when it is due at once.
  static func held(_ hints: PollHints, previous: PollState = PollState()) -> (PollState.Hold?, Double?) {
    let state = PollSchedule.next(after: hints, previous: previous, now: now)
    return (state.hold, state.until.map { $0.timeIntervalSince(now) })
  }

  /// An HTTP date, as RSS writes one too.
  static func http(_ date: Date) -> String { FeedXML.date(date) }

  @Test(arguments: [
    // Cache-Control
    (PollHints(status: 200, cacheControl: "max-age=3600"), PollState.Hold.fresh, 3600.0),
    (PollHints(status: 304, cacheControl: "public, max-age=600"), .fresh, 600),
    (PollHints(status: 200, cacheControl: "max-age=315360000"), .fresh, day),  // ten years: a day
    (PollHints(status: 200, cacheControl: "max-age=99999999999999999999999"), .fresh, day),  // no overflow
    (PollHints(status: 200, cacheControl: "MAX-AGE=\"120\""), .fresh, 120),
    (PollHints(status: 200, cacheControl: "max-age=60, no-cache"), nil, nil),
    (PollHints(status: 200, cacheControl: "no-store"), nil, nil),
    (PollHints(status: 200, cacheControl: "max-age=0"), nil, nil),
    (PollHints(status: 200, cacheControl: "max-age=-5"), nil, nil),  // negative: says nothing
    (PollHints(status: 200, cacheControl: "max-age=soon"), nil, nil),
    (PollHints(status: 200, cacheControl: "max-age=1e9"), nil, nil),
    (PollHints(status: 200, cacheControl: ",,,=,max-age"), nil, nil),
    // Expires, counted from the server's Date
    (PollHints(status: 200, expires: http(now + 900)), .fresh, 900),
    (
      PollHints(status: 200, expires: http(now + 7200), date: http(now + 3600)),  // a server clock an hour ahead
      .fresh, 3600
    ),
    (PollHints(status: 200, expires: http(now - 900)), nil, nil),
    (PollHints(status: 200, expires: "0"), nil, nil),  // unreadable: already expired
    (PollHints(status: 200, expires: "Sat, 01 Jan 2200 00:00:00 GMT"), .fresh, day),
    // Cache-Control wins over Expires; the document's period comes last
    (PollHints(status: 200, cacheControl: "max-age=60", expires: http(now + 900)), .fresh, 60),
    (PollHints(status: 200, documentPeriod: 1800), .fresh, 1800),
    (PollHints(status: 200, cacheControl: "max-age=60", documentPeriod: 1800), .fresh, 60),
    (PollHints(status: 200, documentPeriod: 30 * 86_400), .fresh, day),
    // Nothing declared: due at once (a reload run by hand fetches it)
    (PollHints(status: 200), nil, nil),
    (PollHints(status: nil, documentPeriod: 3600), nil, nil),  // a file is never held
    // 429 / 503 with Retry-After
    (PollHints(status: 429, retryAfter: "3600"), .retryAfter, 3600),
    (PollHints(status: 503, retryAfter: " 120 "), .retryAfter, 120),
    (PollHints(status: 429, retryAfter: http(now + 600)), .retryAfter, 600),
    (PollHints(status: 503, retryAfter: "31536000"), .retryAfter, day),  // a year: a day
    (PollHints(status: 503, retryAfter: http(now - 600)), nil, nil),  // a date past: ask again
    (PollHints(status: 503, retryAfter: "tomorrow"), nil, nil),
    (PollHints(status: 503, retryAfter: "-5"), nil, nil),
    (PollHints(status: 503), nil, nil),
    // 429 without a usable Retry-After: splitfeed's back-off
    (PollHints(status: 429), .backOff, PollSchedule.firstBackOff),
    (PollHints(status: 429, retryAfter: "garbage"), .backOff, PollSchedule.firstBackOff),
    (PollHints(status: 429, retryAfter: http(now - 600)), .backOff, PollSchedule.firstBackOff),
    (PollHints(status: 429, retryAfter: "0"), .backOff, PollSchedule.firstBackOff),
    // 410; other failures hold nothing
    (PollHints(status: 410), .gone, nil),
    (PollHints(status: 404), nil, nil),
    (PollHints(status: 500, retryAfter: "3600"), nil, nil),
  ] as [(PollHints, PollState.Hold?, Double?)])
  func holdAfter(hints: PollHints, hold: PollState.Hold?, seconds: Double?) {
    let (gotHold, gotSeconds) = Self.held(hints)
    #expect(gotHold == hold)
    #expect(gotSeconds == seconds)
  }

  @Test func backOffDoublesOnEachRepeatUpToADayAndAnyOtherAnswerEndsIt() {
    var state = PollState()
    var waits: [Double] = []
    for _ in 0..<8 {
      state = PollSchedule.next(after: PollHints(status: 429), previous: state, now: Self.now)
      waits.append(state.until!.timeIntervalSince(Self.now))
    }
    #expect(waits == [1800, 3600, 7200, 14_400, 28_800, 57_600, Self.day, Self.day])
    #expect(state.strikes == 8)
    let after = PollSchedule.next(after: PollHints(status: 200), previous: state, now: Self.now)
    #expect(after == PollState())
    // A failure without an answer says nothing new: the hold and the count stand.
    let failed = PollSchedule.next(after: PollHints(), failed: true, previous: state, now: Self.now)
    #expect(failed == state)
    let gone = PollState(hold: .gone, movedTo: "https://new.example/feed")
    #expect(PollSchedule.next(after: PollHints(), failed: true, previous: gone, now: Self.now) == gone)
  }

  @Test func aMovedAddressStaysThroughLaterAnswersAndMovesAgainOnANewRedirect() {
    let moved = PollSchedule.next(
      after: PollHints(status: 200, movedTo: "https://new.example/feed"), previous: PollState(), now: Self.now)
    #expect(moved.movedTo == "https://new.example/feed")
    let later = PollSchedule.next(after: PollHints(status: 410), previous: moved, now: Self.now)
    #expect(later.movedTo == "https://new.example/feed" && later.hold == .gone)
    let again = PollSchedule.next(
      after: PollHints(status: 304, movedTo: "https://newer.example/feed"), previous: later, now: Self.now)
    #expect(again.movedTo == "https://newer.example/feed" && again.hold == nil)
  }

  @Test func aFailedParseReadsNoFreshnessFromItsAnswer() {
    let state = PollSchedule.next(
      after: PollHints(status: 200, cacheControl: "max-age=3600"), failed: true, previous: PollState(), now: Self.now)
    #expect(state.hold == nil)
  }

  @Test func whichModeSkipsWhat() {
    let later = Self.now + 60
    let fresh = PollState(hold: .fresh, until: later)
    let waiting = PollState(hold: .retryAfter, until: later)
    let backOff = PollState(hold: .backOff, until: later, strikes: 1)
    let gone = PollState(hold: .gone)
    let over = PollState(hold: .retryAfter, until: Self.now - 1)
    #expect([fresh, waiting, backOff, gone, over].map { ReloadMode.due.skips($0, at: Self.now) } == [true, true, true, true, false])
    #expect([fresh, waiting, backOff, gone, over].map { ReloadMode.named.skips($0, at: Self.now) } == [false, true, true, false, false])
    #expect([fresh, waiting, backOff, gone, over].map { ReloadMode.force.skips($0, at: Self.now) } == [false, false, false, false, false])
  }

  @Test(arguments: [
    ("60", nil, nil, 3600.0),
    ("0", nil, nil, nil),
    ("-10", nil, nil, nil),
    ("soon", nil, nil, nil),
    (nil, "hourly", "2", 1800),
    (nil, "daily", nil, 86_400),
    (nil, nil, "4", 21_600),
    (nil, " Weekly\n", "1", 604_800),
    (nil, "fortnightly", "1", nil),
    (nil, "hourly", "0", nil),
    (nil, nil, nil, nil),
  ] as [(String?, String?, String?, Double?)])
  func documentPeriod(ttl: String?, period: String?, frequency: String?, seconds: Double?) {
    #expect(PollSchedule.documentPeriod(ttl: ttl, updatePeriod: period, updateFrequency: frequency) == seconds)
  }
}

/// The period a feed document declares reaches `Feed.period`, in seconds (DESIGN §8).
@Suite("A feed's declared period")
struct DeclaredPeriodTests {
  static func period(_ channelXML: String, namespaces: String = "") throws -> Double? {
    let xml = "<rss version=\"2.0\" \(namespaces)><channel><title>T</title>\(channelXML)<item><title>a</title></item></channel></rss>"
    return try FeedParser.parse(data: Data(xml.utf8), url: nil).feed.period
  }

  static let sy = "xmlns:sy=\"http://purl.org/rss/1.0/modules/syndication/\""

  @Test func ttlAndTheSyndicationModuleAreRead() throws {
    #expect(try Self.period("<ttl> 90 </ttl>") == 5400)
    #expect(try Self.period("<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>4</sy:updateFrequency>", namespaces: Self.sy) == 900)
    #expect(try Self.period("<ttl>60</ttl><sy:updatePeriod>weekly</sy:updatePeriod>", namespaces: Self.sy) == 3600)
    // Another namespace's updatePeriod, an item's ttl and nonsense say nothing.
    #expect(try Self.period("<x:updatePeriod xmlns:x=\"urn:x\">hourly</x:updatePeriod>") == nil)
    #expect(try Self.period("<ttl>soon</ttl>") == nil)
    #expect(try Self.period("") == nil)
  }
}

/// The reload path against a loopback server and a clock the test moves: what the schedule decides is
/// kept in the cache and honoured by the next reload, until its time.
@Suite("Reloader and the schedule")
struct ReloaderScheduleTests {
  /// A clock the test sets.
  final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = PollScheduleTests.now
    var now: Date {
      get { lock.withLock { current } }
      set { lock.withLock { current = newValue } }
    }
  }

  @Test func aRetryAfterIsHonouredUntilItsTimeAndAFreshFeedUntilItsMaxAge() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/busy"
        ? .init(status: 429, headers: [("Retry-After", "600")], "later")
        : .init(headers: [("Cache-Control", "max-age=120")], FeedXML.rss(title: "Fresh", items: []))
    }
    defer { server.stop() }
    let fixture = try CacheFixture("splitfeed-schedule", feeds: [server.baseURL + "/busy", server.baseURL + "/fresh"])
    let clock = Clock()
    let reloader = Reloader(cache: fixture.cache, fetcher: testFetcher(), clock: { clock.now })
    let asked = { (since: Int) in server.requests.dropFirst(since).map(\.path).sorted() }
    let skipped = { (results: [FeedReloadResult]) in
      results.filter { if case .skipped = $0.outcome { true } else { false } }.map(\.url)
    }

    _ = await reloader.reload(try fixture.cache.feeds())
    #expect(asked(0) == ["/busy", "/fresh"])
    let busy = try #require(try fixture.cache.feeds().first)
    #expect(busy.poll == PollState(hold: .retryAfter, until: clock.now + 600))

    clock.now += 119  // both held
    var results = await reloader.reload(try fixture.cache.feeds())
    #expect(asked(2) == [])
    #expect(skipped(results) == [server.baseURL + "/busy", server.baseURL + "/fresh"])

    clock.now += 2  // the fresh feed is due, the busy one not yet
    results = await reloader.reload(try fixture.cache.feeds())
    #expect(asked(2) == ["/fresh"])
    #expect(skipped(results) == [server.baseURL + "/busy"])

    clock.now += 480  // 601 s after the 429
    _ = await reloader.reload(try fixture.cache.feeds())
    #expect(asked(3) == ["/busy", "/fresh"])
  }
}

/// `reload-period` (DESIGN §8): the feed's own line, else its tags' shortest, else `*`; obeyed by
/// reloads that ask what is due, not by a feed named.
@Suite("Reload periods")
struct ReloadPeriodTests {
  static func feed(_ url: String, tags: [String] = [], lastFetch: Date? = PollScheduleTests.now) -> CachedFeed {
    CachedFeed(
      id: 1, url: url, validators: Validators(), lastFetch: lastFetch, position: 0, unreadCount: 0, totalCount: 0,
      tags: tags)
  }

  @Test func theFeedsOwnLineWinsThenItsShortestTagThenEveryFeed() {
    let periods = ReloadPeriods(rules: [.feed("https://a.example/feed"): 60, .tag("slow"): 7200, .tag("news"): 600, .all: 3600])
    #expect(periods.period(for: Self.feed("https://a.example/feed", tags: ["news"])) == 60)
    #expect(periods.period(for: Self.feed("https://b.example/feed", tags: ["slow", "news"])) == 600)
    #expect(periods.period(for: Self.feed("https://b.example/feed")) == 3600)
    #expect(ReloadPeriods().period(for: Self.feed("https://b.example/feed")) == nil)
    let now = PollScheduleTests.now
    #expect(periods.due(Self.feed("https://b.example/feed"), at: now + 10) == now + 3600)
    #expect(periods.due(Self.feed("https://b.example/feed"), at: now + 3600) == nil)
    #expect(periods.due(Self.feed("https://b.example/feed", lastFetch: nil), at: now) == nil, "never fetched: due")
  }

  @Test func aReloadAskingWhatIsDueWaitsForThePeriodAndANamedFeedDoesNot() async throws {
    let server = try TestHTTPServer { _ in .init(FeedXML.rss(title: "Plain", items: [])) }
    defer { server.stop() }
    let fixture = try CacheFixture("splitfeed-periods", feeds: [server.baseURL + "/plain"])
    let clock = ReloaderScheduleTests.Clock()
    let reloader = Reloader(
      cache: fixture.cache, fetcher: testFetcher(), periods: ReloadPeriods(rules: [.all: 600]), clock: { clock.now })
    // The cache writes the fetch time from the real clock; the test's clock starts there.
    clock.now = Date()
    _ = await reloader.reload(try fixture.cache.feeds())
    clock.now += 300
    _ = await reloader.reload(try fixture.cache.feeds())
    #expect(server.requests.count == 1)
    _ = await reloader.asking(.named).reload(try fixture.cache.feeds())
    #expect(server.requests.count == 2)
    clock.now += 700
    _ = await reloader.reload(try fixture.cache.feeds())
    #expect(server.requests.count == 3)
  }
}

/// The timer's own pace (DESIGN §8): a quarter of the posting gap, at most 6 hours, spread by the feed.
@Suite("The timer's adaptive pace")
struct AdaptivePaceTests {
  @Test func aWeeklyFeedIsAskedLessOftenThanAnHourlyOneAndFeedsFallDueApart() throws {
    let hourly = try #require(PollSchedule.adaptivePeriod(postingGap: 3600, feedID: 1))
    let weekly = try #require(PollSchedule.adaptivePeriod(postingGap: 7 * 86_400, feedID: 1))
    #expect(hourly >= 810 && hourly <= 990)
    #expect(weekly >= 0.9 * PollSchedule.longestAdaptivePeriod && weekly <= 1.1 * PollSchedule.longestAdaptivePeriod)
    let hundred = Set((1...100).map { PollSchedule.adaptivePeriod(postingGap: 86_400, feedID: $0)! })
    #expect(hundred.count > 50, "spread: \(hundred.count) distinct periods")
    #expect(hundred.allSatisfy { $0 >= 0.9 * 21_600 && $0 <= 1.1 * 21_600 })
    for gap in [nil, 0, -5, Double.nan, Double.infinity] as [Double?] {
      #expect(PollSchedule.adaptivePeriod(postingGap: gap, feedID: 7) == nil)
    }
  }

  @Test func theMedianGapOfTheNewestArticles() {
    #expect(PollSchedule.medianGap([]) == nil)
    #expect(PollSchedule.medianGap([5]) == nil)
    #expect(PollSchedule.medianGap([0, 3600, 7200, 100_000]) == 3600)
    #expect(PollSchedule.medianGap([700, 100, 400]) == 300)
  }

  @Test func theTimerWaitsForAFeedsPaceWhileRAsksIt() async throws {
    let items = (0..<5).map { n in
      FeedXML.Item(title: "Day \(n)", guid: "d\(n)", pubDate: FeedXML.date(Date(timeIntervalSince1970: 1_700_000_000 - Double(n) * 86_400)))
    }
    let server = try TestHTTPServer { _ in .init(FeedXML.rss(title: "Daily", items: items)) }
    defer { server.stop() }
    let fixture = try CacheFixture("splitfeed-pace", feeds: [server.baseURL + "/daily"])
    let clock = ReloaderScheduleTests.Clock()
    clock.now = Date()
    let reloader = Reloader(cache: fixture.cache, fetcher: testFetcher(), clock: { clock.now })
    _ = await reloader.asking(.timer).reload(try fixture.cache.feeds())
    #expect(server.requests.count == 1, "never fetched: asked")
    clock.now += 3600
    let results = await reloader.asking(.timer).reload(try fixture.cache.feeds())
    #expect(server.requests.count == 1, "a daily feed is not asked an hour later by the timer")
    #expect(results.map(\.outcome).allSatisfy { if case .skipped = $0 { true } else { false } })
    _ = await reloader.reload(try fixture.cache.feeds())
    #expect(server.requests.count == 2, "R asks it")
    clock.now += 7 * 3600
    _ = await reloader.asking(.timer).reload(try fixture.cache.feeds())
    #expect(server.requests.count == 3, "past its pace the timer asks")
  }
}
