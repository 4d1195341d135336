import ArgumentParser
import Foundation
import Reader
import ReaderUI

/// How the commands load a `Library`: the config file read by `ConfigParser`, its problems on stderr.
extension Library {
  /// The library at `paths`; the reader's own settings from the same parse come back beside it.
  static func loadWithUI(paths: Paths) -> (library: Library, ui: UIConfiguration) {
    var ui = UIConfiguration()
    let library = Library.load(paths: paths) { bytes in
      let (config, problems) = ConfigParser.parse(bytes: bytes, fileName: "config")
      ui = config.ui
      return (config.engine, problems)
    }
    return (library, ui)
  }

  /// The library at `paths` for the commands without a screen.
  static func load(paths: Paths) -> Library { loadWithUI(paths: paths).library }

  /// Writes the problems to stderr (the non-interactive commands; the UI shows them in its status line).
  func reportProblems() {
    for problem in problems { CommandOutput.warn("\(problem)") }
  }

  /// Runs `action` with this library's synchronizer, for the commands that ask the server one thing
  /// (`sync-login`, `subscribe`, `unsubscribe`); a failure is its one line on stderr and exit status 1.
  @discardableResult
  func onSyncServer<T: Sendable>(_ action: @escaping @Sendable (Synchronizer) async throws(SyncError) -> T) throws -> T {
    let synchronizer: Synchronizer
    do {
      guard let made = try self.synchronizer(cache: try openCache()) else { throw ExitCode.failure }
      synchronizer = made
    } catch let error as SyncError {
      CommandOutput.errorLine(error.description)
      throw ExitCode.failure
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    let result = Blocking.run { () -> Result<T, SyncError> in
      do throws(SyncError) {
        return .success(try await action(synchronizer))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let value): return value
    case .failure(let error):
      CommandOutput.errorLine(error.description)
      throw ExitCode.failure
    }
  }
}
