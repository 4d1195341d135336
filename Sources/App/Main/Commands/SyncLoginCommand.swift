import ArgumentParser
import Foundation
import Reader

/// `splitfeed sync-login`: checks the `sync …` settings against the server, logging in and asking the
/// API for the subscription list, and says in one line what is wrong (bad URL, bad password, API
/// disabled on the server, TLS, unreachable) or that all is well. The auth token is kept in the cache.
struct SyncLoginCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync-login",
    abstract: "Check the sync settings: log in to the server and ask its API for the subscriptions."
  )

  @OptionGroup var options: LibraryOptions

  func run() throws {
    let library = options.load()
    library.reportProblems()
    guard library.config.sync.isOn else {
      CommandOutput.warn(
        "sync is off: add sync greader, sync-url, sync-user and sync-password-file (or sync-password-command) to \(library.paths.configFile).")
      throw ExitCode.failure
    }
    let synchronizer: Synchronizer
    do {
      let cache = try library.openCache()
      guard let made = try library.synchronizer(cache: cache) else { throw ExitCode.failure }
      synchronizer = made
    } catch let error as SyncError {
      CommandOutput.errorLine(error.description)
      throw ExitCode.failure
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    let result = Blocking.run { () -> SyncError? in
      do throws(SyncError) {
        try await synchronizer.checkLogin()
        return nil
      } catch {
        return error
      }
    }
    if let result {
      CommandOutput.errorLine(result.description)
      throw ExitCode.failure
    }
    let sync = library.config.sync
    CommandOutput.out("Logged in to \(sync.url?.absoluteString ?? "") as \(sync.user ?? ""): the API answers.\n")
  }
}
