// swift-tools-version:6.0
// splitfeed — a terminal feed reader with the iOS 8 adaptive split view (see README.md).
//
// Layering (ARCHITECTURE.md §1): App → Reader → CLibXML2; only App/Terminal imports CNcurses.
import PackageDescription

let package = Package(
  name: "splitfeed",
  products: [
    .executable(name: "splitfeed", targets: ["App"]),
    // Lets the libFuzzer package in Fuzz/ import the engine; nothing else depends on it.
    .library(name: "Reader", targets: ["Reader"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // SQLite cache (WAL, migrations, a thread-safe queue); builds against the system's SQLite.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
  ],
  targets: [
    // Thin C shim over ncursesw: globals (stdscr, COLS, LINES) and macros Swift cannot reach safely.
    .target(
      name: "CNcurses",
      linkerSettings: [.linkedLibrary("ncursesw")]
    ),
    // libxml2 through pkg-config (its include path survives, unlike ncursesw's cflags).
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // libcurl for the fetcher, loaded at run time on the first fetch (no development package needed):
    // the cap on a decoded body must be enforced inside libcurl's write callback (issue 6, gzip bombs),
    // which URLSession on Linux does not allow. FoundationNetworking is not imported anywhere.
    .target(name: "CCurl"),
    // Feed model, parsing, fetching and storage. No UI, no ncurses.
    .target(
      name: "Reader",
      dependencies: ["CLibXML2", "CCurl", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    // Controllers, drawing, terminal backend and the `splitfeed` executable.
    .executableTarget(
      name: "App",
      dependencies: [
        "Reader", "CNcurses",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        // import-newsboat reads newsboat's SQLite cache (read-only) through the same SQLite layer.
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // The misbehaving loopback HTTP server of the fetcher tests and its catalogue of faults, shared with
    // the end-to-end tests that point the real binary at it (issue 6, "Network faults"). Test support
    // only; no product uses it.
    .target(
      name: "TestServers",
      dependencies: ["Reader"],
      path: "Tests/TestServers"
    ),
    .testTarget(
      name: "ReaderTests",
      dependencies: ["Reader", "TestServers", .product(name: "GRDB", package: "GRDB.swift")],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "AppTests",
      dependencies: ["App", "Reader", "TestServers"],
      exclude: ["Snapshots", "Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
