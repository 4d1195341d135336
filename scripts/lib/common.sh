# Shared by scripts/run, scripts/test and the benchmarks: find the repo, install missing Debian packages.
# shellcheck shell=bash

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export REPO_ROOT

# The system packages the build needs: headers, and pkg-config for the libxml2 and libcurl modules.
BUILD_PACKAGES=(pkg-config libncursesw5-dev libxml2-dev libsqlite3-dev libcurl4-openssl-dev libpng-dev libjpeg62-turbo-dev libgif-dev libwebp-dev)
# What the test suite runs besides the binary: tmux (the end-to-end screens), procps (pgrep: the program in
# a pane), xmllint, man (the installed page), newsboat and sqlite3 (import), python3 (loopback servers),
# and a real xterm on a virtual X server with its bitmap fonts and xwd for screenshots (the xterm tests),
# and kitty (0.26 on Debian 12: its direct placements, drawn with Mesa's software GL) and mlterm (sixel).
TEST_PACKAGES=(tmux procps python3 libxml2-utils man-db groff-base newsboat sqlite3 xvfb xterm x11-apps xfonts-base kitty mlterm)

say() { printf '%s\n' "$*" >&2; }

# ensure_packages PKG…: installs the packages that are not installed yet, with apt-get as root or through
# sudo; explains what to do when neither is possible.
ensure_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo)
    else
      say "splitfeed needs these Debian packages: ${missing[*]}"
      say "Install them as root:  apt-get install -y ${missing[*]}"
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "apt-get not found; install these packages with your system's package manager: ${missing[*]}"
    exit 1
  fi
  say "Installing ${missing[*]} …"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_swift: puts the Swift toolchain on PATH and makes sure what the toolchain itself needs is there.
ensure_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
      export PATH="/opt/swift/usr/bin:$PATH"
    else
      say "Swift 6 toolchain not found: install it from swift.org and put 'swift' on PATH."
      exit 1
    fi
  fi
  ensure_toolchain_prerequisites
}

# ensure_toolchain_prerequisites: the toolchain's own needs, which swift.org lists for Debian and its
# tarball does not carry. Without them the build fails with messages that name no package: no linker
# (binutils: "posix_spawn failed"), no C runtime objects or C++ library (libstdc++-N-dev, which brings
# libgcc-N-dev and libc6-dev: "cannot find crtbeginS.o", "-lgcc"), no git (SwiftPM clones the
# dependencies: "Failed to clone repository"). Checked by the files themselves, so a toolchain set up
# another way passes; on Debian the missing packages are installed, elsewhere named.
ensure_toolchain_prerequisites() {
  local missing=() gcc_major
  gcc_major=$(dpkg-query -W -f='${Version}' libgcc-s1 2>/dev/null | sed -E 's/^([0-9]+).*/\1/')
  command -v ld >/dev/null 2>&1 || missing+=(binutils)
  compgen -G '/usr/lib/gcc/*/*/crtbeginS.o' >/dev/null && compgen -G '/usr/lib/gcc/*/*/libstdc++.so' >/dev/null ||
    missing+=("libstdc++-${gcc_major:-12}-dev")
  command -v git >/dev/null 2>&1 || missing+=(git)
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v dpkg-query >/dev/null 2>&1; then
    say "The Swift toolchain needs a linker, the C++ runtime and git (Debian: ${missing[*]}); install them first."
    exit 1
  fi
  ensure_packages "${missing[@]}"
}

# build_release [PRODUCT]: the optimised binary that scripts/run starts and the benchmarks measure (default
# splitfeed; the benchmarks' own program is splitfeed-bench); prints its path.
release_flags() {
  RELEASE_FLAGS=(-c release
    --static-swift-stdlib   # the Swift runtime and Foundation linked in: starts faster, no dozen .so to relocate
    -Xswiftc -use-ld=lld)   # lld: relinks the ~90 MB static binary in ~3 s
}

build_release() {
  local - log bin_dir product=${1:-splitfeed}
  set -o pipefail  # the build's status, not the progress filter's (restored on return by `local -`)
  release_flags
  bin_dir=$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)
  log=$(mktemp)
  if [ -e "$bin_dir/$product" ]; then say "Building $product (release)…"; else say "Building $product (release; the first build takes a few minutes)…"; fi
  if ! swift build "${RELEASE_FLAGS[@]}" --product "$product" 2>&1 | show_build_progress "$log"; then
    cat "$log" >&2
    rm -f "$log"
    say "$product: the build failed (output above)."
    exit 1
  fi
  rm -f "$log"
  printf '%s/%s\n' "$bin_dir" "$product"
}

# bench_program: the benchmarks' program, SPLITFEED_BENCH_BIN when set (SPLITFEED_BIN, an older build's
# splitfeed, also works: it carried the benchmarks as hidden commands), else this tree's release build.
bench_program() {
  if [ -n "${SPLITFEED_BENCH_BIN:-${SPLITFEED_BIN:-}}" ]; then
    printf '%s\n' "${SPLITFEED_BENCH_BIN:-$SPLITFEED_BIN}"
  else
    build_release splitfeed-bench
  fi
}

# bench_name PROGRAM NAME: the subcommand of benchmark NAME (parse, extract, ui, find, sync) in PROGRAM:
# NAME in splitfeed-bench, `bench-NAME` in an older splitfeed, which carried them as hidden commands.
bench_name() {
  case "$(basename "$1")" in
    splitfeed-bench*) printf '%s\n' "$2" ;;
    *) printf 'bench-%s\n' "$2" ;;
  esac
}

# … | show_build_progress LOG: keeps swift build's whole output in LOG and shows its `[n/m] step` lines on
# stderr (one line rewritten in place on a terminal), so a first build of several minutes is seen to
# move; fails when the build did (pipefail).
show_build_progress() {
  local line width
  if [ -t 2 ]; then
    width=$(( $(tput cols 2>/dev/null || echo 80) - 1 ))
    while IFS= read -r line; do
      printf '%s\n' "$line" >>"$1"
      [[ $line == \[*/*\]* ]] && printf '\r\033[K%s' "${line:0:$width}" >&2
    done
    printf '\r\033[K' >&2
  else
    while IFS= read -r line; do
      printf '%s\n' "$line" >>"$1"
      [[ $line == \[*/*\]* ]] && printf '%s\n' "$line" >&2
    done
  fi
  return 0
}

# start_feed_server DIR LOG: serves DIR over HTTP on 127.0.0.1 (scripts/lib/feed_server.py, stopped after
# 30 minutes at the latest); sets SERVER_PID (the caller kills it on exit) and FEED_URL.
start_feed_server() {
  local port
  timeout 1800 python3 -u "$REPO_ROOT/scripts/lib/feed_server.py" "$1" >"$2" 2>/dev/null &
  SERVER_PID=$!
  for _ in $(seq 50); do grep -q 'port' "$2" 2>/dev/null && break; sleep 0.1; done
  port=$(sed -nE 's/.*port ([0-9]+).*/\1/p' "$2" | head -1)
  [ -n "$port" ] || { say "the feed server did not start"; exit 1; }
  FEED_URL="http://127.0.0.1:$port"
}
