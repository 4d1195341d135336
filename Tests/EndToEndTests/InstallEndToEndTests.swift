import Foundation
import TestSupport
import Testing

/// `scripts/install PREFIX` on a clone-like copy of this tree (the files git knows, no .build), then the
/// installed command as a user meets it: `--version`, `man -l`, bash completion, a copy of the binary
/// elsewhere, and `scripts/uninstall`. The binary installed is the one under test (`$SPLITFEED_BIN`,
/// the release build under scripts/test; else the debug build), so no test pays for a release build.
@Suite("scripts/install", .serialized)
struct InstallEndToEndTests {
  struct Installation: Sendable {
    let clone: URL
    let prefix: URL
    let binary: URL
  }

  /// One clone and one installation, shared by the tests that only look at it.
  static let shared = Result { try install(into: "prefix") }

  /// A copy of the checkout as a clone has it: the files git tracks plus the new ones not ignored.
  static let clone = Result { () throws -> URL in
    // One fixed folder, emptied first: a run leaves at most one copy (with its small build) behind.
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-install-test/clone")
    try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let copy = try Command.run(
      "bash", ["-c", "git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C \"$0\"", root.path],
      directory: TmuxHarness.repoRoot)
    #expect(copy.status == 0, "\(copy.stderr)")
    return root
  }

  static func install(into name: String, prepare: (URL) throws -> Void = { _ in }) throws -> Installation {
    let clone = try clone.get()
    let prefix = clone.deletingLastPathComponent().appendingPathComponent(clone.lastPathComponent + "-" + name)
    try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    try prepare(prefix)
    let result = try Command.run(
      clone.appendingPathComponent("scripts/install").path, [prefix.path], environment: ["SPLITFEED_BIN": TmuxHarness.binary])
    guard result.status == 0 else {
      throw TmuxHarness.Failure(description: "scripts/install failed (\(result.status)):\n\(result.stderr)")
    }
    return Installation(clone: clone, prefix: prefix, binary: prefix.appendingPathComponent("bin/splitfeed"))
  }

  /// `scripts/run dump feed.xml` from the user's own folder reads the user's feed.xml: the script builds
  /// in the repository but starts the reader where it was called.
  @Test func theRunScriptKeepsTheUsersRelativePaths() throws {
    let temporary = try TemporaryDirectory("splitfeed-run")
    let folder = temporary.url
    let feed = "<rss version=\"2.0\"><channel><title>Where the user is</title><item><title>A</title></item></channel></rss>"
    try Data(feed.utf8).write(to: folder.appendingPathComponent("feed.xml"))
    let result = try Command.run(
      TmuxHarness.repoRoot.appendingPathComponent("scripts/run").path, ["dump", "feed.xml"],
      environment: ["SPLITFEED_BIN": TmuxHarness.binary], directory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"title\": \"Where the user is\""), "\(result.stdout)")
  }

  @Test func theInstalledCommandRuns() throws {
    let installed = try Self.shared.get()
    let result = try Command.run(installed.binary.path, ["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "0.1.0\n")
  }

  @Test func theManPageRendersWithKeysSettingsAndFiles() throws {
    let installed = try Self.shared.get()
    let page = installed.prefix.appendingPathComponent("share/man/man1/splitfeed.1").path
    let result = try Command.run("man", ["-l", page], environment: ["MANWIDTH": "100", "MANPAGER": "cat", "LANG": "C.UTF-8"])
    #expect(result.status == 0)
    #expect(result.stderr == "", "groff complained: \(result.stderr)")
    let text = result.stdout
    for heading in ["NAME", "SYNOPSIS", "KEYS", "SETTINGS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
      #expect(text.contains("\n\(heading)\n"), "no \(heading) section")
    }
    #expect(text.contains("import-newsboat"))
    #expect(text.contains("reload-threads 1-64\n") && text.contains("Feeds fetched at once. Default: 8."))
    // The defaults the parser uses, not "none": the prune limits keep everything unless set.
    #expect(text.contains("keep-articles-days 0-1000000\n"))
    #expect(text.contains("0: keep them. Default: 0."))
    #expect(text.contains("~/.config/splitfeed/urls"))
    #expect(text.contains("toggle the list pane"))
  }

  @Test func bashCompletesASubcommand() throws {
    let installed = try Self.shared.get()
    let script = installed.prefix.appendingPathComponent("share/bash-completion/completions/splitfeed").path
    let result = try Command.run(
      "bash",
      [
        "--norc", "--noprofile", "-c",
        """
        source "$0"
        function=$(complete -p splitfeed | sed -E 's/.*-F ([^ ]+).*/\\1/')
        COMP_LINE="splitfeed re"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(splitfeed re); COMP_CWORD=1
        "$function" splitfeed re splitfeed
        printf '%s\\n' "${COMPREPLY[@]}"
        """, script,
      ], environment: ["PATH": installed.prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "reload\n")
    for file in ["share/zsh/site-functions/_splitfeed", "share/fish/vendor_completions.d/splitfeed.fish"] {
      #expect(FileManager.default.fileExists(atPath: installed.prefix.appendingPathComponent(file).path), "\(file)")
    }
  }

  @Test func aCopyOfTheBinaryOpensItsDemo() throws {
    let installed = try Self.shared.get()
    let temporary = try TemporaryDirectory("splitfeed-alone")
    let elsewhere = temporary.url
    let copy = elsewhere.appendingPathComponent("sf")
    try FileManager.default.copyItem(at: installed.binary, to: copy)
    // Nothing beside it, and no way back to a resource folder in the build tree.
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["sf"])
    let bytes = try Data(contentsOf: copy)
    #expect(bytes.range(of: Data("splitfeed_App.resources".utf8)) == nil, "the binary still looks for a resource bundle")

    let tmux = try TmuxHarness(interactiveShell: true)
    defer { tmux.close() }
    try tmux.waitFor(text: "PROMPT$")
    try tmux.type(TmuxHarness.shellQuote(copy.path))
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "splitfeed demo")
    try tmux.waitFor(text: "Understanding Self Sizing")
    try tmux.send(keys: "q")
    try tmux.waitFor(text: "PROMPT$")
  }

  @Test func uninstallLeavesThePrefixAsItWas() throws {
    func listing(_ prefix: URL) throws -> [String] {
      let result = try Command.run("find", [".", "-printf", "%p %y %m\\n"], directory: prefix)
      return result.stdout.split(separator: "\n").map(String.init).sorted()
    }
    var before: [String] = []
    let installed = try Self.install(into: "shared-prefix") { prefix in
      for dir in ["bin", "share/man/man1", "share/zsh"] {
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent(dir), withIntermediateDirectories: true)
      }
      try "#!/bin/sh\n".write(to: prefix.appendingPathComponent("bin/other"), atomically: true, encoding: .utf8)
      try "x".write(to: prefix.appendingPathComponent("share/man/man1/other.1"), atomically: true, encoding: .utf8)
      before = try listing(prefix)
    }
    #expect(try listing(installed.prefix) != before)
    let result = try Command.run(installed.clone.appendingPathComponent("scripts/uninstall").path, [installed.prefix.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try listing(installed.prefix) == before)
  }

  /// What `tamper` planted: the lines scripts/uninstall must print, and the victims that must survive.
  struct Tampering {
    let victims: URL
    let refusals: [String]
    let survivors: [URL]
  }

  /// Adds to an installation's manifest what a tampered one could hold, each naming a victim in a folder
  /// beside PREFIX: an absolute path, a `PREFIX/../` path, a path through `PREFIX/escape` (a symlink to
  /// the victims' folder), an empty folder outside, a file whose name holds an escape sequence, and
  /// `escape` itself as a `dir`. Plus one legitimate entry, `PREFIX/bin/link`, a symlink to a victim.
  static func tamper(_ installed: Installation) throws -> Tampering {
    let files = FileManager.default
    let prefix = installed.prefix.path
    let victims = installed.prefix.deletingLastPathComponent().appendingPathComponent(installed.prefix.lastPathComponent + "-victims")
    try? files.removeItem(at: victims)
    try files.createDirectory(at: victims.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let escaped = "\u{1B}[31mred"
    for name in ["absolute", "dotdot", "through-link", "link-target", escaped] {
      try "victim\n".write(to: victims.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    try files.createSymbolicLink(atPath: prefix + "/escape", withDestinationPath: victims.path)
    try files.createSymbolicLink(atPath: prefix + "/bin/link", withDestinationPath: victims.appendingPathComponent("link-target").path)
    let outside = [
      "file " + victims.appendingPathComponent("absolute").path,
      "file \(prefix)/../\(victims.lastPathComponent)/dotdot",
      "file \(prefix)/escape/through-link",
      "dir " + victims.appendingPathComponent("empty").path,
    ]
    let manifest = installed.prefix.appendingPathComponent("share/splitfeed/install-manifest")
    let lines = outside + [
      "file \(prefix)/bin/link", "file " + victims.appendingPathComponent(escaped).path, "dir \(prefix)/escape",
    ]
    try (String(contentsOf: manifest, encoding: .utf8) + lines.joined(separator: "\n") + "\n").write(to: manifest, atomically: true, encoding: .utf8)
    let refusals =
      outside.map { line in "splitfeed: not removing \(line.drop { $0 != " " }.dropFirst()): outside PREFIX\n" } + [
        "splitfeed: not removing $'\(victims.path)/\\E[31mred': outside PREFIX\n",
        "splitfeed: not removing \(prefix)/escape: a symbolic link, not a folder\n",
      ]
    let survivors = ["absolute", "dotdot", "through-link", "link-target", escaped, "empty"].map { victims.appendingPathComponent($0) }
    return Tampering(victims: victims, refusals: refusals, survivors: survivors)
  }

  @Test func uninstallRefusesEveryEntryOutsideThePrefix() throws {
    let installed = try Self.install(into: "tampered")
    let tampering = try Self.tamper(installed)
    let result = try Command.run(installed.clone.appendingPathComponent("scripts/uninstall").path, [installed.prefix.path])
    #expect(result.status != 0, "a refusal must show in the exit status")
    for survivor in tampering.survivors {
      #expect(FileManager.default.fileExists(atPath: survivor.path), "removed \(survivor.lastPathComponent) outside PREFIX")
    }
    for refusal in tampering.refusals {
      #expect(result.stderr.contains(refusal), "no «\(refusal.dropLast())» in:\n\(result.stderr)")
    }
    #expect(result.stderr.contains("refused 6 manifest entries"), "\(result.stderr)")
    #expect(!result.stderr.contains("\u{1B}"), "an escape sequence from the manifest reached stderr")
    // Every legitimate file is gone (bin/link as a link: its target survived above), and so are the
    // folders the install made; what is left is the symlink the tampering put there.
    #expect(try FileManager.default.contentsOfDirectory(atPath: installed.prefix.path) == ["escape"])
  }

  @Test func installOverATamperedManifestRemovesNothingOutsideThePrefix() throws {
    let installed = try Self.install(into: "tampered-reinstall")
    let tampering = try Self.tamper(installed)
    let result = try Command.run(
      installed.clone.appendingPathComponent("scripts/install").path, [installed.prefix.path],
      environment: ["SPLITFEED_BIN": TmuxHarness.binary])
    #expect(result.status == 0, "\(result.stderr)")
    for survivor in tampering.survivors {
      #expect(FileManager.default.fileExists(atPath: survivor.path), "removed \(survivor.lastPathComponent) outside PREFIX")
    }
    for refusal in tampering.refusals {
      #expect(result.stderr.contains(refusal), "no «\(refusal.dropLast())» in:\n\(result.stderr)")
    }
    #expect(result.stderr.contains("installing anyway"), "\(result.stderr)")
    #expect(try Command.run(installed.binary.path, ["--version"]).stdout == "0.1.0\n")
    // The new manifest lists this installation only: none of the tampered lines carried over.
    let manifest = try String(contentsOf: installed.prefix.appendingPathComponent("share/splitfeed/install-manifest"), encoding: .utf8)
    for line in manifest.split(separator: "\n") {
      #expect(!line.contains(tampering.victims.lastPathComponent) && !line.contains("escape") && !line.hasSuffix("bin/link"), "\(line)")
    }
    #expect(manifest.contains("file \(installed.prefix.resolvingSymlinksInPath().path)/bin/splitfeed\n"), "\(manifest)")
  }
}
