#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>

/// One HTTP GET run by libcurl with splitfeed's limits (see HTTPTransfer.swift for why libcurl is
/// driven directly). Fill the inputs, call cc_perform from a thread of its own, read the outputs, then
/// cc_transfer_free. cc_cancel may be called from any thread while cc_perform runs.
typedef enum {
  CC_OK = 0,
  /// libcurl could not be loaded or a handle not created.
  CC_UNAVAILABLE,
  /// The decoded body passed max_bytes (or the headers 256 KiB): stopped at once.
  CC_TOO_LARGE,
  /// Nothing arrived for idle_timeout_ms.
  CC_IDLE_TIMEOUT,
  /// The whole transfer took longer than total_timeout_ms.
  CC_TOTAL_TIMEOUT,
  CC_CANCELLED,
  /// libcurl failed: curl_code and error hold its code and words.
  CC_CURL_ERROR,
} cc_result;

typedef struct {
  // Inputs (owned by the caller).
  const char *url;
  const char *const *headers;
  size_t header_count;
  long connect_timeout_ms;
  long idle_timeout_ms;
  long total_timeout_ms;
  long max_redirects;
  size_t max_bytes;

  // Outputs (freed by cc_transfer_free).
  cc_result result;
  int curl_code;
  char error[256];
  long status;
  char *effective_url;
  /// The header lines of the last response (after redirects), CRLF-separated.
  char *header_block;
  size_t header_length;
  unsigned char *body;
  size_t body_length;

  // Private.
  void *handle;
  int cancelled;
  size_t body_capacity;
  size_t header_capacity;
  long long last_activity_ms;
} cc_transfer;

void cc_perform(cc_transfer *transfer);
void cc_cancel(cc_transfer *transfer);
void cc_transfer_free(cc_transfer *transfer);

#endif
