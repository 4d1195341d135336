import Testing

@testable import Terminal

/// `NO_COLOR` (no-color.org): any non-empty value turns colour off; styles keep their attributes.
@Suite struct NoColorTests {
  @Test(arguments: [
    (true, nil, true), (true, "", true), (true, "1", false), (true, "0", false), (true, "yes please", false),
    (false, nil, false), (false, "", false),
  ] as [(Bool, String?, Bool)])
  func colourFollowsTheTerminalAndNoColor(hasColors: Bool, noColor: String?, expected: Bool) {
    #expect(NcursesBackend.usesColor(terminalHasColors: hasColors, noColor: noColor) == expected)
  }
}
