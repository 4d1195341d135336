import Foundation

/// What one answer told about when to ask a feed's server again: the fields the schedule reads, as the
/// fetcher found them (DESIGN §8). Values are kept as sent; `PollSchedule` judges them.
public struct PollHints: Sendable, Hashable {
  /// The HTTP status of the last answer; nil for a file or a failure without an answer.
  public var status: Int?
  public var cacheControl: String?
  public var expires: String?
  /// The server's `Date`, which `Expires` is counted from (a server clock that is off does not move it).
  public var date: String?
  public var retryAfter: String?
  /// Where a chain of permanent redirects (301, 308) from the asked address led; nil without one. A
  /// temporary redirect (302, 303, 307) ends the chain: what follows it is not the feed's new address.
  public var movedTo: String?
  /// The feed document's own period (RSS `<ttl>`, `sy:updatePeriod` / `sy:updateFrequency`), seconds.
  public var documentPeriod: Double?

  public init(
    status: Int? = nil, cacheControl: String? = nil, expires: String? = nil, date: String? = nil,
    retryAfter: String? = nil, movedTo: String? = nil, documentPeriod: Double? = nil
  ) {
    self.status = status
    self.cacheControl = cacheControl
    self.expires = expires
    self.date = date
    self.retryAfter = retryAfter
    self.movedTo = movedTo
    self.documentPeriod = documentPeriod
  }
}

/// A feed's polling state as the cache keeps it (`feeds.poll_*`, `moved_to`): whether and until when
/// reloads leave it alone, and the address it moved to (DESIGN §8).
public struct PollState: Sendable, Equatable {
  /// Why reloads leave the feed alone.
  public enum Hold: String, Sendable {
    /// The server declared the copy fresh (`Cache-Control: max-age`, `Expires`, the feed's `<ttl>`).
    case fresh
    /// 429 or 503 with a `Retry-After`.
    case retryAfter = "retry-after"
    /// 429 without a usable `Retry-After`: splitfeed's own back-off, longer on each repeat.
    case backOff = "back-off"
    /// 410: not asked again until the user names it.
    case gone
    /// The user's `reload-period` for the feed has not passed since its last fetch. Never stored: it
    /// follows from the config and the last fetch (`ReloadPeriods.due`).
    case period
  }

  public var hold: Hold?
  /// When the hold ends; nil for `.gone` (and without a hold).
  public var until: Date?
  /// 429s in a row, which lengthen the back-off; any other answer resets it.
  public var strikes: Int
  /// The address permanent redirects led to; fetched instead of the feed's own from then on.
  public var movedTo: String?

  public init(hold: Hold? = nil, until: Date? = nil, strikes: Int = 0, movedTo: String? = nil) {
    self.hold = hold
    self.until = until
    self.strikes = strikes
    self.movedTo = movedTo
  }

  /// Whether a reload that asks only what is due leaves the feed alone at `now`.
  public func isHeld(at now: Date) -> Bool {
    switch hold {
    case nil: false
    case .gone: true
    case .fresh, .retryAfter, .backOff, .period: (until ?? .distantPast) > now
    }
  }

  /// Why a reload left the feed alone, for its report; nil for a fresh copy (only counted) and without
  /// a hold.
  public var skipNotice: String? {
    switch hold {
    case .gone: "gone (the server answered 410); not asked again until reloaded by name."
    case .retryAfter: "not asked until \(Self.format(until)): the server asked to wait (Retry-After); reload --force asks anyway."
    case .backOff: "not asked until \(Self.format(until)): the server answered 429 (Too Many Requests) \(strikes == 1 ? "once" : "\(strikes) times in a row"); reload --force asks anyway."
    case .fresh, .period, nil: nil
    }
  }

  /// How the feed's header and `E` describe its state; nil when nothing is held or moved.
  public func summary(at now: Date) -> String? {
    let moved = movedTo.map { "moved to \($0)" }
    let held: String? =
      switch hold {
      case .gone: "gone (410)"
      case .retryAfter where isHeld(at: now): "the server asked to wait until \(Self.format(until))"
      case .backOff where isHeld(at: now): "backing off after 429 until \(Self.format(until))"
      case .fresh where isHeld(at: now): "fresh until \(Self.format(until))"
      case .period where isHeld(at: now): "reload-period: due at \(Self.format(until))"
      default: nil
      }
    let parts = [held, moved].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// The words a feed's title bar adds (DESIGN §8): `gone`, `waiting` (its server asked to wait),
  /// `moved`; nil for none. Fresh is left out: it is the common, untroubled case.
  public func marker(at now: Date) -> String? {
    let held: String? =
      switch hold {
      case .gone: "gone"
      case .retryAfter, .backOff: isHeld(at: now) ? "waiting" : nil
      default: nil
      }
    let words = [held, movedTo == nil ? nil : "moved"].compactMap { $0 }
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// A time as reports give it: local, to the minute.
  static func format(_ date: Date?) -> String {
    guard let date else { return "later" }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }

  /// Whether the hold is the server's request to slow down (which a named reload does not override
  /// without `--force`), rather than its word that the copy is fresh or the feed gone.
  public var isServerAskingToWait: Bool { hold == .retryAfter || hold == .backOff }
}

/// The schedule: an answer's hints and the clock in, the feed's next state out (DESIGN §8). Pure, so
/// every hostile value is a line of a table test.
public enum PollSchedule {
  /// No hold lasts longer: a wrong header (a max-age of ten years, a Retry-After next month) cannot
  /// silence a feed for more than a day.
  public static let longestHold: Double = 86_400
  /// The first back-off after a 429 without a usable Retry-After; it doubles on each repeat.
  public static let firstBackOff: Double = 1_800

  /// The state after an answer with `hints` at `now`, from `previous`. `failed` is true when the
  /// fetch failed for another reason than the status (a network error, a parse error): no freshness
  /// is read from such an answer.
  public static func next(after hints: PollHints, failed: Bool = false, previous: PollState, now: Date) -> PollState {
    // No answer (a network failure, a forced fetch while the server is down) says nothing new: what
    // the server said last still stands.
    if failed && hints.status == nil { return previous }
    var state = PollState(movedTo: hints.movedTo ?? previous.movedTo)
    switch hints.status {
    case 410?:
      state.hold = .gone
    case 429?:
      if let wait = retryAfter(hints.retryAfter, now: now), wait > 0 {
        state.hold = .retryAfter
        state.until = now.addingTimeInterval(min(wait, longestHold))
      } else {
        state.strikes = previous.strikes + 1
        let doubled = firstBackOff * pow(2, Double(min(state.strikes - 1, 16)))
        state.hold = .backOff
        state.until = now.addingTimeInterval(min(doubled, longestHold))
      }
    case 503?:
      if let wait = retryAfter(hints.retryAfter, now: now), wait > 0 {
        state.hold = .retryAfter
        state.until = now.addingTimeInterval(min(wait, longestHold))
      }
    case let status? where (200..<300).contains(status) || status == 304:
      if !failed, let fresh = freshness(hints, now: now), fresh > 0 {
        state.hold = .fresh
        state.until = now.addingTimeInterval(min(fresh, longestHold))
      }
    default:  // a file is never held: the user edits it and reloads at once
      break
    }
    return state
  }

  /// Seconds the answer stays fresh, by the first rule that speaks: `Cache-Control` (`no-store`,
  /// `no-cache` → 0; `max-age`), then `Expires` counted from the server's `Date`, then the document's
  /// period. nil when none does. An `Expires` that cannot be read means already expired (RFC 9111 §5.3).
  static func freshness(_ hints: PollHints, now: Date) -> Double? {
    if let control = hints.cacheControl {
      var maxAge: Double?
      for directive in control.split(separator: ",") {
        let parts = directive.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let name = parts.first else { continue }
        if name == "no-store" || name == "no-cache" { return 0 }
        if name == "max-age", parts.count == 2 {
          let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
          // Digits only (RFC 9111 §1.2.2): "-5", "1e9" and "soon" say nothing.
          guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { continue }
          maxAge = Double(ClampedInteger.parse(value, in: 0...Int(longestHold * 2)) ?? 0)
        }
      }
      if let maxAge { return maxAge }
    }
    if let expires = hints.expires {
      guard let date = DateParser.parse(expires.trimmingCharacters(in: .whitespaces)) else { return 0 }
      let served = hints.date.flatMap { DateParser.parse($0.trimmingCharacters(in: .whitespaces)) } ?? now
      return max(0, date.timeIntervalSince(served))
    }
    if let period = hints.documentPeriod { return max(0, period) }
    return nil
  }

  /// A Retry-After in seconds from `now`: a number of seconds, or an HTTP date (one in the past gives a
  /// negative wait); nil for anything else.
  static func retryAfter(_ value: String?, now: Date) -> Double? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      return Double(ClampedInteger.parse(value, in: 0...Int(longestHold * 2)) ?? 0)
    }
    guard let date = DateParser.parse(value) else { return nil }
    return date.timeIntervalSince(now)
  }

  /// The timer's own period for a feed without a `reload-period` line (DESIGN §8): a quarter of the
  /// median gap between its newest articles (`postingGap`), at most `longestAdaptivePeriod`, so a feed
  /// that posts weekly is asked four times a day and one that posts hourly every timer tick; spread by
  /// ±10 % by the feed's id, so a hundred feeds fetched together fall due apart. nil without a gap
  /// (fewer than two dated articles): due at every tick.
  public static func adaptivePeriod(postingGap: Double?, feedID: Int64) -> Double? {
    guard let postingGap, postingGap.isFinite, postingGap > 0 else { return nil }
    let base = min(postingGap / 4, longestAdaptivePeriod)
    let spread = Double((UInt64(bitPattern: feedID) &* 0x9E37_79B9_7F4A_7C15) % 1_001) / 1_000  // 0…1
    return base * (0.9 + 0.2 * spread)
  }

  /// The longest period the timer picks by itself.
  public static let longestAdaptivePeriod: Double = 6 * 3_600

  /// The median gap between consecutive `dates` (any order); nil for fewer than two.
  public static func medianGap(_ dates: [Double]) -> Double? {
    let sorted = dates.sorted()
    guard sorted.count >= 2 else { return nil }
    let gaps = zip(sorted.dropFirst(), sorted).map { $0 - $1 }.sorted()
    return gaps[gaps.count / 2]
  }

  /// The period a feed document declares, in seconds: RSS `<ttl>` (minutes), else
  /// `sy:updatePeriod` (hourly, daily, weekly, monthly, yearly; daily when absent) divided by
  /// `sy:updateFrequency` (1 when absent). nil when it declares none or nonsense.
  public static func documentPeriod(ttl: String?, updatePeriod: String?, updateFrequency: String?) -> Double? {
    if let ttl, let minutes = ClampedInteger.parse(ttl, in: 0...Int(longestHold * 2)), minutes > 0 {
      return Double(minutes) * 60
    }
    guard updatePeriod != nil || updateFrequency != nil else { return nil }
    let unit: Double
    switch updatePeriod?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() ?? "daily" {
    case "hourly": unit = 3_600
    case "daily": unit = 86_400
    case "weekly": unit = 7 * 86_400
    case "monthly": unit = 30 * 86_400
    case "yearly": unit = 365 * 86_400
    default: return nil
    }
    let frequency = updateFrequency.flatMap { ClampedInteger.parse($0, in: 0...1_000_000) } ?? 1
    guard frequency > 0 else { return nil }
    return unit / Double(frequency)
  }
}
