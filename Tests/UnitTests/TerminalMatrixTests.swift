import Pixels
import ScreenKit
import Synchronization
import Testing

@testable import Terminal

/// Which protocol each terminal gets with `inline-images auto` (`GraphicsProbe.resolve`, docs/MANUAL.md
/// "Pictures"): the probe's query answered from a recording instead of the terminal. kitty 0.26.5,
/// mlterm 3.9.0 and xterm 379 (plain and `-ti vt340`) were read back here, under Xvfb, with the probe's
/// own query; the others are written from each terminal's documented or reported answers (XTVERSION,
/// the kitty query, DA1, the cell's size) and the variables it sets.
struct TerminalMatrixTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var variables: [String: String]
    /// The terminal's whole answer to the query; nil for one that never answers.
    var answer: String?
    /// TIOCGWINSZ's cell, when the terminal fills it in.
    var cell: PixelSize? = nil
    var passthrough = false
    var expected: PictureMode
    /// The sixel colour registers the backend is given (XTSMGRAPHICS' answer, else 256).
    var registers = 256
    var testDescription: String { name }
  }

  static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
  static func version(_ name: String) -> String { "\u{1B}P>|\(name)\u{1B}\\" }
  static let tmux = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"]

  static let cases: [Case] = [
    // Read back here: kitty 0.26.5 (Debian 12) speaks the protocol but draws no placeholders.
    Case(
      name: "kitty 0.26.5", variables: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
      answer: kittyOK + "\u{1B}[6;17;8t" + version("kitty(0.26.5)") + "\u{1B}[?62;c", expected: .kittyDirect),
    Case(
      name: "kitty 0.35.2", variables: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
      answer: kittyOK + version("kitty(0.35.2)") + "\u{1B}[?62;c", cell: PixelSize(width: 9, height: 19), expected: .kitty),
    Case(
      name: "kitty, XTVERSION unanswered", variables: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
      answer: kittyOK + "\u{1B}[?62;c", expected: .kittyDirect),
    Case(
      name: "kitty 0.28.0", variables: ["TERM": "xterm-kitty"], answer: kittyOK + version("kitty(0.28.0)") + "\u{1B}[?62;c",
      expected: .kitty),
    Case(
      name: "Ghostty 1.0.1",
      variables: ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty", "GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"],
      answer: kittyOK + version("ghostty 1.0.1") + "\u{1B}[?62;22c", expected: .kitty),
    Case(
      name: "WezTerm 20240203", variables: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"],
      answer: version("WezTerm 20240203-110809-5046fc22") + "\u{1B}[?65;4;6;18;22c", cell: PixelSize(width: 8, height: 16),
      expected: .iterm),
    Case(
      name: "WezTerm with kitty graphics on", variables: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"],
      answer: kittyOK + version("WezTerm 20240203-110809-5046fc22") + "\u{1B}[?65;4;6;18;22c", expected: .iterm),
    Case(
      name: "Konsole 23.08", variables: ["TERM": "xterm-256color", "KONSOLE_VERSION": "230805"],
      answer: kittyOK + "\u{1B}[?62;22c", expected: .kittyDirect),
    Case(
      name: "foot 1.13.1", variables: ["TERM": "foot"], answer: version("foot(1.13.1)") + "\u{1B}[?62;4;22;28c",
      cell: PixelSize(width: 8, height: 17), expected: .sixel),
    // Read back here: xterm 379 as it starts by default (VT420), and with `-ti vt340`.
    Case(
      name: "xterm 379", variables: ["TERM": "xterm"],
      answer: version("XTerm(379)") + "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c", expected: .cells),
    Case(
      name: "xterm 379 -ti vt340", variables: ["TERM": "xterm"],
      answer: "\u{1B}[?1;0;1024S" + version("XTerm(379)") + "\u{1B}[?63;1;2;4;6;9;15;16;22;28c", cell: PixelSize(width: 6, height: 13),
      expected: .sixel, registers: 1024),
    // Read back here: mlterm 3.9.0 (Debian 12) answers neither the kitty query nor XTVERSION.
    Case(
      name: "mlterm 3.9.0", variables: ["TERM": "mlterm"], answer: "\u{1B}[6;19;10t\u{1B}[?1;0;1024S\u{1B}[?63;1;2;3;4;6;7;15;18;22;29c",
      cell: PixelSize(width: 10, height: 19), expected: .sixel, registers: 1024),
    Case(
      name: "iTerm2 3.5", variables: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "LC_TERMINAL": "iTerm2"],
      answer: kittyOK + version("iTerm2 3.5.0") + "\u{1B}[?62;4c", expected: .iterm),
    Case(
      name: "iTerm2 over ssh (no XTVERSION)", variables: ["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"],
      answer: "\u{1B}[?62;4c", expected: .iterm),
    Case(
      name: "Windows Terminal 1.22", variables: ["TERM": "xterm-256color", "WT_SESSION": "5a0e3f"],
      answer: "\u{1B}[?61;4;6;7;14;21;22;23;24;28;32;42;52c", expected: .sixel),
    Case(
      name: "Windows Terminal 1.18", variables: ["TERM": "xterm-256color", "WT_SESSION": "5a0e3f"], answer: "\u{1B}[?1;0c",
      expected: .cells),
    Case(
      name: "VS Code, images on", variables: ["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"],
      answer: version("xterm.js(5.5.0)") + "\u{1B}[?1;2;4c", expected: .sixel),
    Case(
      name: "VS Code, images off", variables: ["TERM": "xterm-256color", "TERM_PROGRAM": "vscode"],
      answer: version("xterm.js(5.5.0)") + "\u{1B}[?1;2c", expected: .cells),
    Case(name: "GNOME Terminal (VTE 0.70)", variables: ["TERM": "xterm-256color", "VTE_VERSION": "7006"], answer: "\u{1B}[?65;1;9c", expected: .cells),
    // tmux answers XTVERSION and DA1 itself; the kitty reply is the outer terminal's, through passthrough.
    Case(name: "tmux 3.3a, no passthrough", variables: tmux, answer: version("tmux 3.3a") + "\u{1B}[?1;2c", expected: .cells),
    Case(
      name: "tmux 3.3a, passthrough, in kitty 0.35", variables: tmux.merging(["KITTY_WINDOW_ID": "1"]) { $1 },
      answer: kittyOK + version("tmux 3.3a") + "\u{1B}[?1;2c", passthrough: true, expected: .kitty),
    Case(
      name: "tmux 3.3a, passthrough, in xterm -ti vt340", variables: tmux, answer: version("tmux 3.3a") + "\u{1B}[?1;2c",
      passthrough: true, expected: .cells),
    Case(
      name: "tmux 3.4 with sixel, passthrough, in foot", variables: tmux, answer: version("tmux 3.4") + "\u{1B}[?1;2;4c",
      passthrough: true, expected: .sixel),
    Case(
      name: "tmux 3.4, passthrough, in WezTerm", variables: tmux.merging(["TERM_PROGRAM": "tmux"]) { $1 },
      answer: version("tmux 3.4") + "\u{1B}[?1;2c", passthrough: true, expected: .cells),
    Case(name: "tmux 3.4, no passthrough", variables: tmux, answer: version("tmux 3.4") + "\u{1B}[?1;2;4c", expected: .cells),
    Case(name: "a terminal that never answers", variables: ["TERM": "xterm-256color"], answer: nil, expected: .cells),
  ]

  @Test(arguments: cases) func eachTerminalGetsTheProtocolItDraws(_ terminal: Case) {
    let asked = Mutex<[[UInt8]]>([])
    let line = GraphicsProbe.Line(cellPixels: { terminal.cell }) { query, _ in
      asked.withLock { $0.append(query) }
      return GraphicsReplies.parse(Array((terminal.answer ?? "").utf8))
    }
    let environment = GraphicsEnvironment(
      environment: terminal.variables, tmuxPassthrough: terminal.variables["TMUX"] != nil && terminal.passthrough)
    let resolved = GraphicsProbe.resolve(forced: nil, environment: environment, line: line)
    #expect(resolved.drawing == terminal.expected)
    #expect(resolved.registers == terminal.registers)
    let queries = asked.withLock { $0 }
    if environment.insideTmux && !terminal.passthrough {
      #expect(queries.isEmpty, "inside tmux without passthrough nothing is asked")
    } else {
      #expect(queries.count == 1, "one probe at start")
      #expect(queries.first.map { String(decoding: $0, as: UTF8.self).contains("\u{1B}[>q\u{1B}[c") } == true, "XTVERSION asked before DA1")
    }
    if resolved.drawing.placesPixels {
      let answered = GraphicsReplies.parse(Array((terminal.answer ?? "").utf8)).cell
      #expect(resolved.cell == terminal.cell ?? answered ?? .fallbackCell)
    }
    #expect(resolved.passthrough == (resolved.drawing == .kitty && environment.insideTmux))
  }

  /// XTVERSION's answer is read whole and named; the variables only when it gave none.
  /// XTSMGRAPHICS' colour registers are asked with the rest, and with a forced `sixel` too (the cell's
  /// size known): xterm 379 `-ti vt340` answers 1024 (read back here); a status other than 0 is ignored.
  @Test func sixelColourRegisters() {
    let vt340 = Self.cases.first { $0.name == "xterm 379 -ti vt340" }!
    let asked = Mutex<[String]>([])
    let line = GraphicsProbe.Line(cellPixels: { vt340.cell }) { query, _ in
      asked.withLock { $0.append(String(decoding: query, as: UTF8.self)) }
      return GraphicsReplies.parse(Array((vt340.answer ?? "").utf8))
    }
    let environment = GraphicsEnvironment(environment: vt340.variables, tmuxPassthrough: false)
    let forced = GraphicsProbe.resolve(forced: .sixel, environment: environment, line: line)
    #expect(forced.drawing == .sixel && forced.registers == 1024)
    #expect(asked.withLock { $0 } == ["\u{1B}[?1;1;0S\u{1B}[c"])
    #expect(GraphicsReplies.parse(Array("\u{1B}[?1;3;0S\u{1B}[?62c".utf8)).registers == nil)
    #expect(PictureTerminal().registers == 256)
  }

  @Test func theTerminalsName() {
    let replies = GraphicsReplies.parse(Array((Self.kittyOK + Self.version("kitty(0.26.5)") + "\u{1B}[?62;c").utf8))
    #expect(replies == GraphicsReplies(kitty: true, version: "kitty(0.26.5)", complete: true))
    #expect(TerminalName(version: "kitty(0.26.5)", variables: [:]) == TerminalName(program: .kitty, version: [0, 26, 5]))
    #expect(!TerminalName(version: "kitty(0.27.1)", variables: [:]).drawsPlaceholders)
    #expect(TerminalName(version: "kitty(0.28.0)", variables: [:]).drawsPlaceholders)
    #expect(TerminalName(version: "WezTerm 20240203-110809-5046fc22", variables: [:]).version == [20_240_203])
    #expect(TerminalName(version: "XTerm(379)", variables: ["KITTY_WINDOW_ID": "1"]).program == .other, "the answer wins")
    #expect(TerminalName(version: nil, variables: ["KITTY_WINDOW_ID": "1"]).program == .kitty)
    #expect(!GraphicsReplies.parse(Array(Self.version("foot(1.13.1)").utf8)).complete, "DA1 still ends the wait")
  }
}
