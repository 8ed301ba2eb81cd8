#!/bin/bash
# Builds Glovebox's .deb with Tauri's bundler (deb only: AppImage tooling is
# downloaded from GitHub, which this build does not rely on).
#
#   packaging/deb/build.sh BIN_DIR    BIN_DIR holds the built glovebox-sandbox
#
# The package carries the app, the sandbox helper (as a Tauri sidecar, next to
# the app in /usr/bin) and the sandbox image as a tar that the app unpacks into
# the person's cache on its first start. Prints the .deb's path last.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
bin_dir=${1:?usage: build.sh BIN_DIR}
cd "$repo"

triple=$(rustc -vV | sed -n 's/^host: //p')
mkdir -p src-tauri/binaries
install -m 0755 "$bin_dir/glovebox-sandbox" "src-tauri/binaries/glovebox-sandbox-$triple"

# The image tar, rebuilt only when the image's digest changes.
image=$(readlink -f "${GLOVEBOX_CACHE:-$HOME/.cache/glovebox}/image/current")
digest=$(cat "$image/DIGEST")
tar_path=src-tauri/binaries/image.tar
if [ ! -f "$tar_path" ] || [ "$(cat "$tar_path.digest" 2>/dev/null)" != "$digest" ]; then
  echo "==> packing the sandbox image ($digest)"
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 \
    -C "$image" -cf "$tar_path.tmp" DIGEST BUILD_INFO rootfs
  mv "$tar_path.tmp" "$tar_path"
  echo "$digest" > "$tar_path.digest"
fi

npm --prefix ui run build >/dev/null
# --debug: the same profile (and cargo cache) as the tests; --no-bundle is not
# used, the deb is what this script is for.
(cd src-tauri && ../ui/node_modules/.bin/tauri build --debug --bundles deb \
  --config ../packaging/deb/tauri.deb.json) >&2
deb=$(ls -t "${CARGO_TARGET_DIR:-target}"/debug/bundle/deb/*.deb | head -1)
echo "$deb"
