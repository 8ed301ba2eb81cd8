#!/usr/bin/env bash
# Builds the Glovebox sandbox image (the container's read-only root) into the
# cache, keyed by the hash of this recipe. Idempotent: an image already built
# from the same recipe is reused in well under a second.
#
#   packaging/image/build.sh            build if missing, print the image path
#   GLOVEBOX_CACHE=DIR build.sh         cache somewhere else (default ~/.cache/glovebox)
#
# Output: $GLOVEBOX_CACHE/image/<recipe-hash>/{rootfs/,DIGEST,BUILD_INFO}
# and a stable pointer $GLOVEBOX_CACHE/image/current -> <recipe-hash>.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${GLOVEBOX_CACHE:-$HOME/.cache/glovebox}
suite=bookworm
mirror=${GLOVEBOX_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# Fixed timestamp for everything written by this recipe (reproducibility).
export SOURCE_DATE_EPOCH=1700000000

recipe_hash=$(cat "$here/build.sh" "$here/requirements.txt" "$here/digest.py" | sha256sum | cut -c1-16)
out="$cache/image/$recipe_hash"

mkdir -p "$cache/image"
# One build at a time per cache.
exec 9>"$cache/image/.lock"
flock 9

if [ -f "$out/DIGEST" ] && [ -d "$out/rootfs/usr" ]; then
  ln -sfn "$recipe_hash" "$cache/image/current"
  echo "sandbox image ready (cached): $out"
  echo "digest: $(cat "$out/DIGEST")"
  exit 0
fi

for tool in debootstrap pip3 sha256sum; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool (run 'make deps')" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "building the image needs root (debootstrap)" >&2; exit 1; }

start=$(date +%s)
work=$(mktemp -d "$cache/image/.build-XXXXXX")
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

echo "==> debootstrap $suite (minbase + python3)"
debootstrap --variant=minbase --include=python3 "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log" >&2; exit 1; }

echo "==> analysis wheels (pinned, hash-checked)"
site="$root/usr/local/lib/python3.11/dist-packages"
mkdir -p "$site"
pip3 install --quiet --disable-pip-version-check --no-cache-dir --no-deps --no-compile \
  --require-hashes --only-binary=:all: --implementation cp --python-version 3.11 --abi cp311 \
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  --target "$site" -r "$here/requirements.txt"
rm -rf "$site"/bin
# The libraries' own test suites are not needed to analyse data (~100 MB).
find "$site" -depth -type d -name tests -path '*/dist-packages/*' -exec rm -rf {} +

echo "==> sandbox user and mount points"
echo 'sandbox:x:1000:1000:glovebox sandbox:/tmp:/usr/sbin/nologin' >>"$root/etc/passwd"
echo 'sandbox:x:1000:' >>"$root/etc/group"
mkdir -p "$root/input" "$root/output" "$root/job" "$root/glovebox"

echo "==> strip apt, docs, caches and non-reproducible files"
rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* \
  "$root"/usr/share/locale/* "$root"/usr/share/lintian "$root"/usr/share/bug \
  "$root"/var/cache/* "$root"/var/lib/apt "$root"/var/log/* "$root"/etc/apt \
  "$root"/usr/bin/apt* "$root"/usr/lib/apt "$root"/usr/lib/x86_64-linux-gnu/libapt* \
  "$root"/var/lib/dpkg/*-old "$root"/etc/*- "$root"/etc/machine-id "$root"/etc/hostname \
  "$root"/etc/resolv.conf "$root"/etc/ld.so.cache "$root"/tmp/* 2>/dev/null || true
find "$root/root" -mindepth 1 -delete
# Password-change dates are the build day: pin them for reproducibility.
sed -i -E "s/^([^:]*:[^:]*:)[0-9]+:/\1$(( SOURCE_DATE_EPOCH / 86400 )):/" "$root/etc/shadow"
# Precompile every module with hash-based pycs: the root is read-only at run
# time, so pycs must exist, and timestamp pycs would not be reproducible.
find "$root" -name __pycache__ -type d -prune -exec rm -rf {} +
chroot "$root" /usr/sbin/ldconfig
rm -f "$root"/var/cache/ldconfig/aux-cache
# (compileall exits non-zero for the few test files in wheels that are not
# valid Python 3.11 on purpose; the check below proves the real modules built.)
chroot "$root" /usr/bin/python3 -m compileall -q --invalidation-mode unchecked-hash \
  /usr/lib/python3.11 /usr/lib/python3/dist-packages /usr/local/lib/python3.11/dist-packages >/dev/null || true
ls "$site"/pandas/__pycache__/__init__.cpython-311.pyc "$root"/usr/lib/python3.11/__pycache__/os.cpython-311.pyc >/dev/null
chroot "$root" /usr/bin/python3 -I -c 'import pandas, numpy, scipy.stats; print("pandas", pandas.__version__, "numpy", numpy.__version__)'
find "$root/dev" "$root/proc" "$root/sys" "$root/run" -mindepth 1 -delete
# Fixed mtimes everywhere (digest ignores them, but tar/rsync of the image will not).
find "$root" -depth -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

echo "==> digest"
digest=$(python3 "$here/digest.py" "$root")
size=$(du -sb "$root" | cut -f1)
took=$(( $(date +%s) - start ))
mv "$root" "$work/../.rootfs-$recipe_hash" 2>/dev/null || true
rm -rf "$out"; mkdir -p "$out"
mv "$work/../.rootfs-$recipe_hash" "$out/rootfs"
echo "$digest" >"$out/DIGEST.tmp"
printf 'recipe=%s\nbuild_seconds=%s\nsize_bytes=%s\n' "$recipe_hash" "$took" "$size" >"$out/BUILD_INFO"
mv "$out/DIGEST.tmp" "$out/DIGEST"
ln -sfn "$recipe_hash" "$cache/image/current"
echo "sandbox image built in ${took}s, $(( size / 1048576 )) MiB: $out"
echo "digest: $digest"
