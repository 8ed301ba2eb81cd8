#!/usr/bin/env bash
# Builds the Debian guest used by the rootless VM test, cached under
# $GLOVEBOX_CACHE/vm/guest-<hash of this recipe>/ (vmlinuz, initrd.img,
# rootfs.img). Idempotent: prints the folder at once when it is there.
#
# The guest is what a desktop looks like to Glovebox: systemd as PID 1 on
# cgroup v2, a user "desk" (uid 1000) with subordinate id ranges, lingering
# on (so user@1000.service and its D-Bus run from boot), user namespaces,
# python3. It runs /usr/local/sbin/glovebox-vm-boot at the end of boot.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${GLOVEBOX_CACHE:-$HOME/.cache/glovebox}
mirror=${GLOVEBOX_DEBIAN_MIRROR:-http://deb.debian.org/debian}
hash=$(cat "$here/build-guest.sh" "$here"/guest/* | sha256sum | cut -c1-16)
out="$cache/vm/guest-$hash"
mkdir -p "$cache/vm"
exec 8>"$cache/vm/.guest.lock"
flock 8
if [ -f "$out/rootfs.img" ] && [ -f "$out/vmlinuz" ] && [ -f "$out/initrd.img" ]; then
  echo "$out"
  exit 0
fi
[ "$(id -u)" = 0 ] || { echo "building the VM guest needs root (debootstrap, chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "missing debootstrap (make deps)" >&2; exit 1; }
start=$(date +%s)
work=$(mktemp -d "$cache/vm/.guest-XXXXXX")
cleanup() {
  for m in proc sys dev; do umount -l "$work/root/$m" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
root="$work/root"

echo "==> guest: debootstrap bookworm (systemd, dbus-user-session, uidmap, python3)" >&2
debootstrap --variant=minbase \
  --include=systemd,systemd-sysv,dbus,dbus-user-session,libpam-systemd,udev,kmod,uidmap,python3,procps,util-linux,e2fsprogs \
  bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log" >&2; exit 1; }

echo "==> guest: kernel with a small initrd (virtio + ext4 only)" >&2
mkdir -p "$root/etc/initramfs-tools/conf.d"
cat >"$root/etc/initramfs-tools/conf.d/glovebox.conf" <<'CONF'
MODULES=list
COMPRESS=zstd
CONF
printf '%s\n' virtio_pci virtio_blk ext4 >"$root/etc/initramfs-tools/modules"
mount -t proc proc "$root/proc"; mount -t sysfs sys "$root/sys"; mount --bind /dev "$root/dev"
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -qq --no-install-recommends \
  linux-image-amd64 initramfs-tools zstd >"$work/kernel.log" 2>&1 \
  || { tail -20 "$work/kernel.log" >&2; exit 1; }
for m in proc sys dev; do umount -l "$root/$m"; done
cp -L "$root/vmlinuz" "$work/vmlinuz"
cp -L "$root/initrd.img" "$work/initrd.img"

echo "==> guest: desktop user with lingering, test unit" >&2
echo glovebox-vm >"$root/etc/hostname"
echo '/dev/vda / ext4 rw,relatime 0 1' >"$root/etc/fstab"
chroot "$root" useradd --create-home --uid 1000 --user-group --shell /bin/bash desk
echo 'desk:100000:65536' >"$root/etc/subuid"
echo 'desk:100000:65536' >"$root/etc/subgid"
mkdir -p "$root/var/lib/systemd/linger"
touch "$root/var/lib/systemd/linger/desk"
install -d -o 1000 -g 1000 "$root/home/desk/.cache" "$root/home/desk/.cache/glovebox" \
  "$root/home/desk/.cache/glovebox/image" "$root/home/desk/.cache/glovebox/image/current"
install -m 0644 "$here/guest/glovebox-vm-test.service" "$root/etc/systemd/system/"
install -m 0755 "$here/guest/glovebox-vm-boot" "$root/usr/local/sbin/"
chroot "$root" systemctl enable glovebox-vm-test.service >/dev/null 2>&1
# Nothing on the way of a quick boot.
for unit in apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer e2scrub_reap.service \
    fstrim.timer systemd-timesyncd.service getty@tty1.service; do
  ln -sf /dev/null "$root/etc/systemd/system/$unit"
done
rm -rf "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* \
  "$root"/usr/share/man/* "$root"/usr/share/locale/* "$root"/boot/* "$root"/etc/machine-id
: >"$root/etc/machine-id"

echo "==> guest: ext4 image" >&2
mkfs.ext4 -q -F -L gbx-guest -d "$root" "$work/rootfs.img" 1G >/dev/null
rm -rf "$root"
rm -rf "$out"
mkdir -p "$out"
mv "$work/vmlinuz" "$work/initrd.img" "$work/rootfs.img" "$out/"
# Only the newest guest is kept.
find "$cache/vm" -maxdepth 1 -name 'guest-*' ! -name "guest-$hash" -exec rm -rf {} +
echo "built in $(( $(date +%s) - start )) s; $(du -sh --apparent-size "$out/rootfs.img" | cut -f1) image, $(du -sh "$out/rootfs.img" | cut -f1) used" >"$out/BUILD_INFO"
cat "$out/BUILD_INFO" >&2
echo "$out"
