/// What a reload comes to, as a pure function of its results: `reload` prints it, the reader's status
/// line shows it.
public struct ReloadReport: Equatable, Sendable {
  public var updated = 0
  public var unchanged = 0
  public var failed = 0
  public var newItems = 0
  /// `<url>: <error sentence>` per failed feed, in feed order.
  public var errorLines: [String] = []

  public init(_ results: [FeedReloadResult]) {
    for result in results {
      switch result.outcome {
      case .updated(let summary, _):
        updated += 1
        newItems += summary.newItems
      case .notModified:
        unchanged += 1
      case .failed(let message):
        failed += 1
        errorLines.append("\(result.url): \(message)")
      }
    }
  }

  public var summary: String {
    let total = updated + unchanged + failed
    return "Reloaded \(total) feed\(total == 1 ? "" : "s"): \(updated) updated (\(newItems) new article\(newItems == 1 ? "" : "s")), "
      + "\(unchanged) unchanged, \(failed) failed."
  }
}
