/// The `--layout` choice (DESIGN §2): let the terminal's shape decide, or force one outcome: `split` two
/// columns, `three` three (DESIGN §3a), `stack` one.
public enum LayoutOption: String, CaseIterable, Sendable {
  case auto, split, stack, three
}

/// The container's trait override for the split (DESIGN §2), kept out of `ContainerController` so that the
/// rule is a one-line table test: a "landscape" terminal — wider than twice its height in cells and at
/// least 60 columns — gets a horizontally regular split; otherwise the split inherits the screen's traits.
/// `--layout split|three|stack` forces the outcome (`three` and `split` are both regular; the split counts its columns, DESIGN §3a); `landscapeMinWidth` is the config's `landscape-min-width`.
public func splitOverride(for size: Size, layout: LayoutOption, landscapeMinWidth: Int = 60) -> TraitOverride? {
  switch layout {
  case .split, .three: return TraitOverride(horizontalSizeClass: .regular)
  case .stack: return TraitOverride(horizontalSizeClass: .compact)
  case .auto:
    return size.width > 2 * size.height && size.width >= landscapeMinWidth
      ? TraitOverride(horizontalSizeClass: .regular) : nil
  }
}
