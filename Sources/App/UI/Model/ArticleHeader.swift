import Foundation
import Reader
import ScreenKit
import TextLayout

/// What the article pane shows above the text, as blocks of the same `StyledText` (so the reading place
/// is kept the same way there): author and date, the link, the enclosures, and which text is shown when
/// it is the fetched page.
@MainActor
enum ArticleHeader {
  /// The header followed by the feed's text, or by the fetched page with `page`.
  static func text(of article: CachedArticle, page: Bool, timeZone: TimeZone) -> StyledText {
    let item = article.item
    var header: [String] = []
    var byline: [String] = []
    if let author = item.author, !author.isEmpty { byline.append("By " + author) }
    if item.date != nil || item.publishedText != nil {
      byline.append(PopoverController.dateText(for: item, timeZone: timeZone))
    }
    var html = page ? article.fullArticle ?? "" : item.body ?? ""
    if page, let parts = ExtractedArticle.readerParts(html) {
      // The page's own title and byline once: the title bar shows the title, so the
      // page's is kept only when it says something else; the page's byline, date and site stand in for
      // the feed's date when the feed names no author, else the feed's line stands alone.
      html = parts.body
      if let title = parts.title, Self.plain(title).lowercased() != Self.words(item.title).lowercased() {
        html = title + html
      }
      if let details = parts.details, item.author?.isEmpty ?? true { byline = [Self.plain(details)] }
    }
    if !byline.isEmpty { header.append(byline.joined(separator: " · ")) }
    if let link = item.link { header.append(link) }
    for (i, enclosure) in item.enclosures.enumerated() {
      let number = item.enclosures.count > 1 ? "\(i + 1). " : ""
      header.append("▶ " + number + EnclosureDescription.text(enclosure))
    }
    if page { header.append("Full article from the web page (f: the feed's text)") }
    let body = StyledText(html: html, baseURL: item.link.flatMap(URL.init(string:)))
    var blocks = header.map { StyledBlock(runs: [StyledRun(TerminalText.sanitized($0), .dim)]) }
    if var first = body.blocks.first, !blocks.isEmpty {
      first.gapBefore = true
      blocks.append(first)
      blocks += body.blocks.dropFirst()
    } else {
      blocks += body.blocks
    }
    return StyledText(blocks: blocks, links: body.links)
  }

  /// An HTML snippet's words, white space collapsed.
  static func plain(_ html: String) -> String {
    words(StyledText(html: html).blocks.flatMap(\.runs).map(\.text).joined())
  }

  static func words(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
