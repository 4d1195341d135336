// libcurl without its headers: the few functions splitfeed needs are looked up at run time in
// libcurl.so.4, loaded on the first fetch (a start that fetches nothing never loads libcurl, OpenSSL and
// their dependencies), so the build needs no libcurl development package. Option numbers are
// libcurl's stable ABI (curl/curl.h).
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void CURL;
typedef void CURLM;
struct curl_slist;
typedef struct {
  int msg;
  CURL *easy_handle;
  union {
    void *whatever;
    int result;
  } data;
} CURLMsg;

enum {
  OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_WRITEFUNCTION = 20011,
  OPT_HTTPHEADER = 10023, OPT_HEADERDATA = 10029, OPT_NOPROGRESS = 43, OPT_FOLLOWLOCATION = 52,
  OPT_MAXREDIRS = 68, OPT_HEADERFUNCTION = 20079, OPT_NOSIGNAL = 99, OPT_ACCEPT_ENCODING = 10102,
  OPT_CONNECTTIMEOUT_MS = 156, OPT_PROTOCOLS_STR = 10318, OPT_REDIR_PROTOCOLS_STR = 10319,
};
enum {
  INFO_EFFECTIVE_URL = 0x100000 + 1, INFO_RESPONSE_CODE = 0x200000 + 2,
  INFO_CONTENT_LENGTH_DOWNLOAD_T = 0x600000 + 15,
};
enum { CURLMSG_DONE = 1, CURL_GLOBAL_DEFAULT = 3, CURLE_WRITE_ERROR = 23 };

static struct {
  int (*global_init)(long);
  CURL *(*easy_init)(void);
  int (*easy_setopt)(CURL *, int, ...);
  int (*easy_getinfo)(CURL *, int, ...);
  void (*easy_cleanup)(CURL *);
  const char *(*easy_strerror)(int);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
  CURLM *(*multi_init)(void);
  int (*multi_add_handle)(CURLM *, CURL *);
  int (*multi_remove_handle)(CURLM *, CURL *);
  int (*multi_perform)(CURLM *, int *);
  int (*multi_poll)(CURLM *, void *, unsigned int, int, int *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  int (*multi_cleanup)(CURLM *);
  int loaded;
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return;
#define SYM(field, name) if (!(*(void **)&curl.field = dlsym(lib, name))) return;
  SYM(global_init, "curl_global_init")
  SYM(easy_init, "curl_easy_init")
  SYM(easy_setopt, "curl_easy_setopt")
  SYM(easy_getinfo, "curl_easy_getinfo")
  SYM(easy_cleanup, "curl_easy_cleanup")
  SYM(easy_strerror, "curl_easy_strerror")
  SYM(slist_append, "curl_slist_append")
  SYM(slist_free_all, "curl_slist_free_all")
  SYM(multi_init, "curl_multi_init")
  SYM(multi_add_handle, "curl_multi_add_handle")
  SYM(multi_remove_handle, "curl_multi_remove_handle")
  SYM(multi_perform, "curl_multi_perform")
  SYM(multi_poll, "curl_multi_poll")
  SYM(multi_info_read, "curl_multi_info_read")
  SYM(multi_cleanup, "curl_multi_cleanup")
#undef SYM
  if (curl.global_init(CURL_GLOBAL_DEFAULT) != 0) return;
  curl.loaded = 1;
}

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/// Appends to a buffer that never grows past `limit`; returns 0 when it would. An empty buffer starts at
/// `first` bytes (the announced length when known, so a 300 KB feed takes 300 KB, not the 512 KB that
/// doubling from 16 KiB reaches; with eight reloads at once that was 1.3 MB).
static int append(unsigned char **buffer, size_t *length, size_t *capacity, const void *data, size_t count,
                  size_t limit, size_t first) {
  if (count > limit || *length > limit - count) return 0;
  if (*length + count + 1 > *capacity) {
    size_t wanted = *capacity ? *capacity * 2 : (first > 16384 ? first : 16384);
    while (wanted < *length + count + 1) wanted *= 2;
    if (wanted > limit + 1) wanted = limit + 1;
    unsigned char *grown = realloc(*buffer, wanted);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = wanted;
  }
  memcpy(*buffer + *length, data, count);
  *length += count;
  (*buffer)[*length] = 0;
  return 1;
}

// libcurl decodes gzip/deflate before this is called, so the cap counts decoded bytes, and returning
// short stops the transfer right here: a gzip bomb never holds more than the cap.
static size_t on_body(char *data, size_t size, size_t count, void *context) {
  cc_transfer *t = context;
  size_t n = size * count;
  t->last_activity_ms = now_ms();
  size_t first = 0;
  if (!t->body) {
    long long announced = -1;  // the Content-Length, -1 when not sent; decoded bytes may be more
    if (curl.easy_getinfo(t->handle, INFO_CONTENT_LENGTH_DOWNLOAD_T, &announced) == 0 && announced > 0 &&
        (unsigned long long)announced < t->max_bytes)
      first = (size_t)announced + 1;
  }
  if (!append(&t->body, &t->body_length, &t->body_capacity, data, n, t->max_bytes, first)) {
    t->result = CC_TOO_LARGE;
    return 0;
  }
  return n;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
  cc_transfer *t = context;
  size_t n = size * count;
  t->last_activity_ms = now_ms();
  if (n >= 5 && memcmp(data, "HTTP/", 5) == 0) t->header_length = 0;  // a new response (redirect, 100)
  if (!append((unsigned char **)&t->header_block, &t->header_length, &t->header_capacity, data, n, 256 * 1024, 0)) {
    t->result = CC_TOO_LARGE;
    return 0;
  }
  return n;
}

void cc_perform(cc_transfer *t) {
  pthread_once(&load_once, load);
  t->result = CC_OK;
  t->error[0] = 0;
  if (!curl.loaded) {
    t->result = CC_UNAVAILABLE;
    return;
  }
  CURL *easy = curl.easy_init();
  CURLM *multi = curl.multi_init();
  t->handle = easy;
  struct curl_slist *headers = NULL;
  if (!easy || !multi) {
    t->result = CC_UNAVAILABLE;
    if (easy) curl.easy_cleanup(easy);
    if (multi) curl.multi_cleanup(multi);
    return;
  }
  for (size_t i = 0; i < t->header_count; i++) headers = curl.slist_append(headers, t->headers[i]);
  curl.easy_setopt(easy, OPT_URL, t->url);
  curl.easy_setopt(easy, OPT_HTTPHEADER, headers);
  curl.easy_setopt(easy, OPT_ERRORBUFFER, t->error);
  curl.easy_setopt(easy, OPT_WRITEFUNCTION, on_body);
  curl.easy_setopt(easy, OPT_WRITEDATA, t);
  curl.easy_setopt(easy, OPT_HEADERFUNCTION, on_header);
  curl.easy_setopt(easy, OPT_HEADERDATA, t);
  curl.easy_setopt(easy, OPT_NOSIGNAL, 1L);
  curl.easy_setopt(easy, OPT_NOPROGRESS, 1L);
  curl.easy_setopt(easy, OPT_FOLLOWLOCATION, 1L);
  curl.easy_setopt(easy, OPT_MAXREDIRS, t->max_redirects);
  curl.easy_setopt(easy, OPT_ACCEPT_ENCODING, "");  // every encoding this libcurl decodes
  curl.easy_setopt(easy, OPT_CONNECTTIMEOUT_MS, t->connect_timeout_ms);
  curl.easy_setopt(easy, OPT_PROTOCOLS_STR, "http,https");
  curl.easy_setopt(easy, OPT_REDIR_PROTOCOLS_STR, "http,https");
  curl.multi_add_handle(multi, easy);

  long long start = now_ms();
  t->last_activity_ms = start;
  int running = 1;
  int code = 0;
  while (running) {
    curl.multi_perform(multi, &running);
    if (t->result != CC_OK) break;  // a callback stopped it
    if (!running) break;
    long long now = now_ms();
    if (__atomic_load_n(&t->cancelled, __ATOMIC_SEQ_CST)) {
      t->result = CC_CANCELLED;
      break;
    }
    if (now - start >= t->total_timeout_ms) {
      t->result = CC_TOTAL_TIMEOUT;
      break;
    }
    if (now - t->last_activity_ms >= t->idle_timeout_ms) {
      t->result = CC_IDLE_TIMEOUT;
      break;
    }
    int fds = 0;
    curl.multi_poll(multi, NULL, 0, 50, &fds);
  }
  int left = 0;
  CURLMsg *message;
  while ((message = curl.multi_info_read(multi, &left))) {
    if (message->msg == CURLMSG_DONE && message->easy_handle == easy) code = message->data.result;
  }
  if (t->result == CC_OK && code != 0) {
    t->result = CC_CURL_ERROR;
    t->curl_code = code;
    if (!t->error[0]) {
      strncpy(t->error, curl.easy_strerror(code), sizeof t->error - 1);
      t->error[sizeof t->error - 1] = 0;
    }
  }
  if (t->result == CC_OK) {
    char *url = NULL;
    curl.easy_getinfo(easy, INFO_RESPONSE_CODE, &t->status);
    if (curl.easy_getinfo(easy, INFO_EFFECTIVE_URL, &url) == 0 && url) t->effective_url = strdup(url);
  }
  // A body that outgrew its announced size (or had none) doubled its buffer: give the spare back before
  // it waits for the parser.
  if (t->body && t->body_capacity - t->body_length > 16384) {
    unsigned char *fitted = realloc(t->body, t->body_length + 1);
    if (fitted) {
      t->body = fitted;
      t->body_capacity = t->body_length + 1;
    }
  }
  curl.multi_remove_handle(multi, easy);
  curl.easy_cleanup(easy);
  t->handle = NULL;
  curl.multi_cleanup(multi);
  curl.slist_free_all(headers);
}

void cc_cancel(cc_transfer *t) { __atomic_store_n(&t->cancelled, 1, __ATOMIC_SEQ_CST); }

void cc_transfer_free(cc_transfer *t) {
  free(t->effective_url);
  free(t->header_block);
  free(t->body);
  t->effective_url = NULL;
  t->header_block = NULL;
  t->body = NULL;
}
