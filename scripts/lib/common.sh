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

# build_release: the optimised binary that scripts/run starts and the benchmarks measure; prints its path.
# The Swift runtime and Foundation are linked in (--static-swift-stdlib): measured with bench-app, a
# process then starts in ~18 ms instead of ~24 ms and peaks ~7 MB lower (no relocation of a dozen shared
# Swift libraries, only the pages used are read), at the cost of a larger file (~90 MB with symbols).
build_release() {
  local log
  if ! log=$(swift build -c release --static-swift-stdlib --product splitfeed 2>&1); then
    printf '%s\n' "$log" >&2
    say "splitfeed: the build failed (output above)."
    exit 1
  fi
  printf '%s/splitfeed\n' "$(swift build -c release --static-swift-stdlib --show-bin-path)"
}
