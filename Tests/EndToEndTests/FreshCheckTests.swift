import Foundation
import TestSupport
import Testing

/// `scripts/fresh-check` runs as root and chroots into the tree it builds under its base folder (by
/// default in world-writable /var/tmp): a base folder anyone but root can reach — made first by another
/// user, writable by others, or a link to elsewhere — is refused before anything is built in it (issue 33,
/// item 10).
/// A `debootstrap` first on PATH records whether the build started.
@Suite("scripts/fresh-check", .enabled(if: getuid() == 0, "fresh-check needs root"))
struct FreshCheckTests {
  @Test func aBaseFolderOthersCanReachIsRefused() throws {
    let temporary = try TemporaryDirectory("splitfeed-fresh-check")
    let bin = temporary.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let started = temporary.path("debootstrap-ran")
    let fake = bin.appendingPathComponent("debootstrap").path
    try TemporaryDirectory.writeExecutable("#!/bin/sh\ntouch '\(started)'\nexit 1\n", atPath: fake)

    let loose = temporary.path("loose")
    mkdir(loose, 0o700)
    chmod(loose, 0o1777)  // as /var/tmp itself
    let groupWritable = temporary.path("group-writable")
    mkdir(groupWritable, 0o700)
    chmod(groupWritable, 0o770)
    let theirs = temporary.path("theirs")
    mkdir(theirs, 0o700)
    chown(theirs, 65534, 65534)  // nobody's
    let real = temporary.path("real")
    mkdir(real, 0o700)
    let link = temporary.path("link")
    symlink(real, link)

    let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    for base in [loose, groupWritable, theirs, link] {
      let result = try Command.run(
        TmuxHarness.repoRoot.appendingPathComponent("scripts/fresh-check").path, ["true"],
        environment: ["FRESH_DIR": base, "PATH": path])
      #expect(result.status == 1, "\(base): \(result.stderr)")
      #expect(result.stderr.contains("is not a folder only root can write into"), "\(base): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: started), "nothing built under \(base)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty, "nothing made in \(base)")
    }
  }
}
