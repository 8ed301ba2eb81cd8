#!/usr/bin/env bash
# Makes Debian 12's qemu-system-x86_64 available without installing it
# system-wide: this machine's preinstalled qemu-utils 10.0 (backports) blocks
# installing qemu-system-x86 7.2 ("Breaks: qemu-system-common"), so the
# packages are downloaded with apt and unpacked into the cache; only the
# shared libraries they need are installed with apt. Idempotent.
#
#   tests/vm/qemu.sh     prints the qemu folder (bin/qemu-system-x86_64, share/)
set -euo pipefail
cache=${GLOVEBOX_CACHE:-$HOME/.cache/glovebox}
out="$cache/vm/qemu"
libs="libcapstone4 libfdt1 libpmem1 librdmacm1 libibverbs1 libslirp0 libvdeplug2 libaio1 liburing2 libjpeg62-turbo libpng16-16 libpixman-1-0 libsasl2-2 libusb-1.0-0 libusbredirparser1 libdaxctl1 libndctl6 libgnutls30 libzstd1 libnuma1 libseccomp2 libfuse3-3"

missing=""
for p in $libs; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  echo "==> installing qemu's libraries:$missing" >&2
  (apt-get install -y -qq $missing >/dev/null 2>&1) || \
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null; }
fi

if [ ! -x "$out/usr/bin/qemu-system-x86_64" ]; then
  echo "==> unpacking qemu-system-x86 from Debian packages" >&2
  mkdir -p "$cache/vm"
  work=$(mktemp -d "$cache/vm/.qemu-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && apt-get download -q qemu-system-x86 qemu-system-common qemu-system-data seabios ipxe-qemu >/dev/null 2>&1) || \
    { apt-get update -qq && (cd "$work" && apt-get download -q qemu-system-x86 qemu-system-common qemu-system-data seabios ipxe-qemu >/dev/null); }
  mkdir -p "$work/root"
  for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
  rm -rf "$out"
  mv "$work/root" "$out"
fi
missing_libs=$(ldd "$out/usr/bin/qemu-system-x86_64" | grep 'not found' || true)
[ -z "$missing_libs" ] || { echo "qemu lacks libraries: $missing_libs" >&2; exit 1; }
echo "$out"
