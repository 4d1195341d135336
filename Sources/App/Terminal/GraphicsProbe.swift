import CNcurses
import Glibc
import Pixels
import ScreenKit

/// What the environment says before anything is asked. Inside tmux a graphics sequence reaches the outer
/// terminal only wrapped in a DCS passthrough, and tmux drops that unless `allow-passthrough` is on, so
/// then the answer is cells without asking.
public struct GraphicsEnvironment: Sendable, Equatable {
  public var term: String
  public var insideTmux: Bool
  /// `tmux show -gv allow-passthrough` said `on` (or `all`); false outside tmux.
  public var tmuxPassthrough: Bool
  /// The variables terminals set to name themselves (`TERM_PROGRAM`, `KITTY_WINDOW_ID`, …): what
  /// `TerminalName` reads when the terminal does not answer XTVERSION.
  public var variables: [String: String]

  public init(term: String, insideTmux: Bool, tmuxPassthrough: Bool, variables: [String: String] = [:]) {
    self.term = term
    self.insideTmux = insideTmux
    self.tmuxPassthrough = tmuxPassthrough
    self.variables = variables
  }

  public init(environment: [String: String], tmuxPassthrough: Bool) {
    self.init(
      term: environment["TERM"] ?? "", insideTmux: !(environment["TMUX"] ?? "").isEmpty, tmuxPassthrough: tmuxPassthrough,
      variables: environment.filter { TerminalName.variables.contains($0.key) })
  }

  /// Whether the queries are worth sending: not on a terminal known to have no graphics (the Linux
  /// console, `dumb`), not inside tmux without passthrough (its own DA1 answer would speak for tmux).
  public var shouldQuery: Bool {
    if term.isEmpty || term == "dumb" || term.hasPrefix("linux") || term.hasPrefix("vt100") { return false }
    return !insideTmux || tmuxPassthrough
  }
}

/// The replies to the start-up queries: the kitty graphics query (`ESC _G i=31,...,a=q; ESC \`, answered
/// `ESC _G i=31;OK ESC \` by a terminal that has the protocol, nothing by the others), XTVERSION
/// (`ESC [ > q`, answered `ESC P > | name(version) ESC \` by most terminals of the last years, ignored by
/// the others), then DA1 (`ESC [ c`, answered `ESC [ ? 63;4;... c` where attribute 4 is sixel). Every
/// terminal answers DA1 and answers in order, so the DA1 reply ends the wait: a reply not before it will
/// not come.
public struct GraphicsReplies: Sendable, Equatable {
  public var kitty = false
  public var sixel = false
  /// The terminal's name and version as XTVERSION gave it (`kitty(0.26.5)`, `WezTerm 20240203-…`).
  public var version: String?
  /// A cell's size in pixels, from the answer to `ESC [ 16 t` (`ESC [ 6 ; height ; width t`).
  public var cell: PixelSize?
  /// The sixel colour registers, from XTSMGRAPHICS (`ESC [ ? 1 ; 1 ; 0 S`, answered
  /// `ESC [ ? 1 ; 0 ; n S`): xterm 379 and mlterm 3.9.0 answer 1024 (read back here).
  public var registers: Int?
  /// The DA1 reply came: nothing more to wait for.
  public var complete = false

  public init(
    kitty: Bool = false, sixel: Bool = false, version: String? = nil, cell: PixelSize? = nil, registers: Int? = nil,
    complete: Bool = false
  ) {
    self.kitty = kitty
    self.sixel = sixel
    self.version = version
    self.cell = cell
    self.registers = registers
    self.complete = complete
  }

  /// XTSMGRAPHICS' read of the sixel colour registers, asked before DA1 (a terminal without it ignores it).
  static let registersQuery = "\u{1B}[?1;1;0S"

  /// The id the kitty query uses, so its reply is told apart from any other `_G` reply.
  static let queryID = 31

  /// The bytes sent: the kitty query for a 1 × 1 RGB image (never stored: `a=q`), then DA1. Inside tmux
  /// each goes in a DCS passthrough with its ESCs doubled (tmux's manual, `allow-passthrough`).
  /// With `cell`, the cell's size in pixels is asked too (`ESC [ 16 t`, before DA1, so its answer
  /// comes first; xterm leaves it unanswered by default, and gives the size in TIOCGWINSZ instead).
  public static func query(passthrough: Bool, cell: Bool = false) -> [UInt8] {
    let kitty = Array("\u{1B}_Gi=\(queryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
    let da1 = Array((cell ? "\u{1B}[16t" : "").utf8) + Array((registersQuery + "\u{1B}[>q\u{1B}[c").utf8)
    guard passthrough else { return kitty + da1 }
    func wrap(_ bytes: [UInt8]) -> [UInt8] {
      Array("\u{1B}Ptmux;".utf8) + bytes.flatMap { $0 == 0x1B ? [0x1B, 0x1B] : [$0] } + Array("\u{1B}\\".utf8)
    }
    // XTVERSION and DA1 unwrapped: tmux answers them for itself, and lists sixel only when it draws sixel
    // itself (tmux 3.4 built with it); a kitty reply comes back only if tmux passes the outer terminal's
    // reply on.
    return wrap(kitty) + da1
  }

  /// Reads the replies in `bytes` (a prefix of the terminal's answer, possibly cut mid-sequence).
  public static func parse(_ bytes: [UInt8]) -> GraphicsReplies {
    var replies = GraphicsReplies()
    var i = 0
    while i + 1 < bytes.count {
      guard bytes[i] == 0x1B else { i += 1; continue }
      if bytes[i + 1] == UInt8(ascii: "_"), i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: "G") {
        // APC G ... ST: "i=31;OK" when the query's image could be made.
        guard let end = stringTerminator(in: bytes, from: i + 3) else { break }
        let body = String(decoding: bytes[(i + 3)..<end], as: UTF8.self)
        let parts = body.split(separator: ";", maxSplits: 1).map(String.init)
        if parts.count == 2, parts[0].split(separator: ",").contains("i=\(queryID)"), parts[1] == "OK" { replies.kitty = true }
        i = end + 2
      } else if bytes[i + 1] == UInt8(ascii: "P"), i + 3 < bytes.count, bytes[i + 2] == UInt8(ascii: ">"),
        bytes[i + 3] == UInt8(ascii: "|")
      {
        // DCS > | name ST: XTVERSION's answer.
        guard let end = stringTerminator(in: bytes, from: i + 4) else { break }
        replies.version = String(decoding: bytes[(i + 4)..<min(end, i + 4 + 128)], as: UTF8.self)
        i = end + 2
      } else if bytes[i + 1] == UInt8(ascii: "["), i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: "?") {
        // CSI ? Ps ; ... c
        var j = i + 3
        while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (bytes[j] >= 0x30 && bytes[j] <= 0x39) { j += 1 }
        guard j < bytes.count else { break }
        if bytes[j] == UInt8(ascii: "c") {
          let attributes = String(decoding: bytes[(i + 3)..<j], as: UTF8.self).split(separator: ";")
          replies.sixel = attributes.contains("4")
          replies.complete = true
        } else if bytes[j] == UInt8(ascii: "S") {
          // CSI ? 1 ; 0 ; n S: the colour registers (item 1), read successfully (status 0).
          let numbers = String(decoding: bytes[(i + 3)..<j], as: UTF8.self).split(separator: ";").map { Int($0) }
          if numbers.count == 3, numbers[0] == 1, numbers[1] == 0, let n = numbers[2], (2...65_536).contains(n) {
            replies.registers = n
          }
        }
        i = j + 1
      } else if bytes[i + 1] == UInt8(ascii: "["), i + 4 < bytes.count, bytes[i + 2] == UInt8(ascii: "6"),
        bytes[i + 3] == UInt8(ascii: ";")
      {
        // CSI 6 ; height ; width t
        var j = i + 4
        while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (bytes[j] >= 0x30 && bytes[j] <= 0x39) { j += 1 }
        guard j < bytes.count else { break }
        let numbers = String(decoding: bytes[(i + 4)..<j], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        if bytes[j] == UInt8(ascii: "t"), numbers.count == 2, (1...512).contains(numbers[0]), (1...512).contains(numbers[1]) {
          replies.cell = PixelSize(width: numbers[1], height: numbers[0])
        }
        i = j + 1
      } else {
        i += 1
      }
    }
    return replies
  }

  private static func stringTerminator(in bytes: [UInt8], from start: Int) -> Int? {
    var k = start
    while k + 1 < bytes.count {
      if bytes[k] == 0x1B, bytes[k + 1] == UInt8(ascii: "\\") { return k }
      k += 1
    }
    return nil
  }

  /// The way to draw, by what the terminal draws, not by what it answers (docs/MANUAL.md "Pictures",
  /// DESIGN §5): kitty's Unicode placeholders only where they are drawn (kitty from 0.28, Ghostty); else
  /// iTerm2's inline images where they are the terminal's own best path (iTerm2, WezTerm: full colour);
  /// else sixel where DA1 lists it; else kitty graphics placed directly where only they are spoken
  /// (kitty 0.26, Konsole); else cells, a terminal that did not answer in time included. Inside tmux only
  /// what goes through it: placeholders (text to tmux) when the outer terminal draws them, or the sixel
  /// tmux draws itself; never a placement at a cell, which tmux knows nothing of.
  public func support(in environment: GraphicsEnvironment) -> PictureMode {
    let name = TerminalName(version: environment.insideTmux ? nil : version, variables: environment.variables)
    // A kitty of unknown version outside tmux did not answer XTVERSION, which every kitty with
    // placeholders does: it gets direct placements.
    let versionKnown = environment.insideTmux || version != nil || name.program != .kitty
    if kitty && name.drawsPlaceholders && versionKnown { return .kitty }
    if environment.insideTmux { return sixel ? .sixel : .cells }
    if name.program == .iterm2 || name.program == .wezterm { return .iterm }
    if sixel { return .sixel }
    return kitty ? .kittyDirect : .cells
  }
}

/// Which terminal this is, from its XTVERSION answer when it gave one (it names the terminal actually
/// drawing), else from the variables terminals set for their children (which an ssh or a terminal started
/// inside another may carry over, so they come second).
public struct TerminalName: Sendable, Equatable {
  public enum Program: Sendable, Equatable { case kitty, ghostty, wezterm, iterm2, konsole, other }
  public var program: Program
  /// The version's numbers (`0.26.5` → [0, 26, 5]); empty when unknown.
  public var version: [Int]

  static let variables: Set<String> = [
    "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "KITTY_WINDOW_ID", "GHOSTTY_RESOURCES_DIR", "LC_TERMINAL",
    "LC_TERMINAL_VERSION", "WT_SESSION", "KONSOLE_VERSION", "VTE_VERSION",
  ]

  public init(program: Program, version: [Int]) {
    self.program = program
    self.version = version
  }

  public init(version answer: String?, variables: [String: String]) {
    if let answer, !answer.isEmpty {
      let name = answer.prefix { $0 != "(" && $0 != " " }.lowercased()
      program = switch name {
      case "kitty": .kitty
      case "ghostty": .ghostty
      case "wezterm": .wezterm
      case "iterm2": .iterm2
      case "konsole": .konsole
      default: .other
      }
      version = Self.numbers(answer.dropFirst(name.count))
      return
    }
    let term = variables["TERM"] ?? ""
    let termProgram = variables["TERM_PROGRAM"] ?? ""
    if variables["GHOSTTY_RESOURCES_DIR"] != nil || term == "xterm-ghostty" || termProgram == "ghostty" {
      program = .ghostty
    } else if variables["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" {
      program = .kitty
    } else if termProgram == "WezTerm" {
      program = .wezterm
    } else if termProgram == "iTerm.app" || variables["LC_TERMINAL"] == "iTerm2" {
      program = .iterm2
    } else if variables["KONSOLE_VERSION"] != nil {
      program = .konsole
    } else {
      program = .other
    }
    // Only iTerm2's and WezTerm's TERM_PROGRAM_VERSION are read; kitty's version is unknown here.
    version = program == .iterm2 || program == .wezterm ? Self.numbers(Substring(variables["TERM_PROGRAM_VERSION"] ?? "")) : []
  }

  /// Draws kitty's Unicode placeholders: Ghostty, kitty from 0.28 (kitty named only by its variables,
  /// version unknown, is trusted here: that is kitty seen from inside tmux, where placeholders are the
  /// only way through; `GraphicsReplies.support(in:)` does not trust it outside tmux).
  public var drawsPlaceholders: Bool {
    switch program {
    case .ghostty: true
    case .kitty: version.isEmpty || !version.lexicographicallyPrecedes([0, 28])
    default: false
    }
  }

  /// The leading dotted numbers of `text` (`(0.26.5)` → [0, 26, 5], ` 20240203-110809` → [20240203]).
  static func numbers(_ text: Substring) -> [Int] {
    let start = text.drop { !$0.isNumber }
    let run = start.prefix { $0.isNumber || $0 == "." }
    return run.split(separator: ".").compactMap { Int($0) }
  }
}

/// Asks the terminal, before curses takes it over (so the replies never reach the key decoder), what
/// it can draw. DA1's reply ends the wait (every terminal answers it, after its other replies);
/// `timeout` only bounds a terminal that never answers, which gets cells. It is long enough for a slow
/// link or a loaded machine, since a reply missed there costs the pictures for the whole session
/// (docs/DECISIONS.md, "The probe waits for DA1").
public enum GraphicsProbe {
  public static let timeout: Duration = .seconds(1)

  /// How the probe reaches the terminal: the controlling terminal itself, or recorded answers (the
  /// terminal matrix in the tests).
  public struct Line: Sendable {
    /// A cell's size in pixels when the kernel knows it (TIOCGWINSZ).
    public var cellPixels: @Sendable () -> PixelSize?
    /// Sends the query, reads the replies until DA1 or the timeout.
    public var ask: @Sendable (_ query: [UInt8], _ timeout: Duration) -> GraphicsReplies

    public init(cellPixels: @escaping @Sendable () -> PixelSize?, ask: @escaping @Sendable ([UInt8], Duration) -> GraphicsReplies) {
      self.cellPixels = cellPixels
      self.ask = ask
    }

    public static let tty = Line(cellPixels: { GraphicsProbe.cellPixels() }, ask: { GraphicsProbe.ask($0, timeout: $1) })
  }

  /// The one place the way to draw is chosen (docs/MANUAL.md "Pictures", DESIGN §5): `forced` is the protocol the
  /// setting names, nil for `auto` (the terminal's answers choose). Inside tmux only with passthrough
  /// (without it tmux would drop or garble a forced protocol too, so cells); a forced sixel inside tmux
  /// is checked against tmux's own answer, since tmux draws it.
  public static func resolve(
    forced: PictureMode?, environment: GraphicsEnvironment, timeout: Duration = timeout, line: Line = .tty
  ) -> PictureTerminal {
    if environment.insideTmux && !environment.tmuxPassthrough { return PictureTerminal() }
    let checksTmux = environment.insideTmux && forced == .sixel
    // Only tmux's own sixel answers a forced sixel: the terminal behind it is left unnamed, so a kitty
    // there does not turn the answer into placeholders.
    var asked = environment
    if checksTmux { asked.variables = [:] }
    let found = probe(asked, support: checksTmux ? nil : forced, timeout: timeout, line: line)
    var terminal = PictureTerminal(
      choose(forced: forced, answered: found.support, insideTmux: environment.insideTmux), cell: found.cell,
      insideTmux: environment.insideTmux)
    if let registers = found.registers { terminal.registers = registers }
    return terminal
  }

  /// The mode from the answer (`GraphicsReplies.support`, or `forced` itself when only the cell was
  /// asked): a forced sixel inside tmux is cells unless tmux listed sixel, since a tmux built without it
  /// would leave the picture's rows blank.
  static func choose(forced: PictureMode?, answered: PictureMode, insideTmux: Bool) -> PictureMode {
    insideTmux && forced == .sixel && answered != .sixel ? .cells : answered
  }

  public static func detect(_ environment: GraphicsEnvironment, timeout: Duration = timeout) -> PictureMode {
    probe(environment, timeout: timeout).support
  }

  /// What the terminal draws and its cell's size in pixels: TIOCGWINSZ's when it fills them in, else
  /// the answer to `ESC [ 16 t`, else `PixelSize.fallbackCell`. With `support` given (a forced
  /// `inline-images`), only the cell's size is asked for, and for sixel its colour registers.
  public static func probe(
    _ environment: GraphicsEnvironment, support: PictureMode? = nil, timeout: Duration = timeout, line: Line = .tty
  ) -> (support: PictureMode, cell: PixelSize, registers: Int?) {
    let known = line.cellPixels()
    guard environment.shouldQuery, support == nil || support == .sixel || known == nil else {
      return (support ?? .cells, known ?? .fallbackCell, nil)
    }
    let query = support == nil
      ? GraphicsReplies.query(passthrough: environment.insideTmux, cell: known == nil)
      : Array(((known == nil ? "\u{1B}[16t" : "") + (support == .sixel ? GraphicsReplies.registersQuery : "") + "\u{1B}[c").utf8)
    let replies = line.ask(query, timeout)
    return (support ?? replies.support(in: environment), known ?? replies.cell ?? .fallbackCell, replies.registers)
  }

  /// A cell's size in pixels from TIOCGWINSZ (xterm, foot, WezTerm fill it in), nil when it is unset.
  public static func cellPixels() -> PixelSize? {
    var width: Int32 = 0
    var height: Int32 = 0
    cnc_cell_pixels(&width, &height)
    return width > 0 && height > 0 ? PixelSize(width: Int(width), height: Int(height)) : nil
  }

  /// Writes `query` to the controlling terminal in raw mode and reads what comes back until the DA1
  /// reply or `timeout`; the terminal's modes are restored either way.
  static func ask(_ query: [UInt8], timeout: Duration) -> GraphicsReplies {
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return GraphicsReplies() }
    defer { close(fd) }
    return ask(query, on: fd, timeout: timeout)
  }

  static func ask(_ query: [UInt8], on fd: Int32, timeout: Duration) -> GraphicsReplies {
    var saved = termios()
    guard tcgetattr(fd, &saved) == 0 else { return GraphicsReplies() }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return GraphicsReplies() }
    defer { _ = tcsetattr(fd, TCSANOW, &saved) }
    var written = 0
    while written < query.count {
      let n = query[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n <= 0 { return GraphicsReplies() }
      written += n
    }
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let left = clock.now.duration(to: deadline)
      if left <= .zero { break }
      let ms = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, ms)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { break }
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      received += buffer[0..<n]
      if GraphicsReplies.parse(received).complete { break }
    }
    let replies = GraphicsReplies.parse(received)
    // Out of time: drop what part of a reply already came, so curses does not read it as keys. A reply
    // later than this still can (a slow link); docs/DECISIONS.md.
    if !replies.complete { tcflush(fd, TCIFLUSH) }
    return replies
  }
}
