// swift-tools-version:6.0
// splitfeed — a terminal feed reader with the iOS 8 adaptive split view (see README.md).
//
// Layers are targets, so a wrong arrow does not compile (docs/ARCHITECTURE.md):
// TextLayout ← Reader ← ReaderUI ← splitfeed;  TextLayout ← ScreenKit ← Terminal (the only CNcurses user);
// Pixels (pictures: bitmap, scaling, half blocks, sixel and kitty streams, cell layout) ← Reader, which
// decodes into it, and ← ScreenKit, whose frames carry it to Terminal, which encodes from it.
// Reader holds the engine every command drives (Reader/Core/Engine); splitfeed-bench, the benchmarks'
// program, sits beside splitfeed and is never installed; the test targets share TestSupport.
import PackageDescription

let package = Package(
  name: "splitfeed",
  products: [
    .executable(name: "splitfeed", targets: ["splitfeed"]),
    // Lets the libFuzzer package in Fuzz/ import the engine; nothing else depends on it.
    .library(name: "Reader", targets: ["Reader", "TextLayout", "Pixels"]),
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
      path: "Sources/Reader/CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // libcurl through pkg-config, linked normally (FoundationNetworking is not linked at all).
    .systemLibrary(
      name: "CLibCurl",
      path: "Sources/Reader/CLibCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    // Article pictures: libpng, libjpeg-turbo, giflib and libwebp, wrapped whole in headers (libjpeg's
    // errors longjmp).
    .systemLibrary(
      name: "CLibImage",
      path: "Sources/Reader/CLibImage",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev", "libjpeg62-turbo-dev", "libgif-dev", "libwebp-dev"])]
    ),
    // The fetcher's transfers on one thread through libcurl's multi interface, in C because libcurl's
    // options are variadic and the body cap must sit inside its write callback (gzip bombs).
    .target(name: "CCurl", dependencies: ["CLibCurl"], path: "Sources/Reader/CCurl"),
    // `sqlite3_config` (variadic) for the cache's process-wide SQLite settings (`Storage/SQLiteProcess`),
    // on the system's SQLite that GRDB builds against.
    .target(
      name: "CSQLiteConfig", path: "Sources/Reader/CSQLiteConfig", linkerSettings: [.linkedLibrary("sqlite3")]
    ),
    // Display width per grapheme cluster, styled text and the one wrapper: shared by the article renderer
    // and the screen, so both measure text the same way. Depends on nothing of ours.
    .target(name: "TextLayout", path: "Sources/Reader/TextLayout"),
    // Pictures as pixels, pure (docs/ARCHITECTURE.md, "A picture"): the bitmap the decoders produce, its
    // scaling, half blocks, the sixel and kitty streams, the cell layout and the run's `PictureMode`. No
    // image format, no terminal, no UI; depends on nothing of ours.
    .target(name: "Pixels", path: "Sources/Reader/Pixels"),
    // Feed model, parsing, fetching, storage, sync, and the engine every run drives (Engine/: settings,
    // the library of feeds, reload and sync runs; Newsboat/: newsboat's files). No UI, no ncurses.
    .target(
      name: "Reader",
      dependencies: [
        "TextLayout", "Pixels", "CLibXML2", "CCurl", "CLibImage", "CSQLiteConfig", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Sources/Reader/Core"
    ),
    // Surface, cells, styles, input events and the pure layout functions (size → traits → frames, popover
    // placement); a frame's pictures are Pixels' `Picture`s. No ncurses, no Reader: layout is tested as
    // tables of numbers.
    .target(name: "ScreenKit", dependencies: ["TextLayout", "Pixels"], path: "Sources/App/ScreenKit"),
    // The ncurses backend and input decoding: the only target that imports CNcurses.
    .target(name: "Terminal", dependencies: ["ScreenKit", "Pixels", "CNcurses"], path: "Sources/App/Terminal"),
    // Controllers, key map, theme and the reading model they observe; draws into a Surface, never into
    // the terminal.
    .target(name: "ReaderUI", dependencies: ["ScreenKit", "Reader", "TextLayout", "Pixels"], path: "Sources/App/UI"),
    // The `splitfeed` command: run loop, subcommands (thin: arguments → the engine → output), config
    // file → domain types.
    .executableTarget(
      name: "splitfeed",
      dependencies: [
        "ReaderUI", "Terminal", "ScreenKit", "Reader", "TextLayout", "Pixels",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/App/Main"
    ),
    // The benchmarks' program (scripts/bench-*): what only measures stays out of the shipped binary.
    .executableTarget(
      name: "splitfeed-bench",
      dependencies: [
        "ReaderUI", "ScreenKit", "Reader", "TextLayout",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/App/Bench"
    ),
    // What the test targets share, one of each: the misbehaving loopback HTTP server and its catalogue
    // of faults (also pointed at by the end-to-end tests' real binary), the Google Reader and FreshRSS
    // servers, the temporary folder, the cache fixture and the feed-XML builder. Test support only; no
    // product uses it.
    .target(
      name: "TestSupport",
      dependencies: ["Reader"],
      path: "Tests/TestSupport"
    ),
    // The pure picture functions as tables: the streams against their protocols' documents, the cells.
    .testTarget(name: "PixelsTests", dependencies: ["Pixels"]),
    .testTarget(
      name: "ReaderTests",
      dependencies: ["Reader", "TextLayout", "Pixels", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
      exclude: ["Fixtures"]
    ),
    // Pure unit tests of the screen's building blocks, the controllers' model types and the config file.
    .testTarget(
      name: "UnitTests",
      dependencies: ["ScreenKit", "Terminal", "ReaderUI", "splitfeed", "Reader", "TextLayout", "Pixels", "TestSupport"]
    ),
    // The controller tree over an in-memory terminal: exact screens, transitions, golden files.
    .testTarget(
      name: "ScreenTests",
      dependencies: ["ReaderUI", "ScreenKit", "Terminal", "splitfeed", "Reader", "TextLayout", "Pixels", "TestSupport"],
      exclude: ["Snapshots"]
    ),
    // The built binary in tmux and as a command, against loopback servers (`SPLITFEED_BIN` picks the
    // binary, so the same suite runs against the release build).
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["Reader", "Pixels", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
