/* GIF through Debian's giflib, first frame only (docs/DECISIONS.md, "Inline images: GIF and WebP").
 * Included by shim.h. giflib's record-by-record API lets a call walk the file's frames without
 * decompressing them (DGifGetCodeNext only hands over the compressed blocks), so an animation's frame
 * count and the canvas size are known, and checked by the caller, before any pixel is decoded. */
#ifndef SPLITFEED_SF_GIF_H
#define SPLITFEED_SF_GIF_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <gif_lib.h>

struct sf_gif_source {
  const unsigned char *data;
  size_t size;
  size_t position;
};

static int sf_gif_input(GifFileType *file, GifByteType *buffer, int wanted) {
  struct sf_gif_source *source = (struct sf_gif_source *)file->UserData;
  size_t left = source->size - source->position;
  size_t count = wanted < 0 ? 0 : (size_t)wanted;
  if (count > left) count = left;
  memcpy(buffer, source->data + source->position, count);
  source->position += count;
  return (int)count;
}

/* Skips the compressed blocks of the image whose descriptor was just read. Returns 0, or -1. */
static int sf_gif_skip_image(GifFileType *file) {
  int code_size = 0;
  GifByteType *block = NULL;
  if (DGifGetCode(file, &code_size, &block) == GIF_ERROR) return -1;
  while (block != NULL) {
    if (DGifGetCodeNext(file, &block) == GIF_ERROR) return -1;
  }
  return 0;
}

/* Decodes the image whose descriptor was just read onto the canvas `out` (width*height*4 bytes of RGBA,
 * transparent where the frame does not cover it). Returns 0, or -1 on a broken or truncated frame. */
static int sf_gif_draw_first(GifFileType *file, int transparent, unsigned char *out) {
  const GifImageDesc *desc = &file->Image;
  const ColorMapObject *map = desc->ColorMap != NULL ? desc->ColorMap : file->SColorMap;
  int canvas_width = file->SWidth, canvas_height = file->SHeight;
  int width = desc->Width, height = desc->Height;
  GifPixelType *line;
  static const int start[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
  int pass, passes = desc->Interlace ? 4 : 1, row, x;
  if (map == NULL || width <= 0 || height <= 0) return -1;
  line = (GifPixelType *)malloc((size_t)width);
  if (line == NULL) return -1;
  for (pass = 0; pass < passes; pass++) {
    for (row = desc->Interlace ? start[pass] : 0; row < height; row += desc->Interlace ? step[pass] : 1) {
      int y = desc->Top + row;
      if (DGifGetLine(file, line, width) == GIF_ERROR) {
        free(line);
        return -1;
      }
      if (y < 0 || y >= canvas_height) continue;
      for (x = 0; x < width; x++) {
        int cx = desc->Left + x;
        unsigned char *pixel;
        if (cx < 0 || cx >= canvas_width || line[x] == transparent || line[x] >= map->ColorCount) continue;
        pixel = out + ((size_t)y * (size_t)canvas_width + (size_t)cx) * 4;
        pixel[0] = map->Colors[line[x]].Red;
        pixel[1] = map->Colors[line[x]].Green;
        pixel[2] = map->Colors[line[x]].Blue;
        pixel[3] = 255;
      }
    }
  }
  free(line);
  return 0;
}

/* With `out` NULL: reads the logical screen and walks the frames without decoding them, giving the
 * canvas size, the first frame's size and the number of frames, counted up to `max_frames` + 1 (the walk
 * stops there). A file that breaks after its first frame still has that frame: its count is what was
 * read. Otherwise decodes the first frame onto `out` (width*height*4 bytes of RGBA, zeroed by the
 * caller). Returns 0, or -1 on a broken file or one without a frame. */
static inline int sf_gif_read(const unsigned char *data, size_t size, unsigned max_frames, unsigned *width,
                              unsigned *height, unsigned *frame_width, unsigned *frame_height,
                              unsigned *frames, unsigned char *out) {
  struct sf_gif_source source = {data, size, 0};
  int error = 0, status = -1, transparent = NO_TRANSPARENT_COLOR;
  unsigned count = 0;
  GifRecordType record;
  GifFileType *file = DGifOpen(&source, sf_gif_input, &error);
  if (file == NULL) return -1;
  *width = (unsigned)file->SWidth;
  *height = (unsigned)file->SHeight;
  while (count <= max_frames) {
    if (DGifGetRecordType(file, &record) == GIF_ERROR) break;
    if (record == TERMINATE_RECORD_TYPE) break;
    if (record == EXTENSION_RECORD_TYPE) {
      int code = 0;
      GifByteType *extension = NULL;
      if (DGifGetExtension(file, &code, &extension) == GIF_ERROR) break;
      if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && count == 0) {
        GraphicsControlBlock control;
        if (DGifExtensionToGCB(extension[0], extension + 1, &control) == GIF_OK)
          transparent = control.TransparentColor;
      }
      while (extension != NULL) {
        if (DGifGetExtensionNext(file, &extension) == GIF_ERROR) break;
      }
      if (extension != NULL) break;
      continue;
    }
    if (record != IMAGE_DESC_RECORD_TYPE) break;
    if (DGifGetImageDesc(file) == GIF_ERROR) break;
    if (count == 0) {
      *frame_width = (unsigned)file->Image.Width;
      *frame_height = (unsigned)file->Image.Height;
      if (out != NULL) {
        status = sf_gif_draw_first(file, transparent, out);
        break;
      }
    }
    if (sf_gif_skip_image(file) != 0) break;  /* cut inside a later frame: the first is whole */
    count++;
    status = 0;
  }
  *frames = count;
  DGifCloseFile(file, &error);
  return status;
}

#endif
