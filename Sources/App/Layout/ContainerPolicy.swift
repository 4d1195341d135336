/// The `--layout` choice (SPEC §2): let the terminal's shape decide, or force one outcome.
enum LayoutOption: String, CaseIterable, Sendable {
  case auto, split, stack
}
