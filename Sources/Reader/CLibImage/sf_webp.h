/* WebP through Debian's libwebp, an animation's first frame only through libwebpdemux (docs/DECISIONS.md,
 * "Inline images: GIF and WebP"). Included by shim.h. WebPGetFeatures reads the headers alone, so the
 * caller checks the canvas (and counts an animation's frames from the RIFF chunks) before any pixel is
 * decoded. */
#ifndef SPLITFEED_SF_WEBP_H
#define SPLITFEED_SF_WEBP_H

#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
#include <webp/demux.h>

/* With `out` NULL: the canvas size and whether the file is an animation, from the headers alone.
 * Otherwise decodes the picture, or an animation's first frame at its place on the canvas, into `out`
 * (width*height*4 bytes of RGBA, zeroed by the caller). Returns 0, or -1 on a broken or truncated file. */
static inline int sf_webp_read(const unsigned char *data, size_t size, unsigned *width, unsigned *height,
                               int *animated, unsigned char *out) {
  WebPBitstreamFeatures features;
  WebPData whole;
  WebPDemuxer *demux;
  WebPIterator frame;
  size_t stride, offset, total;
  int status = -1;
  if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return -1;
  if (out == NULL) {
    *width = (unsigned)features.width;
    *height = (unsigned)features.height;
    *animated = features.has_animation;
    return 0;
  }
  if ((unsigned)features.width != *width || (unsigned)features.height != *height) return -1;
  stride = (size_t)*width * 4;
  total = stride * (size_t)*height;
  if (!features.has_animation) return WebPDecodeRGBAInto(data, size, out, total, (int)stride) != NULL ? 0 : -1;
  whole.bytes = data;
  whole.size = size;
  demux = WebPDemux(&whole);
  if (demux == NULL) return -1;
  if (WebPDemuxGetFrame(demux, 1, &frame)) {
    if (frame.x_offset >= 0 && frame.y_offset >= 0 && (unsigned)(frame.x_offset + frame.width) <= *width &&
        (unsigned)(frame.y_offset + frame.height) <= *height) {
      offset = (size_t)frame.y_offset * stride + (size_t)frame.x_offset * 4;
      if (WebPDecodeRGBAInto(frame.fragment.bytes, frame.fragment.size, out + offset, total - offset,
                             (int)stride) != NULL)
        status = 0;
    }
    WebPDemuxReleaseIterator(&frame);
  }
  WebPDemuxDelete(demux);
  return status;
}

#endif
