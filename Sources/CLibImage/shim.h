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
#include <png.h>
#include <jpeglib.h>

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

struct sf_jpeg_error {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
};

static void sf_jpeg_exit(j_common_ptr info) { longjmp(((struct sf_jpeg_error *)info->err)->jump, 1); }
static void sf_jpeg_message(j_common_ptr info, int level) {
  (void)level;
  if (level < 0) info->err->num_warnings++; /* a warning: counted, never printed (the screen is ours) */
}
static void sf_jpeg_output(j_common_ptr info) { (void)info; }

/* JPEG through libjpeg, scaled by 1/`denominator` (1, 2, 4 or 8) while decoding. `width`/`height` get
 * the header's size, `scaled_width`/`scaled_height` the size decoded. With `out` NULL only the header is
 * read; otherwise `out` takes scaled_width*scaled_height*4 bytes of RGBA. A file that ends early (libjpeg
 * warns and pads it with grey) counts as broken. Returns 0, or -1. */
static inline int sf_jpeg_read(const unsigned char *data, size_t size, unsigned denominator, unsigned *width,
                               unsigned *height, unsigned *scaled_width, unsigned *scaled_height,
                               unsigned char *out) {
  struct jpeg_decompress_struct info;
  struct sf_jpeg_error error;
  JSAMPROW row = NULL;
  memset(&info, 0, sizeof info);
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = sf_jpeg_exit;
  error.manager.emit_message = sf_jpeg_message;
  error.manager.output_message = sf_jpeg_output;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return -1;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) {
    jpeg_destroy_decompress(&info);
    return -1;
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
  jpeg_start_decompress(&info);
  while (info.output_scanline < info.output_height) {
    row = out + (size_t)info.output_scanline * info.output_width * 4;
    if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
  }
  if (info.output_scanline < info.output_height || error.manager.num_warnings > 0) {
    jpeg_destroy_decompress(&info);
    return -1;
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return error.manager.num_warnings > 0 ? -1 : 0;
}

#endif
