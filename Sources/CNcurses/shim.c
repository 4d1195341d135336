#include "CNcurses.h"

#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ncursesw/curses.h>

static SCREEN *cnc_screen = NULL;
static volatile sig_atomic_t cnc_active = 0;
/* terminfo's bracketed-paste enable/disable strings (BE/BD), NULL when the terminal has none. */
static const char *cnc_paste_on = NULL;
static const char *cnc_paste_off = NULL;

static int cnc_has_string(const char *s) { return s != NULL && s != (char *)-1 && s[0] != '\0'; }

/* Bracketed paste (xterm's mode 2004): the terminal wraps pasted text in PS ... PE, which define_key turns
 * into two key codes, so a paste is never taken for keystrokes (a pasted "q" must not quit). Only where
 * terminfo has all four strings: a terminal without them sends no markers to recognise. */
static void cnc_setup_bracketed_paste(void) {
  char *on = tigetstr("BE"), *off = tigetstr("BD"), *begin = tigetstr("PS"), *end = tigetstr("PE");
  if (!cnc_has_string(on) || !cnc_has_string(off) || !cnc_has_string(begin) || !cnc_has_string(end)) return;
  if (define_key(begin, CNC_KEY_PASTE_BEGIN) != OK || define_key(end, CNC_KEY_PASTE_END) != OK) return;
  cnc_paste_on = on;
  cnc_paste_off = off;
}

/* Written straight to stdout and flushed: putp would leave it in stdio's buffer until exit (ncurses
 * writes its own output past stdio). Called after endwin when turning off, so the order holds. */
static void cnc_bracketed_paste(int on) {
  const char *s = on ? cnc_paste_on : cnc_paste_off;
  if (s == NULL) return;
  fputs(s, stdout);
  fflush(stdout);
}

int cnc_start(char *error, size_t error_size) {
  if (cnc_active) return 0;
  /* The user's locale must be in force before curses starts (ncursesw converts with it). When it is not
   * UTF-8 (LANG=C, POSIX), ncurses prints nothing for a non-ASCII character, so cnc_locale_is_utf8 tells
   * the UI to send ASCII only (Screen folds every cell, TerminalText.asciiFallback). */
  setlocale(LC_ALL, "");
  setlocale(LC_NUMERIC, "C");
  const char *term = getenv("TERM");
  if (term == NULL || term[0] == '\0') {
    snprintf(error, error_size, "TERM is %s: splitfeed needs a terminal (try TERM=xterm-256color)",
             term == NULL ? "not set" : "empty");
    return -1;
  }
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
    snprintf(error, error_size, "splitfeed needs a terminal on standard input and output");
    return -1;
  }
  cnc_screen = newterm(NULL, stdout, stdin);
  if (cnc_screen == NULL) {
    snprintf(error, error_size, "unknown terminal type '%s': no terminfo entry (try TERM=xterm-256color)", term);
    return -1;
  }
  set_term(cnc_screen);
  /* A terminal that cannot position the cursor (TERM=dumb) cannot show a split view. */
  if (tigetstr("cup") == NULL || tigetstr("cup") == (char *)-1) {
    endwin();
    delscreen(cnc_screen);
    cnc_screen = NULL;
    snprintf(error, error_size, "terminal type '%s' cannot move the cursor: splitfeed needs a full-screen terminal", term);
    return -1;
  }
  cnc_active = 1;
  cbreak();
  noecho();
  nonl();
  intrflush(stdscr, FALSE);
  keypad(stdscr, TRUE);
  nodelay(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  leaveok(stdscr, TRUE);
  if (has_colors()) {
    start_color();
    use_default_colors();
  }
  mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
  mouseinterval(0);
  cnc_setup_bracketed_paste();
  cnc_bracketed_paste(1);
  return 0;
}

void cnc_stop(void) {
  if (!cnc_active) return;
  cnc_active = 0;
  curs_set(1);
  endwin();
  cnc_bracketed_paste(0);
  fflush(stdout);
}

int cnc_is_active(void) { return cnc_active; }

int cnc_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

static void cnc_fatal(int sig) {
  /* Not strictly async-signal-safe, but the process is about to die: restoring the terminal is worth it. */
  cnc_stop();
  signal(sig, SIG_DFL);
  raise(sig);
}

void cnc_install_crash_handlers(void) {
  int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cnc_fatal;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(sigs[i], &sa, NULL);
  }
}

void cnc_terminal_size(int *cols, int *lines) {
  struct winsize ws;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
    *cols = ws.ws_col;
    *lines = ws.ws_row;
  } else {
    *cols = COLS;
    *lines = LINES;
  }
}

void cnc_cell_pixels(int *width, int *height) {
  struct winsize ws;
  *width = 0;
  *height = 0;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0 && ws.ws_xpixel > 0 && ws.ws_ypixel > 0) {
    *width = ws.ws_xpixel / ws.ws_col;
    *height = ws.ws_ypixel / ws.ws_row;
  }
}

int cnc_cols(void) { return COLS; }
int cnc_lines(void) { return LINES; }
void cnc_resize(int lines, int cols) { resizeterm(lines, cols); }

int cnc_init_pair(short pair, short fg, short bg) { return init_pair(pair, fg, bg) == OK ? 0 : -1; }
int cnc_init_extended_pair(int pair, int fg, int bg) { return init_extended_pair(pair, fg, bg) == OK ? 0 : -1; }
int cnc_color_pairs(void) { return COLOR_PAIRS; }
int cnc_has_colors(void) { return has_colors(); }
int cnc_color_count(void) { return COLORS; }

void cnc_put_cell(int y, int x, const wchar_t *chars, int count, unsigned attrs, short pair) {
  if (count < 1) return;
  wchar_t buffer[2] = {chars[0], L'\0'};
  int n = count < CCHARW_MAX ? count : CCHARW_MAX;
  attr_t a = A_NORMAL;
  if (attrs & CNC_ATTR_BOLD) a |= A_BOLD;
  if (attrs & CNC_ATTR_DIM) a |= A_DIM;
  if (attrs & CNC_ATTR_ITALIC) a |= A_ITALIC;
  if (attrs & CNC_ATTR_UNDERLINE) a |= A_UNDERLINE;
  if (attrs & CNC_ATTR_REVERSE) a |= A_REVERSE;
  cchar_t cc;
  if (setcchar(&cc, buffer, a, pair, NULL) == OK) {
    /* setcchar drops everything after a second spacing character, but one cluster can hold several (a
       flag's two regional indicators, an emoji and its skin tone): the rest is stored as given, and
       ncurses prints it all. */
    for (int i = 1; i < n; i++) cc.chars[i] = chars[i];
    if (n < CCHARW_MAX) cc.chars[n] = L'\0';
    mvwadd_wch(stdscr, y, x, &cc);
  }
}

void cnc_clear(void) { wclear(stdscr); }

void cnc_flush(void) {
  wnoutrefresh(stdscr);
  doupdate();
}

int cnc_read_key(int *code) {
  int ch = wgetch(stdscr);
  if (ch == ERR) return CNC_KEY_NONE;
  *code = ch;
  return ch >= 0 && ch <= 0xFF ? CNC_KEY_BYTE : CNC_KEY_FUNCTION;
}

int cnc_read_mouse(cnc_mouse *event) {
  MEVENT m;
  if (getmouse(&m) != OK) return -1;
  event->x = m.x;
  event->y = m.y;
  event->pressed = (m.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) ? 1 : 0;
  event->wheel = (m.bstate & BUTTON4_PRESSED) ? -1 : ((m.bstate & BUTTON5_PRESSED) ? 1 : 0);
  return 0;
}

int cnc_key_up(void) { return KEY_UP; }
int cnc_key_down(void) { return KEY_DOWN; }
int cnc_key_left(void) { return KEY_LEFT; }
int cnc_key_right(void) { return KEY_RIGHT; }
int cnc_key_home(void) { return KEY_HOME; }
int cnc_key_end(void) { return KEY_END; }
int cnc_key_npage(void) { return KEY_NPAGE; }
int cnc_key_ppage(void) { return KEY_PPAGE; }
int cnc_key_backspace(void) { return KEY_BACKSPACE; }
int cnc_key_enter(void) { return KEY_ENTER; }
int cnc_key_dc(void) { return KEY_DC; }
int cnc_key_btab(void) { return KEY_BTAB; }
int cnc_key_mouse(void) { return KEY_MOUSE; }
int cnc_key_f(int n) { return KEY_F(n); }

void cnc_suspend(void) {
  if (!cnc_active) return;
  curs_set(1);
  endwin();
  cnc_bracketed_paste(0);
  fflush(stdout);
}

void cnc_resume(void) {
  if (!cnc_active) return;
  refresh();
  curs_set(0);
  cnc_bracketed_paste(1);
}
