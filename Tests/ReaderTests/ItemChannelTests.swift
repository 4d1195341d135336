import Foundation
import Testing

@testable import Reader

/// `ItemChannel` wakes its writer per batch of items, not per item: every item must still arrive, in
/// order, whatever the count, and a stream that ends between two batches must not leave the writer waiting.
@Suite struct ItemChannelTests {
  /// What the writer received, filled on the writer's thread and read after `done`.
  final class Received: @unchecked Sendable {
    var titles: [String] = []
    var restarts = 0
    let done = DispatchSemaphore(value: 0)
  }

  @Test(arguments: [0, 1, ItemChannel.wakeBatch - 1, ItemChannel.wakeBatch, ItemChannel.wakeBatch + 1, 1000])
  func everyItemArrivesInOrderAndTheEndWakesTheWriter(count: Int) throws {
    let channel = ItemChannel()
    let received = Received()
    let writer = Thread {
      loop: while true {
        switch channel.next() {
        case .item(let item, _, _): received.titles.append(item.title)
        case .restart: received.restarts += 1
        case .finished, .failed: break loop
        }
      }
      received.done.signal()
    }
    writer.start()
    // Sent from this thread, with pauses, so the writer is often found waiting.
    for i in 0..<count {
      channel.stream.item(Item(title: "\(i)", id: "\(i)"))
      if i % 97 == 0 { usleep(200) }
    }
    channel.stream.restart()
    channel.stream.item(Item(title: "again", id: "x"))
    usleep(1000)  // the writer is waiting with one item queued: the end must still wake it
    channel.send(.finished(feed: Feed(title: "Feed", items: []), inheritedAuthor: nil, warnings: []))
    if received.done.wait(timeout: .now() + 10) == .timedOut {
      Issue.record("the writer was not woken by the end of the stream")
      for _ in 0..<ItemChannel.wakeBatch { channel.stream.item(Item(title: "unblock")) }  // a full batch wakes it
      received.done.wait()
      return
    }
    #expect(received.titles == (0..<count).map(String.init) + ["again"])
    #expect(received.restarts == 1)
  }
}
