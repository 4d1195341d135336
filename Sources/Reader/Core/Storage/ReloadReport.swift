/// What a reload comes to, as a pure function of its results: `reload` prints it, the reader's status
/// line shows it.
public struct ReloadReport: Equatable, Sendable {
  public var updated = 0
  public var unchanged = 0
  public var failed = 0
  public var newItems = 0
  /// `<url>: <error sentence>` per failed feed and `<url>: warning: <sentences>` per feed stored with
  /// parse warnings (what the parser repaired or skipped), in feed order.
  public var errorLines: [String] = []
  /// Feeds stored with parse warnings.
  public var warned = 0
  /// The error sentence of each failed feed, in feed order.
  public var errors: [String] = []
  /// The feeds that gained articles, in feed order.
  public var feedsWithNewItems: [Int64] = []
  /// Articles pruning removed, and why it could not prune.
  public var removed = 0
  public var pruneError: String?
  /// Feeds not asked because no server wanted them yet (DESIGN §8).
  public var skipped = 0
  /// `<url>: …` per feed not asked because its server asked to wait or it is gone, and per feed found
  /// moved this time, in feed order (a fresh feed is only counted: it is the common case).
  public var noticeLines: [String] = []
  /// Feeds found moved (301/308) by this reload: the reader's status line says so once.
  public var moved = 0

  public init(_ results: [FeedReloadResult]) {
    for result in results {
      if let movedTo = result.movedTo {
        moved += 1
        noticeLines.append("\(result.url): moved permanently to \(movedTo); asked there from now on (splitfeed moved lists it).")
      }
      switch result.outcome {
      case .skipped(let state):
        skipped += 1
        if let line = state.skipNotice { noticeLines.append("\(result.url): \(line)") }
      case .updated(let summary, let warnings):
        updated += 1
        newItems += summary.newItems
        if !warnings.isEmpty {
          warned += 1
          errorLines.append("\(result.url): warning: \(warnings.joined(separator: " "))")
        }
        if summary.newItems > 0 { feedsWithNewItems.append(result.feedID) }
      case .notModified:
        unchanged += 1
      case .failed(let message):
        failed += 1
        errorLines.append("\(result.url): \(message)")
        errors.append(message)
      }
    }
  }

  public init(_ run: ReloadRun) {
    self.init(run.results)
    switch run.pruned {
    case .removed(let count): removed = count
    case .failed(let message): pruneError = "Could not remove old articles: \(message)"
    }
  }

  public var summary: String {
    let total = updated + unchanged + failed
    let notDue = skipped == 0 ? "" : " \(skipped) feed\(skipped == 1 ? "" : "s") not due yet, not asked."
    return "Reloaded \(total) feed\(total == 1 ? "" : "s"): \(updated) updated (\(newItems) new article\(newItems == 1 ? "" : "s")), "
      + "\(unchanged) unchanged, \(failed) failed." + notDue
  }

  /// `reload`'s line about pruning; nil when nothing was removed.
  public var removedLine: String? {
    guard removed > 0 else { return nil }
    return "Removed \(removed) old article\(removed == 1 ? "" : "s") (kept unread, starred and Recent)."
  }

  /// The reader's status line: with a failure, how many articles arrived comes first (short, and what
  /// the reload was for), then the failure's reason, so a narrow line cuts the other counts, never
  /// those two; `key` is the key that lists every failure in full.
  public func statusText(errorsKey key: String) -> String {
    let removedText = removed > 0 ? "Removed \(removed) old article\(removed == 1 ? "" : "s")." : nil
    let warnedText = warned > 0 ? "\(warned) feed\(warned == 1 ? " was" : "s were") repaired (\(key) lists why)." : nil
    let movedText = moved > 0 ? "\(moved) feed\(moved == 1 ? "" : "s") moved permanently (\(key) lists where)." : nil
    let rest = [summary, removedText, warnedText, movedText, pruneError].compactMap { $0 }.joined(separator: " ")
    guard let first = errors.first else { return rest }
    let head = failed == 1 ? "Failed: \(first)" : "\(failed) feeds failed; first: \(first)"
    let arrived = newItems == 0 ? "No new articles." : "\(newItems) new article\(newItems == 1 ? "" : "s")."
    return "\(arrived) \(head) (\(key) lists \(failed == 1 ? "it" : "them")) \(rest)"
  }
}
