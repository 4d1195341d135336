/*
 * CNcurses — the only door from Swift to ncursesw.
 *
 * Why a shim at all: SwiftPM drops the -D flags of ncursesw.pc, so the wide-character API only exists if
 * this header defines NCURSES_WIDECHAR itself; and Swift 6 refuses ncurses's mutable globals (stdscr,
 * COLS, LINES) and cannot call its function-like macros (COLOR_PAIR, getmaxyx). Each function below
 * exists for one of those reasons. Only Sources/App/Terminal/NcursesBackend.swift imports this module.
 */
#ifndef SPLITFEED_CNCURSES_H
#define SPLITFEED_CNCURSES_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

/* Attribute bits, as plain numbers so Swift needs no macro (A_BOLD etc. are macros). */
enum {
  CNC_ATTR_BOLD = 1 << 0,
  CNC_ATTR_DIM = 1 << 1,
  CNC_ATTR_ITALIC = 1 << 2,
  CNC_ATTR_UNDERLINE = 1 << 3,
  CNC_ATTR_REVERSE = 1 << 4,
};

/* Result kinds of cnc_read_key. */
enum {
  CNC_KEY_NONE = 0,     /* nothing pending */
  CNC_KEY_BYTE = 1,     /* *code is one byte of text (0-255); Swift decodes UTF-8 itself */
  CNC_KEY_FUNCTION = 2, /* *code is an ncurses KEY_* code, or one of the paste codes below */
};

/* Key codes given (with define_key) to the terminal's bracketed-paste markers (terminfo PS / PE), far
 * above ncurses's own KEY_* codes and the codes it numbers extended keys with. */
enum {
  CNC_KEY_PASTE_BEGIN = 0x7E00,
  CNC_KEY_PASTE_END = 0x7E01,
};

/* Mouse event reported by cnc_read_mouse. */
typedef struct {
  int x, y;
  int pressed;      /* button 1 click or press */
  int wheel;        /* -1 up, +1 down, 0 none */
} cnc_mouse;

/* Starts curses on the controlling terminal: the user's locale (setlocale before newterm), newterm (which,
 * unlike initscr, returns an error instead of exiting on an unknown TERM), cbreak, noecho, nonl, keypad,
 * hidden cursor, colours on the default background, mouse reporting, short ESC delay, non-blocking reads,
 * and bracketed paste where terminfo describes it (BE/BD/PS/PE), so pasted text can be told from keys.
 * Returns 0, or -1 with a message in `error` (at most `error_size` bytes). */
int cnc_start(char *error, size_t error_size);
/* Whether the locale in force (after cnc_start) encodes text as UTF-8; when not (LANG=C), the UI draws
 * ASCII fallbacks for borders and arrows. */
int cnc_locale_is_utf8(void);
/* Restores the terminal (endwin). Idempotent and safe to call from atexit and fatal-signal paths. */
void cnc_stop(void);
/* Whether cnc_start succeeded and cnc_stop has not run yet. */
int cnc_is_active(void);
/* Installs handlers for fatal signals (SEGV, BUS, ILL, FPE, ABRT, TRAP) that restore the terminal, then
 * re-raise with the default action, so a crash never leaves the terminal raw. */
void cnc_install_crash_handlers(void);

/* Size of the terminal on fd 1 via ioctl(TIOCGWINSZ); falls back to ncurses's COLS/LINES. */
void cnc_terminal_size(int *cols, int *lines);
/* Current curses size (COLS, LINES). */
/* A cell's size in pixels from TIOCGWINSZ's ws_xpixel and ws_ypixel; 0 × 0 when the terminal leaves them
 * unset (pictures drawn as sixel then ask, or assume a size: GraphicsProbe). */
void cnc_cell_pixels(int *width, int *height);
int cnc_cols(void);
int cnc_lines(void);
/* resizeterm, called outside any signal handler after SIGWINCH. */
void cnc_resize(int lines, int cols);

/* Defines colour pair `pair` (fg/bg: 0-255, or -1 for the terminal default). Returns 0 on success. */
int cnc_init_pair(short pair, short fg, short bg);
/* The same with int colours (0xRRGGBB on direct-colour terminals), through init_extended_pair. */
int cnc_init_extended_pair(int pair, int fg, int bg);
/* How many colour pairs the terminal has (COLOR_PAIRS). */
int cnc_color_pairs(void);
int cnc_has_colors(void);
int cnc_color_count(void);

/* Writes one grapheme cluster (`count` wide characters: a base and its combining marks) at (y, x) on
 * stdscr with `attrs` (CNC_ATTR_* bits) and colour `pair`, through setcchar + mvwadd_wch. */
void cnc_put_cell(int y, int x, const wchar_t *chars, int count, unsigned attrs, short pair);
/* Clears stdscr entirely (used after a size change). */
void cnc_clear(void);
/* wnoutrefresh(stdscr) + doupdate(): one physical update per frame. */
void cnc_flush(void);

/* Reads one pending key without blocking: CNC_KEY_NONE, CNC_KEY_BYTE or CNC_KEY_FUNCTION in the result,
 * the byte or KEY_* code in *code. Text comes as bytes (wgetch), not wide characters (wget_wch): ncurses's
 * own multibyte decoding swallows the byte after an invalid sequence (`E0 80 80 j` loses the `j`), so the
 * Swift side decodes UTF-8 with a decoder whose behaviour on bad input is specified and tested. */
int cnc_read_key(int *code);
/* After a KEY_MOUSE code: fills *event; returns 0 on success. */
int cnc_read_mouse(cnc_mouse *event);

/* Key codes Swift cannot see (they are macros). */
int cnc_key_up(void);
int cnc_key_down(void);
int cnc_key_left(void);
int cnc_key_right(void);
int cnc_key_home(void);
int cnc_key_end(void);
int cnc_key_npage(void);
int cnc_key_ppage(void);
int cnc_key_backspace(void);
int cnc_key_enter(void);
int cnc_key_dc(void);
int cnc_key_btab(void);
int cnc_key_mouse(void);
int cnc_key_f(int n);

/* Suspends curses (endwin, cursor shown, bracketed paste off) so a child program or the shell (Ctrl-Z) can
 * own the terminal, and resumes it afterwards (program modes, cursor hidden, bracketed paste on). */
void cnc_suspend(void);
void cnc_resume(void);

#endif
