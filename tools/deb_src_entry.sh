#!/usr/bin/env bash
# Prints a deb822 `deb-src` stanza for the machine's main Debian archive, derived from its own apt
# configuration: the first `deb` entry (deb822 .sources under /etc/apt/sources.list.d, else the one-line
# /etc/apt/sources.list) whose suites include the release codename and whose components include main.
# Its URI and Signed-By are kept as they are, so a machine on another mirror or behind a proxy fetches
# from where it already does. Exit status 1 when no such entry exists.
# Usage: tools/deb_src_entry.sh [APT_ETC_DIR]   (default /etc/apt; the argument exists for the tests)
set -euo pipefail
etc=${1:-/etc/apt}
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$codename" ] || { echo "deb_src_entry: no VERSION_CODENAME in /etc/os-release" >&2; exit 1; }

emit() {  # emit URI SIGNED_BY
  echo "Types: deb-src"
  echo "URIs: $1"
  echo "Suites: $codename"
  echo "Components: main"
  if [ -n "$2" ]; then echo "Signed-By: $2"; fi
}

# deb822 files: stanzas separated by blank lines; comment lines ignored.
for f in "$etc"/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  found=$(awk -v want="$codename" '
    function flush() {
      if (!done && types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " want " ") && (" " comps " ") ~ / main / && uri != "" && enabled != "no") {
        print uri "\t" signed; done = 1
      }
      types = ""; suites = ""; comps = ""; uri = ""; signed = ""; enabled = ""
    }
    /^[ \t]*#/ { next }
    /^[ \t]*$/ { flush(); next }
    { key = tolower($1); sub(/:$/, "", key); $1 = ""; val = $0; sub(/^[ \t]+/, "", val)
      if (key == "types") types = val
      else if (key == "suites") suites = val
      else if (key == "components") comps = val
      else if (key == "uris") { split(val, u, /[ \t]+/); uri = u[1] }
      else if (key == "signed-by") signed = val
      else if (key == "enabled") enabled = tolower(val) }
    END { flush() }' "$f")
  if [ -n "$found" ]; then emit "${found%%$'\t'*}" "${found#*$'\t'}"; exit 0; fi
done

# One-line format: deb [options] URI SUITE COMPONENT...
if [ -f "$etc/sources.list" ]; then
  found=$(awk -v want="$codename" '
    /^[ \t]*deb[ \t]/ {
      i = 2; signed = ""
      if ($2 ~ /^\[/) { while (i <= NF) { if ($i ~ /signed-by=/) { s = $i; sub(/.*signed-by=/, "", s); sub(/\]$/, "", s); signed = s }
                                          if ($i ~ /\]$/) { i++; break } i++ } }
      uri = $i; suite = $(i + 1); main = 0
      for (j = i + 2; j <= NF; j++) if ($j == "main") main = 1
      if (suite == want && main && !done) { print uri "\t" signed; done = 1 }
    }' "$etc/sources.list")
  if [ -n "$found" ]; then emit "${found%%$'\t'*}" "${found#*$'\t'}"; exit 0; fi
fi
echo "deb_src_entry: no 'deb' entry for $codename main in $etc" >&2
exit 1
