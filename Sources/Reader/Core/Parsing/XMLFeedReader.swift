internal import CLibXML2
import Foundation

/// One pass of libxml2's SAX2 push parser over an untrusted feed, fed in chunks so documents over
/// libxml2's 10 MB single-buffer limit parse, and owning (creating and freeing) the parser context.
///
/// Safety: `XML_PARSE_NONET`, no DTD loading (no external subset handler), external entities never
/// loaded (no `XML_PARSE_NOENT`), libxml2's entity amplification checks and depth limit (256) left on
/// (no `XML_PARSE_HUGE`), and errors collected through the context instead of printed.
enum XMLFeedReader {
  /// What one pass produced, including how the markup misbehaved.
  struct Outcome {
    /// The feed; its `items` are empty when they were streamed to `onItem`.
    var feed: Feed
    /// Items completed (kept in `feed.items` or streamed).
    var itemCount: Int
    /// The author inherited by items that have none (already applied to kept items).
    var inheritedAuthor: String?
    /// Fields cut at `FeedBuilder.maxFieldBytes`.
    var cutFields: Int
    var format: FeedBuilder.Format?
    var foreignRoot: String?
    var errors: ErrorLog
    var repairs: Repairs
  }

  /// What `ReferenceRepair` fixed.
  struct Repairs {
    var count = 0
    var first: (kind: ReferenceRepair.Kind, offset: Int)?
  }

  /// Errors libxml2 reported during the pass.
  struct ErrorLog {
    var count = 0
    var first: String?
    var entityLoop = false
    var encoding = false
    /// Entity references expanded to more bytes than `Session.expansionLimit` allows.
    var expansion: (expanded: Int, limit: Int)?
    /// The pass ran out of time.
    var timedOut = false
  }

  /// What one xmlParseChunk call is given. libxml2 copies each chunk into its input buffer before parsing
  /// it, so the buffer grows to the chunk's size: 64 KiB keeps that copy small per concurrent parse, at
  /// no measurable parse cost.
  static let chunkSize = 64 * 1024

  /// Parses `input`; `encoding`, when given, overrides the BOM-less detection and the XML declaration.
  /// With `onItem`, each item is handed over as soon as it is complete instead of kept in the outcome.
  /// `repairReferences` runs the bytes through `ReferenceRepair` first; the pass stops after
  /// `timeLimit` seconds. Without `bodies`, items come without summary and content; with `bodiesAsBytes`,
  /// `onItem` gets them as bytes beside the item instead.
  static func read(
    _ input: FeedInput, documentURL: URL?, encoding: String?, repairReferences: Bool, timeLimit: Double,
    onItem: ((Item, FeedParser.ItemBodies?) -> Void)? = nil, bodies: Bool = true, bodiesAsBytes: Bool = false
  ) -> Outcome {
    // Errors reach `session.errors` through the SAX callbacks; libxml2's default printers (stderr, the
    // terminal in the interactive reader) are silenced on this thread.
    LibXML.prepareThread()
    let session = Session(builder: FeedBuilder(
        documentURL: documentURL, onItem: onItem, keepsBodies: bodies, bodiesAsBytes: bodiesAsBytes), timeLimit: timeLimit)
    var handler = makeHandler()
    let handlerEncoding = encoding.flatMap { xmlFindCharEncodingHandler($0) }
    var context: xmlParserCtxtPtr?
    let repair = repairReferences ? ReferenceRepair() : nil
    /// Hands bytes to libxml2, creating the parser on the first ones.
    func push(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
      let base = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
      var offset = 0
      if context == nil {
        // Without an imposed encoding libxml2 sniffs the first four bytes (BOM, UTF-16 patterns).
        offset = handlerEncoding == nil ? min(4, bytes.count) : 0
        context = makeContext(&handler, head: base, count: offset, encoding: handlerEncoding, session: session)
        session.context = context
      }
      guard let ctxt = context else { return }
      while offset < bytes.count, session.proceeds(ctxt) {
        let n = min(chunkSize, bytes.count - offset)
        session.bytesRead += n
        xmlParseChunk(ctxt, base + offset, Int32(n), 0)
        offset += n
        session.checkTime(every: 256)
      }
    }
    do {
      try input.forEachChunk { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var offset = 0
        while offset < bytes.count {
          let piece = UnsafeBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + chunkSize)])
          if let repair { repair.feed(piece, push) } else { push(piece) }
          offset += piece.count
          if let ctxt = context, !session.proceeds(ctxt) { return false }
          if context == nil, session.errors.count > 0 { return false }
        }
        return true
      }
      repair?.finish(push)
    } catch {
      session.errors.count += 1
      session.errors.first = session.errors.first ?? "read error: \(error.localizedDescription)"
    }
    if let ctxt = context {
      if !session.stopped { xmlParseChunk(ctxt, nil, 0, 1) }
      if let doc = ctxt.pointee.myDoc {
        xmlFreeDoc(doc)
        ctxt.pointee.myDoc = nil
      }
      xmlFreeParserCtxt(ctxt)
      splitfeed_xml_silence_default_errors()  // the thread's handler must not outlive this context
    }
    let builder = session.builder
    let feed = builder.finish()
    return Outcome(
      feed: feed, itemCount: builder.itemCount, inheritedAuthor: builder.inheritedAuthor, cutFields: builder.cutFields,
      format: builder.format, foreignRoot: builder.foreignRoot, errors: session.errors,
      repairs: repair.map { Repairs(count: $0.count, first: $0.first) } ?? Repairs())
  }

  private static func makeContext(
    _ handler: inout xmlSAXHandler, head: UnsafePointer<CChar>, count: Int,
    encoding: xmlCharEncodingHandlerPtr?, session: Session
  ) -> xmlParserCtxtPtr? {
    guard let ctxt = xmlCreatePushParserCtxt(&handler, nil, head, Int32(count), nil) else {
      session.errors.count += 1
      session.errors.first = "libxml2 could not create a parser"
      return nil
    }
    var options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue)
    if let encoding {
      xmlSwitchToEncoding(ctxt, encoding)
      options |= Int32(XML_PARSE_IGNORE_ENC.rawValue)
    }
    xmlCtxtUseOptions(ctxt, options)
    ctxt.pointee._private = Unmanaged.passUnretained(session).toOpaque()
    // Some failures (bytes invalid in the declared encoding stop libxml2's input converter) are raised
    // without the parser context, so `serror` never hears of them; the thread's structured handler does.
    // Route it to the same callback with this context until the pass ends (`read` silences it again).
    xmlSetStructuredErrorFunc(UnsafeMutableRawPointer(ctxt), handler.serror)
    return ctxt
  }

  /// The per-pass state reachable from C callbacks through the context's `_private` pointer (which
  /// libxml2 also copies into the sub-contexts it uses to expand entities).
  final class Session {
    let builder: FeedBuilder
    var errors = ErrorLog()
    var stopped = false
    /// The main parser (entity expansions run in sub-contexts; stopping one of those is not enough).
    var context: xmlParserCtxtPtr?
    /// Bytes handed to libxml2 so far: the document size the expansion limit is measured against.
    var bytesRead = 0
    /// Bytes of entity text expanded so far, summed over every reference (nested ones included).
    var expanded = 0
    let deadline: UInt64
    let timeLimit: Double
    private var callsUntilClockCheck = 0

    init(builder: FeedBuilder, timeLimit: Double) {
      self.builder = builder
      self.timeLimit = timeLimit
      deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, timeLimit) * 1e9)
    }

    /// Entity text a document may expand to: a few times its own size, plus room for small documents.
    /// Real feeds expand single characters (`&nbsp;` in a DTD); an attack expands megabytes each time.
    var expansionLimit: Int { (1 << 20) + 8 * bytesRead }

    func proceeds(_ ctxt: xmlParserCtxtPtr) -> Bool { !stopped && ctxt.pointee.instate != XML_PARSER_EOF }

    /// Ends the pass (the main parser, whichever context a callback runs in).
    func stop() {
      stopped = true
      if let context { xmlStopParser(context) }
    }

    /// Stops the pass when its time is up; reads the clock only every 256 calls.
    func checkTime(every: Int = 1) {
      callsUntilClockCheck -= every
      guard callsUntilClockCheck <= 0 else { return }
      callsUntilClockCheck = 256
      if DispatchTime.now().uptimeNanoseconds > deadline, !stopped {
        errors.timedOut = true
        stop()
      }
    }
  }

  fileprivate static func session(_ ctx: UnsafeMutableRawPointer?) -> Session? {
    guard let ctxt = ctx?.assumingMemoryBound(to: xmlParserCtxt.self), let p = ctxt.pointee._private
    else { return nil }
    return Unmanaged<Session>.fromOpaque(p).takeUnretainedValue()
  }

  /// Runs `body` on the session's builder without retaining it: the hot path (one call per text run),
  /// where a retain/release pair per callback showed up in profiles.
  @inline(__always)
  fileprivate static func withBuilder(_ ctx: UnsafeMutableRawPointer?, _ body: (FeedBuilder) -> Void) {
    guard let ctxt = ctx?.assumingMemoryBound(to: xmlParserCtxt.self), let p = ctxt.pointee._private
    else { return }
    Unmanaged<Session>.fromOpaque(p)._withUnsafeGuaranteedRef { body($0.builder) }
  }

  private static func makeHandler() -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = XML_SAX2_MAGIC
    sax.startDocument = xmlSAX2StartDocument  // a tiny document holding only DTD entity declarations
    sax.internalSubset = xmlSAX2InternalSubset
    sax.entityDecl = xmlSAX2EntityDecl
    sax.getEntity = { ctx, name in
      // Every reference to a declared entity comes here (nested ones too, each time they are expanded).
      guard let session = XMLFeedReader.session(ctx), !session.stopped,
        let entity = xmlSAX2GetEntity(ctx, name)
      else { return nil }
      session.expanded += Int(entity.pointee.length)
      if session.expanded > session.expansionLimit {
        session.errors.expansion = (session.expanded, session.expansionLimit)
        session.stop()
        return nil
      }
      session.checkTime(every: 16)
      return entity
    }
    sax.startElementNs = { ctx, local, _, uri, _, _, attributeCount, _, attributes in
      guard let session = XMLFeedReader.session(ctx), let local else { return }
      session.checkTime()
      let attrs = SAXAttributes(pointers: attributes, count: Int(attributeCount))
      switch session.builder.startElement(local: local, uri: uri, attributes: attrs) {
      case .proceed:
        return
      case .tooDeep:
        session.errors.count += 1
        session.errors.first = session.errors.first
          ?? "line \(xmlSAX2GetLineNumber(ctx)): elements nested deeper than \(FeedBuilder.maxDepth) levels"
      case .notAFeed:
        break
      }
      session.stop()
    }
    sax.endElementNs = { ctx, local, _, _ in
      guard let local else { return }
      XMLFeedReader.withBuilder(ctx) { $0.endElement(local: local) }
    }
    sax.characters = { ctx, text, length in
      guard let text else { return }
      XMLFeedReader.withBuilder(ctx) { $0.characters(text, count: Int(length)) }
    }
    sax.cdataBlock = sax.characters
    sax.serror = { ctx, error in
      guard let error, let session = XMLFeedReader.session(ctx) else { return }
      let e = error.pointee
      guard e.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      session.errors.count += 1
      if e.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) { session.errors.entityLoop = true }
      if e.code == Int32(XML_ERR_INVALID_CHAR.rawValue) || e.code == Int32(XML_ERR_INVALID_ENCODING.rawValue) {
        session.errors.encoding = true
      }
      if session.errors.first == nil {
        let message = e.message.map { String(cString: $0) }?
          .trimmingCharacters(in: .whitespacesAndNewlines) ?? "error \(e.code)"
        session.errors.first = "line \(e.line): \(message)"
      }
    }
    return sax
  }

}
