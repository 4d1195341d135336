import Reader

/// The reader's side of sync: a reload becomes a sync with its progress on the status line, and marks
/// go to the server after each action (`ServerSync`). Everything runs off the main thread and reports
/// back as events, so a slow or absent server never stalls a key; reading works from the cache.
extension ReadingSession {
  /// Syncs with the server, then reloads those of `local` that `mode` asks, showing progress;
  /// `.syncFinished` ends it.
  func sync(_ serverSync: ServerSync, local: [CachedFeed], mode: ReloadMode = .due) {
    guard !cache.isReadOnly else {
      status.notify(.readOnlyCache(.sync))
      return
    }
    guard reloads.startSync(serverSync.synchronizer, local: local, mode: mode) else {
      status.notify(.reloadRunning)
      return
    }
    status.progress = .syncing(progress: nil)
    pauseIndexing()
  }

  /// The key that opens `E`'s list, as the status line names it.
  public var errorsKey: String { configuration.keyMap.keys(for: .showErrors).first?.description ?? "show-errors" }

  /// The sync events (`apply` hands them over).
  func applySync(_ event: Event) {
    switch event {
    case .syncProgress(let line):
      if reloads.isRunning { status.progress = .syncing(progress: line) }
    case .syncFinished(let run):
      let queued = reloads.finished()
      status.progress = nil
      do {
        try feedList.refreshSynced(from: cache)
      } catch {
        status.notify(.failure("\(error)"))
      }
      recount(full: true)
      dataRevision += 1
      if run.failed { problems.syncFailed(run.syncLine) } else { problems.syncSucceeded() }
      status.summary = .synced(run, errorsKey: errorsKey)
      let (count, titles) = run.newArticles { feedList.feed(id: $0)?.displayTitle }
      notifyNewArticles(count: count, titles: titles)
      reload(queued)
    case .marksSent(let result):
      serverSync?.sent(result)
      switch result {
      case .failure(let error):
        let pending = (try? cache.pendingSyncChanges()) ?? 0
        guard pending > 0 else { return }
        let notice = Notice.marksKept(reason: error.description, pending: pending)
        problems.syncFailed(notice.text)
        status.notify(notice)
      case .success(let sent):
        // The server is back: a failure still on the status line is over, and says so.
        guard problems.syncFailing else { return }
        problems.syncSucceeded()
        guard sent > 0 else { return }
        status.summary = nil
        status.notify(.serverAnsweredAgain(sent: sent))
      }
    case .sendRetry:
      serverSync?.send()
    case .loginFailed(let error):
      // Syncs may go on with the token an earlier login left; a wrong password is wrong all the same,
      // and the sync stops the next time the server asks for a login.
      let notice = Notice.loginFailed(reason: error.description)
      problems.noted(notice.text)
      status.notify(notice)
    default:
      break
    }
  }
}
