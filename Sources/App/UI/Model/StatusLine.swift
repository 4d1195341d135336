/// The status line's content: reload progress, then a notice, then the last reload's summary, then the
/// search indexer's progress (work nobody waits for); nothing (and no line) when all are empty. A question or a text field open on the line is a presented
/// controller over it (`QuestionController`, `FieldController`), which owns what it asks or holds.
public struct StatusLine: Equatable, Sendable {
  public var progress: String?
  public private(set) var notice: String?
  public private(set) var noticeIsError = false
  public var summary: String?
  public var summaryIsError = false
  /// `Indexing 12,000 of 100,000 articles for search…` while the indexer runs (`Indexing`).
  public var indexing: String?

  public init() {}

  /// The text to show and whether it is an error.
  public var shown: (text: String, isError: Bool)? {
    if let progress { return (progress, false) }
    if let notice { return (notice, noticeIsError) }
    if let summary { return (summary, summaryIsError) }
    if let indexing { return (indexing, false) }
    return nil
  }

  /// A one-line notice (config problems, a failed action); stays until the next key.
  public mutating func notify(_ text: String) {
    notice = text
    noticeIsError = false
  }

  public mutating func notify(error text: String) {
    notice = text
    noticeIsError = true
  }

  /// A key was pressed: notices and the last reload's summary have been seen.
  public mutating func keyPressed() {
    notice = nil
    summary = nil
  }
}
