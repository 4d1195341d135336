internal import CLibXML2

/// libxml2's process-wide set-up, done once before any thread parses. libxml2 expects `xmlInitParser()`
/// from the main thread before threads use it; without it, Debian's 2.9.14 builds its table of
/// encoding handlers lazily and unlocked, so two feeds declaring encodings (ISO-8859-1, windows-1252)
/// parsed at once on a cold start can build it together and later lookups
/// (`xmlFindCharEncodingHandler`) crash. Every parse entry calls `prepareThread()`; the executable
/// calls `initialize()` first thing as well.
public enum LibXML {
  /// Swift runs a static's initialiser once, under a lock, whichever thread gets there first.
  private static let initialized: Void = xmlInitParser()

  /// Initialises libxml2 (once per process; later calls cost a load).
  public static func initialize() { _ = initialized }

  /// Before a parse on this thread: libxml2 initialised, and its default error printer (per thread)
  /// silenced, so encoding errors never reach the terminal through stderr.
  static func prepareThread() {
    initialize()
    splitfeed_xml_silence_default_errors()
  }
}
