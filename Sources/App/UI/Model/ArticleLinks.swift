import Reader
import ScreenKit
import TextLayout

/// One row of the links view (newsboat's `show-urls`): what the address is to the article, the words it
/// stands for, and the address.
struct ArticleLink: Equatable {
  enum Kind: Equatable {
    /// The article's own link (`o`).
    case article
    /// A link of the text, by the number the article pane gives it (`[3]`, `#` 3).
    case numbered(Int)
    case picture
    case enclosure
  }

  var kind: Kind
  /// The link's words in the text, a picture's alt text, an enclosure's type and size ("" when none).
  var text: String
  var address: String

  /// `[3] The words <https://…>`: the row the links view shows, on one line (wrapped by the list).
  var row: String {
    let label =
      switch kind {
      case .article: "Article"
      case .numbered(let n): "[\(n)]"
      case .picture: "Picture"
      case .enclosure: "Enclosure"
      }
    let words = text.isEmpty ? "" : " " + text
    return TerminalText.sanitized(label + words + " <" + address + ">")
  }
}

/// Every link of an article as the article pane shows it (DESIGN §1, secondary pane): its own link, the
/// text's numbered links in the pane's numbering, its pictures, its enclosures. Pure: built from the
/// text the pane rendered (`StyledText.links` numbers the links, so nothing is extracted again).
enum ArticleLinks {
  static func of(_ item: Item, shown text: StyledText) -> [ArticleLink] {
    var rows: [ArticleLink] = []
    if let link = item.link, !link.isEmpty { rows.append(ArticleLink(kind: .article, text: "", address: link)) }
    let words = linkWords(in: text)
    for (i, address) in text.links.enumerated() {
      rows.append(ArticleLink(kind: .numbered(i + 1), text: words[i + 1] ?? "", address: address))
    }
    var pictures = Set<String>()
    for block in text.blocks {
      guard case .image(let reference) = block.kind, pictures.insert(reference.url).inserted else { continue }
      rows.append(ArticleLink(kind: .picture, text: reference.alt, address: reference.url))
    }
    for enclosure in item.enclosures {
      rows.append(ArticleLink(kind: .enclosure, text: EnclosureDescription.text(enclosure), address: enclosure.url))
    }
    return rows
  }

  /// The words each numbered link stands for: the text before its first `[n]` mark that the renderer
  /// styled as the link (or that shares the mark's run, as `[video][4]` does), white space collapsed.
  static func linkWords(in text: StyledText) -> [Int: String] {
    var words: [Int: String] = [:]
    let count = text.links.count
    guard count > 0 else { return words }
    for block in text.blocks {
      for (index, run) in block.runs.enumerated() where run.style.contains(.dim) && run.text.hasSuffix("]") {
        guard let open = run.text.lastIndex(of: "["),
          let n = Int(run.text[run.text.index(after: open)..<run.text.index(before: run.text.endIndex)]),
          (1...count).contains(n), words[n] == nil
        else { continue }
        var parts = [String(run.text[..<open])]
        var previous = index - 1
        while previous >= 0, block.runs[previous].style.contains(.link) {
          parts.insert(block.runs[previous].text, at: 0)
          previous -= 1
        }
        words[n] = parts.joined().split(whereSeparator: \.isWhitespace).joined(separator: " ")
      }
    }
    return words
  }
}
