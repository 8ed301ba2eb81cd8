#!/usr/bin/env bash
# Content digest of an image root: sha256 over a canonical listing of every
# path (sorted bytewise), its type, its permission bits and, for a regular
# file, the sha256 of its content; for a symlink, its target. Timestamps and
# owners are left out on purpose: they do not change what runs.
set -euo pipefail
root=$1
cd "$root"
LC_ALL=C find . -mindepth 1 -printf '%y %m %p\0' | LC_ALL=C sort -z | while IFS= read -r -d '' entry; do
  kind=${entry%% *}; rest=${entry#* }; path=${rest#* }
  case "$kind" in
    f) printf '%s %s\n' "$entry" "$(sha256sum <"$path" | cut -c1-64)" ;;
    l) printf '%s -> %s\n' "$entry" "$(readlink "$path")" ;;
    *) printf '%s\n' "$entry" ;;
  esac
done | sha256sum | cut -c1-64 | sed 's/^/sha256:/'
