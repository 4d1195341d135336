import Foundation
import Glibc
import Pixels
import ScreenKit
import Testing

@testable import Terminal

// glibc's pseudo-terminal calls, which the Glibc module leaves out (they need _XOPEN_SOURCE).
@_silgen_name("posix_openpt") private func posixOpenpt(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantpt(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockpt(_ fd: Int32) -> Int32
@_silgen_name("ptsname") private func ptsname(_ fd: Int32) -> UnsafeMutablePointer<CChar>?

/// Detection of the terminal's graphics from recorded replies (docs/MANUAL.md, "Pictures"): the bytes below
/// were read back from the real terminals with the probe's query (docs/DECISIONS.md, "Inline images,
/// detection").
struct GraphicsProbeTests {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
  static let plain = GraphicsEnvironment(term: "xterm-256color", insideTmux: false, tmuxPassthrough: false)

  /// xterm 379 `-ti vt340` under Xvfb: no kitty reply (xterm drops the APC), DA1 lists 4.
  static let xtermVT340 = bytes("\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
  /// Plain xterm (its default VT420 identity): no 4.
  static let xterm = bytes("\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c")
  /// tmux 3.3a answering for itself.
  static let tmux = bytes("\u{1B}[?1;2c")
  /// kitty: the `_G` OK reply to the query's id, then its DA1 (kitty lists no sixel).
  static let kitty = bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")

  static func pseudoTerminal() throws -> (Int32, Int32) {
    let master = posixOpenpt(O_RDWR | O_NOCTTY)
    try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
    let slave = open(ptsname(master)!, O_RDWR | O_NOCTTY)
    try #require(slave >= 0)
    return (master, slave)
  }

  @Test func xtermAsVT340HasSixel() {
    let replies = GraphicsReplies.parse(Self.xtermVT340)
    #expect(replies == GraphicsReplies(kitty: false, sixel: true, complete: true))
    #expect(replies.support(in: Self.plain) == .sixel)
  }

  @Test func plainXtermAndTmuxGetCells() {
    #expect(GraphicsReplies.parse(Self.xterm) == GraphicsReplies(complete: true))
    #expect(GraphicsReplies.parse(Self.tmux).support(in: Self.plain) == .cells)
  }

  @Test func kittyRepliesOK() {
    let replies = GraphicsReplies.parse(Self.kitty)
    #expect(replies == GraphicsReplies(kitty: true, sixel: false, complete: true))
    #expect(replies.support(in: Self.plain) == .kittyDirect, "a kitty of unknown version: placed directly")
  }

  @Test func kittyErrorOrAnotherIDIsNotKitty() {
    #expect(!GraphicsReplies.parse(Self.bytes("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62c")).kitty)
    #expect(!GraphicsReplies.parse(Self.bytes("\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[?62c")).kitty)
  }

  /// A reply cut short is not complete yet; a keypress before it does not confuse it.
  @Test func partialRepliesAndStrayBytes() {
    #expect(!GraphicsReplies.parse(Array(Self.xtermVT340.dropLast())).complete)
    #expect(!GraphicsReplies.parse(Self.bytes("\u{1B}_Gi=31;O")).kitty)
    #expect(GraphicsReplies.parse(Self.bytes("j\u{1B}[A") + Self.xtermVT340).sixel)
    #expect(GraphicsReplies.parse([]) == GraphicsReplies())
  }

  @Test func environmentDecidesWhetherToAsk() {
    #expect(GraphicsEnvironment(term: "xterm", insideTmux: false, tmuxPassthrough: false).shouldQuery)
    #expect(!GraphicsEnvironment(term: "tmux-256color", insideTmux: true, tmuxPassthrough: false).shouldQuery)
    #expect(GraphicsEnvironment(term: "tmux-256color", insideTmux: true, tmuxPassthrough: true).shouldQuery)
    #expect(!GraphicsEnvironment(term: "linux", insideTmux: false, tmuxPassthrough: false).shouldQuery)
    #expect(!GraphicsEnvironment(term: "dumb", insideTmux: false, tmuxPassthrough: false).shouldQuery)
    #expect(GraphicsEnvironment(environment: ["TERM": "screen", "TMUX": "/tmp/t,1,0"], tmuxPassthrough: false).insideTmux)
    #expect(GraphicsProbe.detect(GraphicsEnvironment(term: "linux", insideTmux: false, tmuxPassthrough: false)) == .cells)
  }

  @Test func queryInsideTmuxIsWrapped() {
    let plain = GraphicsReplies.query(passthrough: false)
    #expect(plain == Self.bytes("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[?1;1;0S\u{1B}[>q\u{1B}[c"))
    let wrapped = GraphicsReplies.query(passthrough: true)
    #expect(wrapped == Self.bytes("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\\u{1B}[?1;1;0S\u{1B}[>q\u{1B}[c"))
  }

  /// A terminal that never answers: a pseudo-terminal nobody reads. The probe gives up after its timeout
  /// with cells, instead of hanging.
  @Test func silentTerminalTimesOut() throws {
    let (master, slave) = try Self.pseudoTerminal()
    defer { close(master); close(slave) }
    let clock = ContinuousClock()
    let start = clock.now
    let replies = GraphicsProbe.ask(GraphicsReplies.query(passthrough: false), on: slave, timeout: .milliseconds(150))
    let elapsed = clock.now - start
    #expect(replies == GraphicsReplies())
    #expect(replies.support(in: Self.plain) == .cells)
    #expect(elapsed >= .milliseconds(140) && elapsed < .seconds(2))
  }

  /// A terminal slow to answer (a loaded machine, a slow link): its replies come 400 ms after the query
  /// and still choose the pictures, with the probe's own limit. With a limit as short as the round trip
  /// of a quick terminal, such a reply was missed and the whole session drew cells.
  @Test func aSlowAnswerStillCounts() throws {
    let (master, slave) = try Self.pseudoTerminal()
    defer { close(master); close(slave) }
    let answered = DispatchSemaphore(value: 0)
    let reply = Self.xtermVT340
    // A thread of its own: the shared dispatch pool may be busy with other suites' waits.
    Thread.detachNewThread {
      usleep(400_000)
      _ = reply.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      answered.signal()
    }
    let replies = GraphicsProbe.ask(GraphicsReplies.query(passthrough: false), on: slave, timeout: GraphicsProbe.timeout)
    answered.wait()
    #expect(replies.support(in: Self.plain) == .sixel)
  }

  /// A terminal that answers: the master side plays xterm -ti vt340 (its DA1 written before the ask,
  /// as it would arrive); the probe stops at the reply without waiting out the timeout.
  @Test func answeringTerminalStopsAtDA1() throws {
    let (master, slave) = try Self.pseudoTerminal()
    defer { close(master); close(slave) }
    _ = Self.xtermVT340.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    let clock = ContinuousClock()
    let start = clock.now
    let replies = GraphicsProbe.ask(GraphicsReplies.query(passthrough: false), on: slave, timeout: .seconds(5))
    #expect(replies.support(in: Self.plain) == .sixel)
    #expect(clock.now - start < .seconds(1))
  }

  /// `ESC [ 16 t` asks the cell's size in pixels before DA1 (so DA1 still ends the wait); its answer
  /// `ESC [ 6 ; height ; width t` is read wherever it comes, a nonsense size ignored.
  @Test func cellSizeIsAskedAndRead() {
    #expect(GraphicsReplies.query(passthrough: false, cell: true)
      == Self.bytes("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[?1;1;0S\u{1B}[>q\u{1B}[c"))
    let answered = GraphicsReplies.parse(Self.bytes("\u{1B}[6;20;10t") + Self.xtermVT340)
    #expect(answered == GraphicsReplies(sixel: true, cell: PixelSize(width: 10, height: 20), complete: true))
    #expect(GraphicsReplies.parse(Self.xtermVT340).cell == nil, "xterm by default leaves 16t unanswered")
    #expect(GraphicsReplies.parse(Self.bytes("\u{1B}[6;0;10t\u{1B}[?62c")).cell == nil)
    #expect(GraphicsReplies.parse(Self.bytes("\u{1B}[6;20;10")).cell == nil, "cut off")
    #expect(PixelSize.fallbackCell == PixelSize(width: 10, height: 20))
  }

  /// The choice after the answers (`GraphicsProbe.resolve`): inside tmux without passthrough nothing is
  /// asked and even a forced protocol is cells; a forced sixel inside tmux is drawn only when tmux's own
  /// answer lists it; kitty's commands are wrapped for the terminal outside tmux, sixel's go to tmux.
  @Test func theModeIsChosenOnceWithTmuxsRules() {
    let blocked = GraphicsEnvironment(term: "xterm", insideTmux: true, tmuxPassthrough: false)
    for forced in [nil, PictureMode.kitty, .sixel] {
      #expect(GraphicsProbe.resolve(forced: forced, environment: blocked, timeout: .zero) == PictureTerminal())
    }
    // tmux 3.4 listing sixel, a kitty behind it whose reply comes through: a forced sixel is tmux's.
    let kittyBehind = GraphicsEnvironment(
      environment: ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1"], tmuxPassthrough: true)
    let line = GraphicsProbe.Line(cellPixels: { nil }) { _, _ in
      GraphicsReplies.parse(Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2;4c"))
    }
    #expect(GraphicsProbe.resolve(forced: .sixel, environment: kittyBehind, line: line).drawing == .sixel)
    #expect(GraphicsProbe.resolve(forced: nil, environment: kittyBehind, line: line).drawing == .kitty)
    #expect(GraphicsProbe.choose(forced: .sixel, answered: .cells, insideTmux: true) == .cells)
    #expect(GraphicsProbe.choose(forced: .sixel, answered: .sixel, insideTmux: true) == .sixel)
    #expect(GraphicsProbe.choose(forced: .sixel, answered: .sixel, insideTmux: false) == .sixel)
    #expect(GraphicsProbe.choose(forced: nil, answered: .kitty, insideTmux: true) == .kitty)
    let cell = PixelSize(width: 7, height: 15)
    #expect(PictureTerminal(.kitty, cell: cell, insideTmux: true) == PictureTerminal(drawing: .kitty, cell: cell, passthrough: true))
    #expect(PictureTerminal(.sixel, cell: cell, insideTmux: true) == PictureTerminal(drawing: .sixel, cell: cell))
    #expect(PictureTerminal(.cells, cell: cell) == PictureTerminal())
  }
}
