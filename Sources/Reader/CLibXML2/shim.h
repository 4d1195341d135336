#ifndef SPLITFEED_CLIBXML2_H
#define SPLITFEED_CLIBXML2_H

/* Debian's libxml2 is built with ICU, so <libxml/encoding.h> includes <unicode/ucnv.h>. Foundation ships
 * its own ICU (_FoundationICU) whose `UErrorCode` differs, and a module that sees both fails to build
 * ("UErrorCode has different definitions in different modules") depending on build order. splitfeed never
 * calls ICU: skip ICU's header and declare the two names libxml2's struct needs, so this module stays
 * ICU-free. */
#include <stdint.h>
#define UCNV_H 1
typedef struct UConverter UConverter;
typedef uint16_t UChar;
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/uri.h>
#include <libxml/encoding.h>
#include <libxml/xmlIO.h>

/* libxml2 reports some errors (encoding conversion failures, "xmlParseChunk: encoder error", I/O errors)
 * through its per-thread *generic* error handler, which prints to stderr by default — in the interactive
 * reader stderr is the terminal, so a feed in a broken encoding would scribble over the screen. Parsers
 * record errors through their own SAX callbacks; this silences the default printer on the calling thread
 * (libxml2 keeps these handlers per thread, and parses run on whatever thread a task lands on, so call it
 * before every parse). The handler is variadic, which Swift cannot write: hence C. */
static void splitfeed_xml_discard(void *context, const char *message, ...) {
  (void)context;
  (void)message;
}
static void splitfeed_xml_discard_structured(void *context, const xmlError *error) {
  (void)context;
  (void)error;
}
static inline void splitfeed_xml_silence_default_errors(void) {
  xmlSetGenericErrorFunc(NULL, splitfeed_xml_discard);
  xmlSetStructuredErrorFunc(NULL, (xmlStructuredErrorFunc)splitfeed_xml_discard_structured);
}

#endif
