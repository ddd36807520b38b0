# Installs the Debian packages a command needs when they are missing (sourced by
# scripts/quickstart, scripts/test and .ci/run). Each need is "CHECK PACKAGE": the package is
# wanted when CHECK fails. As root it runs `apt-get update` (a fresh machine's package lists may
# be empty) and `apt-get install`; otherwise it prints the one `sudo apt-get install` line and
# stops, since installing is not for a script to decide behind the user's back.
#
#   need_packages "header:/usr/include/zip.h libzip-dev" "command:zsh zsh" ...

# A check: "header:PATH" (a file exists), "command:NAME" (on PATH), "dir:PATH" (a folder exists).
package_present() {
  case "$1" in
    header:* | file:*) [ -e "${1#*:}" ] ;;
    command:*) command -v "${1#*:}" >/dev/null 2>&1 ;;
    dir:*) [ -d "${1#*:}" ] ;;
    *) return 1 ;;
  esac
}

need_packages() {
  local missing=() need check package
  for need in "$@"; do
    check=${need%% *}
    package=${need#* }
    package_present "$check" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "quiz needs these Debian packages, which are missing; install them and run this again:" >&2
    echo "  sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing ${missing[*]} ..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# What building quiz needs: the C libraries it links (SQLite, libxml2 for Moodle XML and HTML,
# libzip for Canvas packages, libmicrohttpd for `quiz serve`) and pkg-config to find them.
BUILD_PACKAGES=(
  "header:/usr/include/sqlite3.h libsqlite3-dev"
  "header:/usr/include/libxml2/libxml/xmlreader.h libxml2-dev"
  "header:/usr/include/zip.h libzip-dev"
  "header:/usr/include/microhttpd.h libmicrohttpd-dev"
  "command:pkg-config pkg-config"
)

# What the tests need besides: the sqlite3 CLI (tests tamper with databases), tmux (the
# full-screen take), zsh and fish (the completion scripts run in their shells), groff (the man
# page), python3's venv-free pip for jsonschema (exports are validated against the schema),
# curl and openssl (the HTTP tests fetch over HTTPS from a certificate they make).
TEST_PACKAGES=(
  "command:sqlite3 sqlite3"
  "command:tmux tmux"
  "command:zsh zsh"
  "command:fish fish"
  "command:groff groff"
  "command:python3 python3"
  "command:curl curl"
  "command:openssl openssl"
)

# Python's jsonschema, from PyPI when Debian's python3-jsonschema is not there.
need_jsonschema() {
  python3 -c 'import jsonschema' 2>/dev/null && return 0
  python3 -m pip install -q jsonschema 2>/dev/null && return 0
  need_packages "file:/usr/lib/python3/dist-packages/jsonschema python3-jsonschema"
}

# What the `quiz serve` checks and benchmarks need beyond TEST_PACKAGES (which has curl and
# openssl): chromedriver to drive Chromium from selenium (the browser test) and wrk (the
# throughput run's keep-alive load).
SERVE_TEST_PACKAGES=(
  "command:chromedriver chromium-driver"
  "command:wrk wrk"
)

# Python packages from PyPI, each "MODULE PACKAGE": installed with pip when `import MODULE`
# fails. selenium drives the browser test, selenium_axe_python ships axe-core for its
# accessibility check, locust runs the load benchmark.
#
#   need_python_packages "selenium selenium" "locust locust"
need_python_packages() {
  local missing=() need
  for need in "$@"; do
    python3 -c "import ${need%% *}" 2>/dev/null || missing+=("${need#* }")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing ${missing[*]} from PyPI ..." >&2
  python3 -m pip install -q "${missing[@]}" || {
    echo "could not install the Python packages ${missing[*]}; install them and run this again:" >&2
    echo "  python3 -m pip install ${missing[*]}" >&2
    exit 1
  }
}
