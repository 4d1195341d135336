/// An article rendered from HTML into width-independent blocks (DESIGN §1, secondary pane): built once per
/// article, then wrapped again on every resize with `wrap(width:)`. Pure value, safe to build off the main
/// actor and hand to the UI.
public struct StyledText: Hashable, Sendable {
  /// Blocks in reading order, the numbered link list (when there are links) last.
  public var blocks: [StyledBlock]
  /// Absolute link targets; `links[0]` is the one marked `[1]` in the text.
  public var links: [String]

  public init(blocks: [StyledBlock] = [], links: [String] = []) {
    self.blocks = blocks
    self.links = links
  }

  /// The article as terminal lines no wider than `width` columns (a width under 1 counts as 1).
  public func wrap(width: Int) -> [StyledLine] {
    var wrapper = TextWrapper(width: max(1, width))
    for block in blocks { wrapper.add(block) }
    return wrapper.lines
  }
}

/// One block of an article (a paragraph, a list item's text, a preformatted block, a rule) together with the
/// prefixes its containers give it: list markers and hanging indents, quote bars. Kept flat so that wrapping
/// is a single linear pass.
public struct StyledBlock: Hashable, Sendable {
  /// How the block's text is laid out.
  public enum Kind: Hashable, Sendable {
    /// Whitespace already collapsed; wrapped at spaces (and around CJK), `"\n"` is a forced break (`<br>`).
    case flow
    /// Kept verbatim (`pre`): each `"\n"` ends a line; a line wider than the space is soft-broken onto the
    /// next line, never re-flowed; tabs expand to 8-column stops.
    case verbatim
    /// A horizontal rule (`hr`) as wide as the space; `runs` is unused.
    case rule
    /// A picture (`img`): `runs` is its caption (the alt text), wrapped like flow text; the reader's
    /// article pane puts the picture's rows above it when it can show them (DESIGN §1, secondary pane).
    case image(ImageReference)
    /// A data table: `runs` is unused; the wrapper lays its cells out in aligned columns when they fit the
    /// width, wrapping inside cells, else each row as a block of `header: value` lines (DESIGN §1,
    /// secondary pane).
    case table(StyledTable)
  }

  public var kind: Kind
  public var runs: [StyledRun]
  /// Drawn before the block's first line, e.g. `│ ` + `1. `.
  public var firstPrefix: [StyledRun]
  /// Drawn before every other line, e.g. `│ ` + `   ` (the hanging indent).
  public var restPrefix: [StyledRun]
  /// A blank line separates this block from the previous one (paragraph spacing).
  public var gapBefore: Bool
  /// The prefix of that blank line: the bars of the quotes that hold both blocks (trailing spaces dropped).
  public var gapPrefix: [StyledRun]

  public init(
    kind: Kind = .flow, runs: [StyledRun], firstPrefix: [StyledRun] = [],
    restPrefix: [StyledRun] = [], gapBefore: Bool = false, gapPrefix: [StyledRun] = []
  ) {
    self.kind = kind
    self.runs = runs
    self.firstPrefix = firstPrefix
    self.restPrefix = restPrefix
    self.gapBefore = gapBefore
    self.gapPrefix = gapPrefix
  }
}

/// Where a picture in an article comes from and the size the page declared for it (`width`/`height`
/// attributes, in CSS pixels; nil when absent): enough to lay the picture out before it is fetched.
public struct ImageReference: Hashable, Sendable {
  public var url: String
  public var alt: String
  public var declaredWidth: Int?
  public var declaredHeight: Int?
  /// The number of the link the picture sits in, which its caption keeps once the picture shows.
  public var link: Int?

  public init(url: String, alt: String, declaredWidth: Int? = nil, declaredHeight: Int? = nil, link: Int? = nil) {
    self.url = url
    self.alt = alt
    self.declaredWidth = declaredWidth
    self.declaredHeight = declaredHeight
    self.link = link
  }
}

/// A data table's cells as flow text, row by row, laid out only when the width is known.
public struct StyledTable: Hashable, Sendable {
  /// Each row's cells, each cell's text (whitespace collapsed, no forced breaks).
  public var rows: [[[StyledRun]]]
  /// How many leading rows are headers (`<th>` cells, `<thead>`): their cells name the columns.
  public var headerRows: Int

  public init(rows: [[[StyledRun]]], headerRows: Int = 0) {
    self.rows = rows
    self.headerRows = min(max(0, headerRows), rows.count)
  }
}
