/// The status line's content: reload progress, then a notice, then the last reload's summary, then the
/// search indexer's progress (work nobody waits for); nothing (and no line) when all are empty. Each is a
/// `Notice`, rendered (and styled as an error or not) when the line is drawn. A question or a text field
/// open on the line is a presented controller over it (`QuestionController`, `FieldController`), which
/// owns what it asks or holds.
public struct StatusLine: Sendable {
  public var progress: Notice?
  public private(set) var notice: Notice?
  public var summary: Notice?
  /// `Indexing 12,000 of 100,000 articles for search…` while the indexer runs (`Indexing`).
  public var indexing: Notice?

  public init() {}

  /// The notice to show.
  public var shown: Notice? { progress ?? notice ?? summary ?? indexing }

  /// A one-line notice (config problems, a failed action, the answer to a key); stays until the next key.
  public mutating func notify(_ notice: Notice) {
    self.notice = notice
  }

  /// A key was pressed: notices and the last reload's summary have been seen.
  public mutating func keyPressed() {
    notice = nil
    summary = nil
  }
}
