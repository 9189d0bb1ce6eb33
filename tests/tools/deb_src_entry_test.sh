#!/usr/bin/env bash
# tools/deb_src_entry.sh derives the deb-src entry from the machine's own apt configuration: checked on
# made-up apt folders (deb822 with a security stanza and a disabled one first, the one-line format with
# options, and a machine with no entry for this release), and on this machine's real configuration.
set -uo pipefail
cd "$(dirname "$0")/../.."
codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fails=0
expect() {  # expect NAME WANT_RC WANT_OUTPUT APT_DIR
  local out rc
  out=$(bash tools/deb_src_entry.sh "$4" 2>/dev/null); rc=$?
  if [ "$rc" != "$2" ] || [ "$out" != "$3" ]; then
    echo "FAIL $1: rc $rc, output:"; echo "$out"; fails=$((fails + 1))
  else echo "ok   $1"; fi
}
mkdir -p "$t/deb822/sources.list.d" "$t/oneline/sources.list.d" "$t/none/sources.list.d"
cat > "$t/deb822/sources.list.d/debian.sources" <<SRC
Types: deb
URIs: http://mirror.example/debian-security
Suites: $codename-security
Components: main
Signed-By: /usr/share/keyrings/security.gpg

Types: deb
Enabled: no
URIs: http://disabled.example/debian
Suites: $codename
Components: main

# the main archive
Types: deb deb-src
URIs: http://mirror.example/debian http://second.example/debian
Suites: $codename $codename-updates
Components: main contrib
Signed-By: /usr/share/keyrings/archive.gpg
SRC
expect "deb822: the main archive's first URI and keyring" 0 "Types: deb-src
URIs: http://mirror.example/debian
Suites: $codename
Components: main
Signed-By: /usr/share/keyrings/archive.gpg" "$t/deb822"
cat > "$t/oneline/sources.list" <<SRC
# a proxy in front of the archive
deb http://proxy.example:3142/debian-security $codename-security main
deb [arch=amd64 signed-by=/usr/share/keyrings/k.gpg] http://proxy.example:3142/debian $codename main non-free
SRC
expect "one-line format with options" 0 "Types: deb-src
URIs: http://proxy.example:3142/debian
Suites: $codename
Components: main
Signed-By: /usr/share/keyrings/k.gpg" "$t/oneline"
echo "deb http://old.example/debian oldrelease main" > "$t/none/sources.list"
expect "no entry for this release is an error" 1 "" "$t/none"
# This machine: the entry names the URI its own apt configuration uses (whatever that is).
real=$(bash tools/deb_src_entry.sh) || { echo "FAIL this machine: no entry"; fails=$((fails + 1)); }
uri=$(echo "$real" | sed -n 's/^URIs: //p')
if [ -n "$uri" ] && grep -rqs -- "$uri" /etc/apt/sources.list /etc/apt/sources.list.d/; then echo "ok   this machine ($uri from /etc/apt)"
else echo "FAIL this machine: '$uri' is not in /etc/apt"; fails=$((fails + 1)); fi
echo "$((4 - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
