// swift-tools-version:6.0
// libFuzzer targets for splitfeed's parsers of untrusted bytes. A separate package so
// that the main package keeps its layout and its normal builds never see sanitizer flags. Build and run
// through `scripts/fuzz`, which passes `-sanitize=fuzzer,address` and `-parse-as-library` (libFuzzer
// supplies `main`; each target only exports `LLVMFuzzerTestOneInput`).
import PackageDescription

/// Linked with the toolchain's lld: gold prints a warning for each of ASan's ~100 local check symbols.
let lld: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"])]

let package = Package(
  name: "splitfeed-fuzz",
  dependencies: [
    .package(name: "splitfeed", path: "..")
  ],
  targets: [
    // Invariant checks shared by the fuzzers: a failed check aborts, which libFuzzer records as a
    // crash with the input that caused it.
    .target(name: "FuzzSupport"),
    // FeedParser.parse(data:url:httpCharset:): libxml2 SAX2 push parser, encoding sniffing, JSON Feed.
    .executableTarget(
      name: "FuzzFeedParser",
      dependencies: ["FuzzSupport", .product(name: "Reader", package: "splitfeed")],
      linkerSettings: lld
    ),
    // DateParser.parse(_:): the hand-written RFC 822 / ISO 8601 scanner.
    .executableTarget(
      name: "FuzzDates",
      dependencies: ["FuzzSupport", .product(name: "Reader", package: "splitfeed")],
      linkerSettings: lld
    ),
    // StyledText(html:baseURL:) and wrap(width:): libxml2's HTML parser, the renderer and the wrapper.
    .executableTarget(
      name: "FuzzHTML",
      dependencies: ["FuzzSupport", .product(name: "Reader", package: "splitfeed")],
      linkerSettings: lld
    ),
    // UrlsFile.parse(bytes:), TextFileLines.wordLines (the config reader's lines) and OPML.parse, with an
    // import's urls lines read back: the files users bring from other systems.
    .executableTarget(
      name: "FuzzUserFiles",
      dependencies: ["FuzzSupport", .product(name: "Reader", package: "splitfeed")],
      linkerSettings: lld
    ),
    // FilterExpression(parsing:) and its SQL, prepared against the cache's schema; query: lines of the urls file.
    .executableTarget(
      name: "FuzzFilter",
      dependencies: ["FuzzSupport", .product(name: "Reader", package: "splitfeed")],
      linkerSettings: lld
    ),
    // ArticleExtractor on a web page's bytes, down to the article as the reader draws it.
    .executableTarget(
      name: "FuzzExtract",
      dependencies: ["FuzzSupport", .product(name: "Reader", package: "splitfeed")],
      linkerSettings: lld
    ),
    // ImageDecoder on a picture's bytes: the format sniffing, the header and frame checks, and the
    // four Debian decoders behind them.
    .executableTarget(
      name: "FuzzImage",
      dependencies: ["FuzzSupport", .product(name: "Reader", package: "splitfeed")],
      linkerSettings: lld
    ),
    // The sync's JSON reader (JSONReader) on `stream/contents` and `stream/items/ids` answers, down to
    // the values the cache would store (dates, lengths, server clock, text caps).
    .executableTarget(
      name: "FuzzSyncJSON",
      dependencies: ["FuzzSupport", .product(name: "Reader", package: "splitfeed")],
      linkerSettings: lld
    ),
  ],
  swiftLanguageModes: [.v6]
)
