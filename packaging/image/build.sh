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

recipe_hash=$(cat "$here/build.sh" "$here/requirements.txt" "$here/sources.txt" "$here/digest.py" | sha256sum | cut -c1-16)
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

for tool in debootstrap pip3 sha256sum curl; do
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

echo "==> source-only pure-Python packages (hash-checked, unpacked, not built)"
grep -v '^#' "$here/sources.txt" | while read -r name version pkg sum url; do
  [ -n "$name" ] || continue
  curl -sSfL --retry 3 -o "$work/$name.tar.gz" "$url"
  echo "$sum  $work/$name.tar.gz" | sha256sum -c --quiet - \
    || { echo "hash mismatch for $name $version" >&2; exit 1; }
  tar -xzf "$work/$name.tar.gz" -C "$work" --no-same-owner "$name-$version/$pkg" "$name-$version/PKG-INFO"
  cp -r "$work/$name-$version/$pkg" "$site/$pkg"
  meta="$site/$name-$version.dist-info"
  mkdir -p "$meta"
  cp "$work/$name-$version/PKG-INFO" "$meta/METADATA"
  echo glovebox-image >"$meta/INSTALLER"
  echo "$pkg" >"$meta/top_level.txt"
done

echo "==> strip what analysis does not need"
# The libraries' own test suites (~100 MB), type stubs, C/Cython headers and
# sources, static libraries, and bundled sample data sets (analysis reads the
# user's files; nothing loads these).
find "$site" -depth -type d \( -name tests -o -name __pycache__ \) -path '*/dist-packages/*' -exec rm -rf {} +
find "$site" -type f \( -name '*.pyi' -o -name '*.pxd' -o -name '*.pyx' -o -name '*.pxi' \
  -o -name '*.h' -o -name '*.hpp' -o -name '*.c' -o -name '*.cc' -o -name '*.cpp' -o -name '*.a' \) -delete
rm -rf "$site"/pyarrow/include "$site"/pyarrow/src "$site"/numpy/_core/include \
  "$site"/matplotlib/mpl-data/sample_data \
  "$site"/sklearn/datasets/data "$site"/sklearn/datasets/descr "$site"/sklearn/datasets/images
# pyarrow: no Flight RPC nor remote file systems (S3, GCS, HDFS, Azure: the
# job has no network; pyarrow.fs imports them only if present), no C++ test
# module, and one file per shared library under the name the loader asks for
# (the wheel carries libX.so, libX.so.N and libX.so.N.0.0 as three copies).
rm -f "$site"/pyarrow/flight.py "$site"/pyarrow/_flight.*.so "$site"/pyarrow/lib*flight.so* \
  "$site"/pyarrow/_s3fs.*.so "$site"/pyarrow/_gcsfs.*.so "$site"/pyarrow/_hdfs.*.so \
  "$site"/pyarrow/_azurefs.*.so "$site"/pyarrow/_pyarrow_cpp_tests.*.so
for lib in "$site"/pyarrow/lib*.so.[0-9]*; do
  case $lib in *.so.*.*) continue ;; esac
  rm -f "${lib%.so.*}.so" "$lib".*
done
find "$site" -depth -type d -empty -delete

echo "==> matplotlib: Agg backend, font list built in advance"
# The image's own matplotlibrc (the last place matplotlib looks) selects the
# file-only Agg backend: no display is probed and no GUI toolkit is imported.
cat >>"$site/matplotlib/mpl-data/matplotlibrc" <<'EOF'

## Glovebox sandbox image: draw to files only.
backend: Agg
EOF
# matplotlib reads its font list only from its cache folder, which must be
# writable (the job's is an empty /tmp): every job would rebuild it (~0.3 s).
# One line makes it read the list built below into mpl-data first; a list
# that does not match (another matplotlib) is ignored and rebuilt as before.
fm_py="$site/matplotlib/font_manager.py"
sed -i 's|^            fm = json_load(fm_path)$|            fm = json_load(_image_list if (_image_list := Path(mpl.get_data_path(), "fontlist.json")).exists() else fm_path)|' "$fm_py"
grep -q '_image_list := Path(mpl.get_data_path(), "fontlist.json")' "$fm_py" \
  || { echo "matplotlib's font_manager.py changed: revisit the font list patch" >&2; exit 1; }

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
# The font list, in a fixed order (the scan's order varies from run to run).
chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 /usr/bin/python3 -I -B -c '
import pathlib, matplotlib, matplotlib.font_manager as fm
m = fm.FontManager()
m.ttflist.sort(key=lambda f: (f.fname, f.index)); m.afmlist.sort(key=lambda f: (f.fname, f.index))
fm.json_dump(m, str(pathlib.Path(matplotlib.get_data_path(), "fontlist.json")))'
ls "$site"/matplotlib/mpl-data/fontlist.json >/dev/null
rm -rf "$root"/tmp/* "$root"/tmp/.[!.]*
# Every analysis package imports, matplotlib draws with Agg, in the job's
# environment (HOME=/tmp); -B so nothing is written next to the modules.
chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 /usr/bin/python3 -I -B -c '
import io, importlib
for m in ["pandas", "numpy", "scipy.stats", "matplotlib.pyplot", "seaborn", "statsmodels.api",
          "sklearn.linear_model", "openpyxl", "pyarrow.parquet", "tabulate", "odf.opendocument", "xlrd"]:
    importlib.import_module(m)
import matplotlib, matplotlib.pyplot as plt, pandas, numpy
assert matplotlib.get_backend().lower() == "agg", matplotlib.get_backend()
plt.plot([1, 2]); plt.savefig(io.BytesIO(), format="png")
assert not list(__import__("pathlib").Path(matplotlib.get_cachedir()).iterdir()), "font list rebuilt"
print("pandas", pandas.__version__, "numpy", numpy.__version__, "matplotlib", matplotlib.__version__)'
rm -rf "$root"/tmp/* "$root"/tmp/.[!.]*
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
