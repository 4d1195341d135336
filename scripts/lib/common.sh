# Shared by scripts/run, scripts/test and the benchmarks: find the repo, install missing Debian packages.
# shellcheck shell=bash

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export REPO_ROOT

# The system packages the build needs (headers + pkg-config for the libxml2 module), and libcurl, which
# the fetcher loads at run time on its first fetch (Sources/CCurl).
BUILD_PACKAGES=(pkg-config libncursesw5-dev libxml2-dev libsqlite3-dev libcurl4)

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

ensure_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
      export PATH="/opt/swift/usr/bin:$PATH"
    else
      say "Swift 6 toolchain not found: install it from swift.org and put 'swift' on PATH."
      exit 1
    fi
  fi
}

# The functions a reload, a start and a walk through the screens run, in the order the linker is to
# place them (written by scripts/order-functions; a name the code no longer has is skipped).
LINK_ORDER="$REPO_ROOT/scripts/lib/link-order.txt"

# build_release: the optimised binary that scripts/run starts and the benchmarks measure; prints its path.
# - The Swift runtime and Foundation are linked in (--static-swift-stdlib): measured with bench-app, a
#   process then starts in ~18 ms instead of ~24 ms and peaks ~7 MB lower (no relocation of a dozen
#   shared Swift libraries, only the pages used are read), at the cost of a larger file (~90 MB with
#   symbols).
# - Linked by lld with packed relative relocations (RELR, glibc 2.36+): the loader no longer reads a
#   2.1 MB relocation table at every start (-2.1 MB resident).
# - Every function in a section of its own, and the ones in $LINK_ORDER placed first: the code a run
#   touches sits in a few hundred KB instead of being spread over 18 MB, of which the kernel maps 64 KB
#   around each page touched (bench-app's 100-feed reload: text resident 9.8 -> ~5 MB).
# - No dynamic symbol table of our own functions (--no-export-dynamic undoes the -export-dynamic that
#   the static Swift runtime's link arguments add): nothing looks them up, and the loader no longer
#   reads 550 KB of names at each start.
release_flags() {
  RELEASE_FLAGS=(-c release --static-swift-stdlib
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
    -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic)
  if [ -s "$LINK_ORDER" ]; then
    RELEASE_FLAGS+=(-Xlinker "--symbol-ordering-file=$LINK_ORDER" -Xlinker --no-warn-symbol-ordering)
  fi
}

build_release() {
  local - log bin_dir
  set -o pipefail  # the build's status, not the progress filter's (restored on return by `local -`)
  release_flags
  bin_dir=$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)
  # SwiftPM does not see the order file as an input: a binary linked before its last change is relinked.
  if [ -e "$bin_dir/splitfeed" ] && [ "$LINK_ORDER" -nt "$bin_dir/splitfeed" ]; then rm -f "$bin_dir/splitfeed"; fi
  log=$(mktemp)
  if [ -e "$bin_dir/splitfeed" ]; then say "Building splitfeed (release)…"; else say "Building splitfeed (release; the first build takes a few minutes)…"; fi
  if ! swift build "${RELEASE_FLAGS[@]}" --product splitfeed 2>&1 | show_build_progress "$log"; then
    cat "$log" >&2
    rm -f "$log"
    say "splitfeed: the build failed (output above)."
    exit 1
  fi
  rm -f "$log"
  printf '%s/splitfeed\n' "$bin_dir"
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
