import ScreenKit
import TextLayout

/// A yes/no question on the status line's row (`C`: mark everything read?; `q` with `confirm-exit`),
/// presented so it takes the next key before anything else (DESIGN §5: presentations first): `y` does
/// it, any other key cancels, so a stray key never marks anything.
@MainActor
final class QuestionController: Controller {
  let question: String
  private let status: (Notice) -> Void
  private let onYes: () -> Void

  /// `status` says "Cancelled." where the reader says things (the session's status line).
  init(_ question: String, status: @escaping (Notice) -> Void, onYes: @escaping () -> Void) {
    self.question = question
    self.status = status
    self.onYes = onYes
    super.init()
  }

  override func handle(_ key: Key) -> Bool {
    dismiss()
    if key == .character("y") || key == .character("Y") { onYes() } else { status(.cancelled) }
    return true
  }

  override func draw(in surface: inout Surface) {
    StatusRow.draw(question + " (y/n)", in: frame, style: theme.status, glyphs: glyphs, surface: &surface)
  }
}

/// A line of text typed after a label on the status line's row (`/` search, `F` filter). It owns what
/// is typed (`Prompt`: the text, the history walked by ↑/↓, the problem shown after a malformed text)
/// and, presented, takes every key and every paste while open (DESIGN §5). Subclasses say what the
/// text does as it changes, on Enter and on Esc.
@MainActor
class FieldController: Controller {
  var prompt: Prompt

  init(prompt: Prompt) {
    self.prompt = prompt
    super.init()
  }

  /// What a key or a paste did to the text (override).
  func didEdit(_ edit: Prompt.Edit) {}
  /// Shown after the text while there is no problem (a search's count).
  var note: String? { nil }

  override func handle(_ key: Key) -> Bool {
    let edit = prompt.edit(key)
    didEdit(edit)
    return true
  }

  override func paste(_ text: String) -> Bool {
    let edit = prompt.paste(text)
    if edit == .changed { didEdit(edit) }
    return true
  }

  /// The label and the text, scrolled so the end of what is typed and the cursor after it stay in view
  /// (a long paste must not hide the next key typed): the text's start gives way to an ellipsis. Then
  /// the problem, or the note, in what room is left; the cursor is the cell after the text, drawn out of
  /// the line's colours.
  override func draw(in surface: inout Surface) {
    let room = max(0, frame.width - 2)
    let ellipsis = glyphs.ellipsis
    var typed = prompt.typed
    let budget = room - DisplayWidth.of(prompt.question) - 1
    if DisplayWidth.of(typed) > budget, budget > DisplayWidth.of(ellipsis) {
      var tail = ""
      for character in typed.reversed() {
        let longer = String(character) + tail
        if DisplayWidth.of(longer) > budget - DisplayWidth.of(ellipsis) { break }
        tail = longer
      }
      typed = ellipsis + tail
    }
    let after = prompt.problem.map { "  ← " + $0 } ?? note ?? ""
    let style = prompt.problem == nil ? theme.status : theme.error
    StatusRow.draw(prompt.question + typed + after, in: frame, style: style, glyphs: glyphs, surface: &surface)
    let x = frame.minX + 1 + DisplayWidth.of(prompt.question + typed)
    if x < frame.maxX - 1 { surface.put(" ", at: Point(x: x, y: frame.minY), style: .plain, clip: frame) }
  }
}

/// The status line's one look: the row filled in `style`, the text one column in, cut with an ellipsis.
enum StatusRow {
  static func draw(_ text: String, in row: Rect, style: Style, glyphs: Glyphs, surface: inout Surface) {
    surface.fill(row, style: style)
    let shown = TextWrapper.truncate(text, width: max(0, row.width - 2), ellipsis: glyphs.ellipsis)
    surface.put(shown, at: Point(x: row.minX + 1, y: row.minY), style: style, clip: row)
  }
}

/// A line asked for on the status line that is used once it is submitted (`pipe-to`'s command, `save`'s
/// path): Enter hands the text on, Esc (or an empty line) says "Cancelled.".
@MainActor
final class LineFieldController: FieldController {
  private let status: (Notice) -> Void
  private let onSubmit: (String) -> Void

  init(prompt: Prompt, status: @escaping (Notice) -> Void, onSubmit: @escaping (String) -> Void) {
    self.status = status
    self.onSubmit = onSubmit
    super.init(prompt: prompt)
  }

  override func didEdit(_ edit: Prompt.Edit) {
    switch edit {
    case .submitted:
      dismiss()
      let text = prompt.typed.trimmingCharacters(in: .whitespaces)
      if text.isEmpty { status(.cancelled) } else { onSubmit(text) }
    case .cancelled:
      dismiss()
      status(.cancelled)
    case .changed, .ignored: break
    }
  }
}
