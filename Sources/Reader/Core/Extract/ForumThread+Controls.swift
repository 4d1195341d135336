import Foundation

/// What a post shows beside its text that is neither the post nor its author and date: a note of its last
/// edit, and a form control's label and links (an answers' sort order) whose control the clean takes out.
extension ForumThread {
  /// Class and id words of a post's edit note (XenForo's `message-lastEdit`, PunBB's `postedit`).
  static let editNoteWords = ExtractionPatterns.Words(substrings: [
    "lastedit", "last-edit", "postedit", "post-edit", "editedby", "edited-by", "editnote", "edit-note",
  ])

  /// The longest text an edit note holds: who edited the post, when, and why in a few words.
  static let editNoteLimit = 120

  /// Whether `node` is a note of the post's last edit: named so by its class, or a short line of its own
  /// that says so (`Last edited by member; Feb 17, 2026 at 9:17 am`, an `<em>` under vBulletin's posts).
  /// Its date is the edit's, not the post's, so it goes whole.
  static func isEditNote(_ node: PageNode) -> Bool {
    guard node.textLength <= editNoteLimit else { return false }
    return editNoteWords.matches(node.classAndID) || node.innerText.lowercased().hasPrefix("last edited")
  }

  /// The text a labelled control's block may hold beside the control: its label and a link or two.
  static let controlGroupLimit = 40

  /// Takes out the block that holds a control (`select`, `input`, `textarea`) and the `label` that names
  /// it (`for`), with what else that block says in a line (a link that resets the control): the clean
  /// drops the control alone, and its label then reads as the post's text ("Sorted by: Reset to default").
  static func removeLabelledControls(in post: PageNode) {
    let labels = post.descendants(["label"]).filter { !($0["for"] ?? "").isEmpty }
    guard !labels.isEmpty else { return }
    let controls = post.descendants(["select", "input", "textarea"])
    var doomed: [PageNode] = []
    for label in labels {
      guard let control = controls.first(where: { $0["id"] == label["for"] }) else { continue }
      var group = label.parent
      while let block = group, block !== post, !block.contains(where: { $0 === control }) { group = block.parent }
      guard let block = group, block !== post, block.textLength - control.textLength <= controlGroupLimit else { continue }
      doomed.append(block)
    }
    PageNode.remove(doomed)
  }
}
