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
    guard library.settings.sync.isOn else {
      CommandOutput.warn(
        "sync is off: add sync greader, sync-url, sync-user and sync-password-file (or sync-password-command) to \(library.paths.configFile).")
      throw ExitCode.failure
    }
    try library.onSyncServer { (synchronizer) async throws(SyncError) in try await synchronizer.checkLogin() }
    let sync = library.settings.sync
    CommandOutput.out("Logged in to \(sync.url?.absoluteString ?? "") as \(sync.user ?? ""): the API answers.\n")
  }
}
