import Foundation

/// Code blocks whose lines are elements: syntax highlighters write each line of a `<pre>` as an element
/// of the class `line` and set the lines apart by their style (`display: block`), with no newline between
/// them, so read as text the block's lines run together (`my-projectcd my-project`).
enum CodeLines {
  /// Inside a `<pre>`, a line's element followed at once by another (no text between them) ends with the
  /// newline the style drew.
  static func separate(in root: PageNode) {
    for pre in root.descendants(["pre"]) {
      for parent in [pre] + pre.descendants() {
        let children = parent.children
        for (line, next) in zip(children, children.dropFirst()) where isLine(line) && isLine(next) {
          line.append(.textNode("\n"))
        }
      }
    }
  }

  static func isLine(_ node: PageNode) -> Bool {
    !node.isText && (node["class"] ?? "").split(separator: " ").contains("line")
  }
}
