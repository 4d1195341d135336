import Foundation
import Reader

/// The keys that hand the open article to a program or a file (DESIGN §8): the config's `action` lines,
/// `pipe-to` and `save`. They act on the article on screen, from the list beside it too.
extension ContainerController {
  /// A key bound to an `action` line: runs it on the article on screen.
  func runUserAction(named name: String) {
    guard let (article, id) = articleForActions() else { return }
    session.actions.run(named: name, on: article, id: id)
  }

  /// `pipe-to`: asks for a command line, then pipes the article's text into it.
  func askPipeTo() {
    guard let (article, id) = articleForActions() else { return }
    let field = LineFieldController(
      prompt: Prompt(field: .command, label: "Pipe to: "), status: { [session] in session.status.notify($0) }
    ) { [session] line in session.actions.pipe(line, article: article, id: id) }
    present(field, style: .statusLine)
  }

  /// `save`: asks for the path (`save-path`'s folder and the title offered), asks again before
  /// overwriting a file, then writes it.
  func askSave() {
    guard let (article, _) = articleForActions() else { return }
    let offered = ArticleFile.defaultPath(folder: session.configuration.savePath, title: article.title)
    let field = LineFieldController(
      prompt: Prompt(field: .path, label: "Save to: ", typed: offered), status: { [session] in session.status.notify($0) }
    ) { [weak self] typed in
      guard let self else { return }
      let path = ArticleFile.expandingTilde(typed)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        self.ask("\(path) exists. Overwrite it?") { [weak self] in self?.write(article, to: path) }
      } else {
        self.write(article, to: path)
      }
    }
    present(field, style: .statusLine)
  }

  /// Writes the file whole or not at all (a temporary file renamed over it): a failed write leaves what
  /// was there.
  private func write(_ article: ActionArticle, to path: String) {
    let text = ArticleFile.contents(of: article, markdown: ArticleFile.isMarkdown(path))
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      session.status.notify(.saved(path: path))
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
      session.status.notify(.notSaved(path: path, reason: reason))
    }
  }

  /// The article on screen as actions get it, or nil with "Select an article first.".
  private func articleForActions() -> (ActionArticle, Int64)? {
    guard let controller = visibleArticle, let id = controller.articleID, let article = controller.actionArticle() else {
      session.status.notify(.selectArticleFirst)
      return nil
    }
    return (article, id)
  }
}
