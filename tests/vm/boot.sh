#!/bin/bash
# Runs in the guest as root at the end of boot (from the per-run payload
# disk, started by the guest's glovebox-vm-test.service): mounts the sandbox
# image read-only in the desktop user's cache, waits for that user's systemd
# manager and D-Bus (lingering starts them at boot), runs the containment
# cases as the user in a transient service of their manager -- where a
# desktop application runs -- and powers off. Results go to the second
# serial port (ttyS1), which the host reads.
exec 3>/dev/ttyS1
say() { echo "GLOVEBOX-VM $*" >&3; }
uptime_s() { cut -d' ' -f1 /proc/uptime; }
finish() { sync; systemctl --force poweroff; exit 0; }
say "BOOTED kernel $(uname -r), cgroup $(stat -fc %T /sys/fs/cgroup), at $(uptime_s) s"

user=desk
uid=$(id -u "$user")
image=/home/$user/.cache/glovebox/image/current
if ! mount -o ro /dev/vdb "$image"; then
  say "FAIL guest: cannot mount the sandbox image disk"
  finish
fi
for _ in $(seq 1 600); do
  if systemctl is-active -q "user@$uid.service" && [ -S "/run/user/$uid/bus" ]; then break; fi
  sleep 0.5
done
if ! systemctl is-active -q "user@$uid.service"; then
  say "FAIL guest: user@$uid.service is not running ($(systemctl is-active "user@$uid.service"))"
  finish
fi
say "USER-MANAGER user@$uid.service active (lingering: $(loginctl show-user "$user" -p Linger --value)), controllers: $(cat /sys/fs/cgroup/user.slice/user-$uid.slice/user@$uid.service/cgroup.controllers), at $(uptime_s) s"

runuser -u "$user" -- env -i HOME="/home/$user" USER="$user" LOGNAME="$user" \
  PATH=/usr/local/bin:/usr/bin:/bin XDG_RUNTIME_DIR="/run/user/$uid" \
  DBUS_SESSION_BUS_ADDRESS="unix:path=/run/user/$uid/bus" \
  systemd-run --user --wait --pipe --collect --quiet --unit=glovebox-vm-cases \
  python3 /mnt/payload/cases.py /mnt/payload/glovebox-sandbox >&3 2>/dev/ttyS0
say "END runner exit $? at $(uptime_s) s"
finish
