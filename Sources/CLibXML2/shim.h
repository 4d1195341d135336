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
#endif
