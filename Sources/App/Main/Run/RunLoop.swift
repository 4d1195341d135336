import Dispatch
import Foundation
import ReaderUI
import Terminal

/// Turns terminal input, signals and the events background work posts into `Event`s handed to
/// `Screen.handle` on the main queue: a Dispatch read source on stdin, one on the pipe `LoopSignals` writes
/// SIGWINCH and SIGTSTP to (the terminating signals are TerminatingSignals'), and the session's event
/// queue. It is the only code that knows about Dispatch sources; signal handlers do no work of their own.
///
/// SIGWINCH belongs to this loop, not to ncurses: the size is re-read with ioctl and `resizeterm` is called
/// here, outside any handler. Bursts of resizes coalesce: a resize schedules one settle pass after input
/// has been drained.
@MainActor
final class RunLoop {
  private let backend: NcursesBackend
  private let screen: Screen
  private let session: ReadingSession
  private let events: EventQueue
  private var sources: [any DispatchSourceProtocol] = []
  private var resizePending = false

  init(backend: NcursesBackend, screen: Screen, session: ReadingSession) {
    self.backend = backend
    self.screen = screen
    self.session = session
    self.events = session.events
  }

  /// Starts the sources and never returns; the process ends through `quit(status:)`.
  func run() -> Never {
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [unowned self] in
      MainActor.assumeIsolated { self.drainInput() }
    }
    input.resume()
    sources.append(input)

    let signals = LoopSignals.install()
    let signalSource = DispatchSource.makeReadSource(fileDescriptor: signals, queue: .main)
    signalSource.setEventHandler { [unowned self] in
      MainActor.assumeIsolated {
        for sig in LoopSignals.drain(signals) {
          if sig == SIGWINCH { self.scheduleResize() } else if sig == SIGTSTP { self.suspendForJobControl() }
        }
      }
    }
    signalSource.resume()
    sources.append(signalSource)
    // SIGINT, SIGTERM, SIGHUP, SIGQUIT…: TerminatingSignals (installed with the terminal) restores it.
    events.onPost { [unowned self] in
      DispatchQueue.main.async { MainActor.assumeIsolated { self.drainPosted() } }
    }
    // Re-read, not the size curses started at: a SIGWINCH before `LoopSignals.install` went to nobody.
    screen.handle(.resize(backend.refreshSize()))
    drainPosted()
    screen.renderNow()
    dispatchMain()
  }

  /// Hands over what background work posted; one frame for however many arrived.
  private func drainPosted() {
    if screen.handlePosted() { screen.renderNow() }
  }


  private func drainInput() {
    let inputs = backend.readEvents()
    for input in inputs {
      screen.handle(Event(input))
      if screen.quitRequested {
        // The terminal first, so the quit is seen at once; then the marks still on their way to the
        // cache, which wait for at most one transaction of a sync or reload still running.
        NcursesBackend.stop()
        session.finishBeforeExit { CommandOutput.errorLine("splitfeed: writing the last marks to the cache…") }
        RunLoop.quit(status: 0)
      }
    }
    if !inputs.isEmpty { screen.renderNow() }
  }

  /// Coalesces a burst of SIGWINCH into one transition at the size the terminal settled on.
  private func scheduleResize() {
    guard !resizePending else { return }
    resizePending = true
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(15)) { [unowned self] in
      MainActor.assumeIsolated {
        self.resizePending = false
        self.screen.handle(.resize(self.backend.refreshSize()))
        self.screen.renderNow()
      }
    }
  }

  /// Ctrl-Z (SIGTSTP from the terminal, or `kill -TSTP`). This loop owns SIGTSTP rather than ncurses's
  /// handler, which ran on whatever thread took the signal, in the middle of the main thread's curses
  /// calls, and on `fg` repainted at the size from before the stop: a resize while stopped reaches the
  /// shell, not us. Here, on the main queue: give the terminal back (cooked modes, normal screen, cursor,
  /// bracketed paste off), stop, and on SIGCONT take it back, re-read the size and draw a whole frame.
  private func suspendForJobControl() {
    backend.suspend()
    Self.stopUntilContinued()
    backend.resume()
    screen.handle(.resize(backend.refreshSize()))
    screen.renderNow()
  }

  /// Stops the process with SIGTSTP's default action, so the shell reports the job as stopped by the
  /// terminal ("Stopped", as for any program), and returns once it is continued. The signal is raised on
  /// this thread with the default disposition and unblocked here only; then the previous disposition
  /// (whatever libdispatch installed for its source, not necessarily SIG_IGN) and mask are put back.
  private static func stopUntilContinued() {
    var tstp = sigset_t()
    sigemptyset(&tstp)
    sigaddset(&tstp, SIGTSTP)
    var previousMask = sigset_t()
    var defaultAction = sigaction()
    defaultAction.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&defaultAction.sa_mask)
    var previousAction = sigaction()
    sigaction(SIGTSTP, &defaultAction, &previousAction)
    pthread_sigmask(SIG_UNBLOCK, &tstp, &previousMask)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    sigaction(SIGTSTP, &previousAction, nil)
  }

  /// Restores the terminal and exits. Idempotent: a second call while exiting does nothing more.
  static func quit(status: Int32) -> Never {
    NcursesBackend.stop()
    exit(status)
  }
}
