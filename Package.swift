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
    // libcurl through pkg-config, linked normally (FoundationNetworking is not linked at all).
    .systemLibrary(
      name: "CLibCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    // The fetcher's transfers on one thread through libcurl's multi interface, in C because libcurl's
    // options are variadic and the body cap must sit inside its write callback (gzip bombs).
    .target(name: "CCurl", dependencies: ["CLibCurl"]),
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
      ],
      resources: [.copy("Main/Resources/demo-feed.xml")]
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
