/* Decoding of article pictures through Debian's libpng and libjpeg-turbo here, giflib and libwebp in
 * sf_gif.h and sf_webp.h (docs/DECISIONS.md, "Inline images"). Header-only: libjpeg reports errors by
 * longjmp, which must stay inside C, so the calls below wrap each library whole. Every call first reads
 * the header alone, so the caller checks the declared size before a single pixel is decoded
 * (decompression bombs). */
#ifndef SPLITFEED_CLIBIMAGE_H
#define SPLITFEED_CLIBIMAGE_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <time.h>
#include <png.h>
#include <jpeglib.h>
#include <jerror.h>

#include "sf_gif.h"
#include "sf_webp.h"

/* PNG through libpng's simplified API (its own error handling). With `out` NULL only the header is read;
 * otherwise `out` takes width*height*4 bytes of RGBA. Returns 0, or -1 on a broken or truncated file. */
static inline int sf_png_read(const unsigned char *data, size_t size, unsigned *width, unsigned *height,
                              unsigned char *out) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, size)) return -1;
  if (out == NULL) {
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return 0;
  }
  if (image.width != *width || image.height != *height) {
    png_image_free(&image);
    return -1;
  }
  image.format = PNG_FORMAT_RGBA;
  if (!png_image_finish_read(&image, NULL, out, 0, NULL)) {
    png_image_free(&image);
    return -1;
  }
  return 0;
}

/* What one JPEG decode may cost (docs/ROBUSTNESS.md, "A JPEG's own memory, scans and time"), set by the caller. */
struct sf_jpeg_limits {
  /* libjpeg's own memory (`max_memory_to_use`): its whole-image coefficient buffer, which a progressive
   * or multi-scan file needs at full size whatever the scale (16,000 x 16,000 declared in 150 bytes: 1.5
   * GB), is refused past it, since there is no backing store to spill to. */
  long max_memory;
  /* The most scans read: each may walk every block of the picture again. */
  int max_scans;
  /* CLOCK_MONOTONIC nanoseconds past which the decode stops; 0 for none. */
  unsigned long long deadline;
  /* Set (by `sf_cancel`) to stop the decode: its reader went away. NULL for none. */
  const int *cancelled;
};

/* Why sf_jpeg_read failed. */
enum { SF_BROKEN = -1, SF_TOO_LARGE = -2, SF_TOO_MANY_SCANS = -3, SF_TOO_SLOW = -4, SF_CANCELLED = -5 };

static inline void sf_cancel(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELAXED); }

static inline unsigned long long sf_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec;
}

struct sf_jpeg_error {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  int status;
};

static void sf_jpeg_exit(j_common_ptr info) {
  struct sf_jpeg_error *error = (struct sf_jpeg_error *)info->err;
  int code = error->manager.msg_code;
  if (error->status == 0)
    error->status = (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) ? SF_TOO_LARGE : SF_BROKEN;
  longjmp(error->jump, 1);
}
static void sf_jpeg_message(j_common_ptr info, int level) {
  (void)level;
  if (level < 0) info->err->num_warnings++; /* a warning: counted, never printed (the screen is ours) */
}
static void sf_jpeg_output(j_common_ptr info) { (void)info; }

struct sf_jpeg_progress {
  struct jpeg_progress_mgr manager;
  const struct sf_jpeg_limits *limits;
};

/* libjpeg calls this for every row of blocks it reads or writes, so the limits are checked where the
 * time goes (scans of a few bytes each that walk the whole picture). */
static void sf_jpeg_monitor(j_common_ptr info) {
  const struct sf_jpeg_limits *limits = ((struct sf_jpeg_progress *)info->progress)->limits;
  struct sf_jpeg_error *error = (struct sf_jpeg_error *)info->err;
  j_decompress_ptr decompress = (j_decompress_ptr)info;
  if (decompress->input_scan_number > limits->max_scans) error->status = SF_TOO_MANY_SCANS;
  else if (limits->cancelled != NULL && __atomic_load_n(limits->cancelled, __ATOMIC_RELAXED)) error->status = SF_CANCELLED;
  else if (limits->deadline != 0 && sf_now() > limits->deadline) error->status = SF_TOO_SLOW;
  if (error->status != 0) longjmp(error->jump, 1);
}

/* JPEG through libjpeg, scaled by 1/`denominator` (1, 2, 4 or 8) while decoding. `width`/`height` get
 * the header's size, `scaled_width`/`scaled_height` the size decoded. With `out` NULL only the header is
 * read; otherwise `out` takes scaled_width*scaled_height*4 bytes of RGBA, within `limits`. A file that
 * ends early (libjpeg warns and pads it with grey) counts as broken. Returns 0, or an SF_ reason. */
static inline int sf_jpeg_read(const unsigned char *data, size_t size, unsigned denominator, unsigned *width,
                               unsigned *height, unsigned *scaled_width, unsigned *scaled_height,
                               unsigned char *out, const struct sf_jpeg_limits *limits) {
  struct jpeg_decompress_struct info;
  struct sf_jpeg_error error;
  struct sf_jpeg_progress progress;
  JSAMPROW row = NULL;
  memset(&info, 0, sizeof info);
  memset(&error, 0, sizeof error);
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = sf_jpeg_exit;
  error.manager.emit_message = sf_jpeg_message;
  error.manager.output_message = sf_jpeg_output;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return error.status != 0 ? error.status : SF_BROKEN;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) {
    jpeg_destroy_decompress(&info);
    return SF_BROKEN;
  }
  info.out_color_space = JCS_EXT_RGBA;
  info.scale_num = 1;
  info.scale_denom = denominator;
  jpeg_calc_output_dimensions(&info);
  *width = info.image_width;
  *height = info.image_height;
  *scaled_width = info.output_width;
  *scaled_height = info.output_height;
  if (out == NULL) {
    jpeg_destroy_decompress(&info);
    return 0;
  }
  info.mem->max_memory_to_use = limits->max_memory;
  memset(&progress, 0, sizeof progress);
  progress.manager.progress_monitor = sf_jpeg_monitor;
  progress.limits = limits;
  info.progress = &progress.manager;
  jpeg_start_decompress(&info);
  while (info.output_scanline < info.output_height) {
    row = out + (size_t)info.output_scanline * info.output_width * 4;
    if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
  }
  if (info.output_scanline < info.output_height || error.manager.num_warnings > 0) {
    jpeg_destroy_decompress(&info);
    return SF_BROKEN;
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return error.manager.num_warnings > 0 ? SF_BROKEN : 0;
}

#endif
