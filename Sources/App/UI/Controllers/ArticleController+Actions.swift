import Foundation
import Reader
import TextLayout

/// The article as user actions, `pipe-to` and `save` receive it, and a `--show` action's output in the
/// pane (DESIGN §8: what a program printed is text, drawn through the surface, which neutralises every
/// control character, so nothing it wrote reaches the terminal).
extension ArticleController {
  /// The output a `--show` action put in place of this article's text.
  var shownOutput: UserActions.Output? {
    guard let output = session?.actions.output, output.articleID == articleID else { return nil }
    return output
  }

  /// The output as verbatim blocks under a dim line naming the action.
  static func outputText(_ output: UserActions.Output) -> StyledText {
    let heading = StyledBlock(runs: [StyledRun("Output of \(output.name) (Back or f: the article)", .dim)])
    let body = StyledBlock(kind: .verbatim, runs: [StyledRun(output.text, [])], gapBefore: true)
    return StyledText(blocks: [heading, body])
  }

  /// The open article with the text shown (the full article while that is shown), its flags as the
  /// flag store has them and its feed's title, address and tags.
  func actionArticle() -> ActionArticle? {
    guard let article, let session else { return nil }
    let item = article.item
    let page = pageShown
    var html = page ? article.fullArticle ?? "" : item.body ?? ""
    if page, let parts = ExtractedArticle.readerParts(html) { html = parts.body }
    let body = StyledText(html: html, baseURL: item.link.flatMap(URL.init(string:)))
    let text = body.blocks.map { block in (block.firstPrefix + block.runs).map(\.text).joined() }
      .filter { !$0.isEmpty }.joined(separator: "\n\n")
    let feed = session.feedList.feed(id: article.feedID)
    return ActionArticle(
      title: item.title, url: item.link, feed: (feed?.displayTitle ?? "", feed?.url ?? ""), author: item.author,
      date: item.date, tags: (feed?.tags ?? []) + item.categories, read: session.flags.isRead(article.id),
      starred: session.flags.isStarred(article.id), text: text, html: html)
  }
}
