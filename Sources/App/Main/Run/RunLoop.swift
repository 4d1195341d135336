import Dispatch
import Foundation
import ReaderUI
import Terminal

/// Turns terminal input, signals and the events background work posts into `Event`s handed to
/// `Screen.handle` on the main queue (ARCHITECTURE design A): a Dispatch read source on stdin, signal
/// sources for SIGWINCH and SIGTSTP (the terminating signals are TerminatingSignals'), and the session's
/// event queue. It is the only code
/// that knows about Dispatch sources; signal handlers do no work of their own.
///
/// SIGWINCH belongs to this loop, not to ncurses: on Linux a Dispatch signal source replaces ncurses's
/// handler, so the size is re-read with ioctl and `resizeterm` is called here, outside any handler. Bursts
/// of resizes coalesce: a resize schedules one settle pass after input has been drained.
@MainActor
final class RunLoop {
  private let backend: NcursesBackend
  private let screen: Screen
  private let events: EventQueue
  private var sources: [any DispatchSourceProtocol] = []
  private var resizePending = false

  init(backend: NcursesBackend, screen: Screen, events: EventQueue) {
    self.backend = backend
    self.screen = screen
    self.events = events
  }

  /// Starts the sources and never returns; the process ends through `quit(status:)`.
  func run() -> Never {
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [unowned self] in
      MainActor.assumeIsolated { self.drainInput() }
    }
    input.resume()
    sources.append(input)

    watch(signal: SIGWINCH) { [unowned self] in self.scheduleResize() }
    watch(signal: SIGTSTP) { [unowned self] in self.suspendForJobControl() }
    // SIGINT, SIGTERM, SIGHUP, SIGQUIT…: TerminatingSignals (installed with the terminal) restores it.
    events.onPost { [unowned self] in
      DispatchQueue.main.async { MainActor.assumeIsolated { self.drainPosted() } }
    }
    screen.handle(.resize(backend.size))
    drainPosted()
    screen.renderNow()
    dispatchMain()
  }

  /// Hands over what background work posted; one frame for however many arrived.
  private func drainPosted() {
    let posted = events.take()
    guard !posted.isEmpty else { return }
    for event in posted { screen.handle(event) }
    screen.renderNow()
  }

  /// The signals this loop reads through Dispatch sources, blocked before any other thread starts: every
  /// thread inherits the mask, so none can take such a signal and drop it (with SIG_IGN in place, a Ctrl-Z
  /// delivered to a worker thread was lost now and then). Blocked signals wait for the sources.
  static func blockLoopSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for sig in [SIGWINCH, SIGTSTP] { sigaddset(&signals, sig) }
    pthread_sigmask(SIG_BLOCK, &signals, nil)
  }

  private func watch(signal sig: Int32, _ handler: @escaping @MainActor () -> Void) {
    signal(sig, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: sig, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated { handler() } }
    source.resume()
    sources.append(source)
  }

  private func drainInput() {
    let inputs = backend.readEvents()
    for input in inputs {
      screen.handle(Event(input))
      if screen.quitRequested { RunLoop.quit(status: 0) }
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
