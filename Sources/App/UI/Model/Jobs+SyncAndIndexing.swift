import Reader

/// The events of a sync and of the search indexer. A sync's progress is on the status line and marks go
/// to the server after each action (`ServerSync`): everything runs off the main thread and reports back
/// as events, so a slow or absent server never stalls a key. The indexer waits while a reload or sync
/// runs, so the two do not share the cores (docs/ARCHITECTURE.md, "A reload").
extension Jobs {
  /// A sync ended: the server's feeds as the cache now holds them, every count read again, the summary.
  func applySyncFinished(_ run: SyncRun) {
    let queued = reloads.finished()
    board.line.progress = nil
    do {
      try feedList.refreshSynced(from: cache)
    } catch {
      board.fail(error)
    }
    marks.recount(full: true)
    if run.failed { board.problems.syncFailed(run.syncLine) } else { board.problems.syncSucceeded() }
    board.line.summary = .synced(run, errorsKey: errorsKey)
    let (count, titles) = run.newArticles { feedList.feed(id: $0)?.displayTitle }
    notifyNewArticles(count: count, titles: titles)
    reload(queued)
  }

  /// The other sync events (`apply` hands them over).
  func applySync(_ event: Event) {
    switch event {
    case .syncProgress(let line):
      if reloads.isRunning { board.line.progress = .syncing(progress: line) }
    case .marksSent(let result):
      serverSync?.sent(result)
      switch result {
      case .failure(let error):
        let pending = (try? cache.pendingSyncChanges()) ?? 0
        guard pending > 0 else { return }
        let notice = Notice.marksKept(reason: error.description, pending: pending)
        board.problems.syncFailed(notice.text)
        board.line.notify(notice)
      case .success(let sent):
        // The server is back: a failure still on the status line is over, and says so.
        guard board.problems.syncFailing else { return }
        board.problems.syncSucceeded()
        guard sent > 0 else { return }
        board.line.summary = nil
        board.line.notify(.serverAnsweredAgain(sent: sent))
      }
    case .sendRetry:
      serverSync?.send()
    case .loginFailed(let error):
      // Syncs may go on with the token an earlier login left; a wrong password is wrong all the same,
      // and the sync stops the next time the server asks for a login.
      let notice = Notice.loginFailed(reason: error.description)
      board.problems.noted(notice.text)
      board.line.notify(notice)
    default:
      break
    }
  }

  // MARK: Indexing

  /// Indexes what the last reload or sync stored, unless another reload has begun.
  func startIndexing() {
    guard !reloads.isRunning else { return }
    indexing.start()
  }

  /// A search found the index damaged: the indexer starts again (its current run, if any, stops between
  /// two batches), and begins by emptying the index and queuing every article (`SearchIndexer.run`).
  func rebuildSearchIndexIfDamaged() {
    guard cache.searchIndexHealth == .damaged, !cache.isReadOnly else { return }
    indexing.searchedDuringBacklog = true  // its end says the results are whole again
    indexing.pause()
    startIndexing()
  }

  /// A reload or sync is starting: indexing waits for its end (`startIndexing`), and says nothing meanwhile.
  func pauseIndexing() {
    indexing.pause()
    board.line.indexing = nil
  }

  /// The indexer's events. At the end every list reads its rows again (the result is true), so a
  /// search's results take in what was indexed.
  func applyIndexing(_ event: Event) -> Bool {
    switch event {
    case .indexProgress(let progress, let run):
      if let notice = indexing.progressed(progress, run: run) { board.line.indexing = notice }
    case .indexFinished(let done, let run):
      guard indexing.finished(done, run: run) else { return false }
      board.line.indexing = nil
      guard let done, done.indexed > 0 else { return false }
      if indexing.searchedDuringBacklog, indexing.backlog == 0 {
        indexing.searchedDuringBacklog = false
        board.line.notify(.searchCaughtUp)
      }
      return true
    default:
      break
    }
    return false
  }
}
