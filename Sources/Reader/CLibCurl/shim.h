#ifndef SPLITFEED_CLIBCURL_H
#define SPLITFEED_CLIBCURL_H
/* libcurl's own header, found through pkg-config; only Sources/CCurl calls it (its options are variadic,
 * which Swift cannot call). */
#include <curl/curl.h>
#endif
