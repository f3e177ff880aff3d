#!/bin/sh
# Install Honeymoon Table as an appliance: a user, the app in its own venv
# under /opt, the default config, the systemd unit, the udev rules and the
# polkit rule that lets the table's user power the Pi off (and nothing else).
# Idempotent: run it again to update. Also: sudo make install.
#
#   systemd/install.sh                 install (as root)
#   systemd/install.sh --uninstall     undo it; the journal and config stay
#   systemd/install.sh --purge         undo it all, the journal and config too
#   systemd/install.sh --root DIR      install into DIR (for tests: no user,
#                                      no systemctl, no udevadm)
#   systemd/install.sh --no-deps       do not install the app's dependencies
#                                      (for tests; the Pi needs them)
set -eu

ROOT=""
ACTION=install
PIP_DEPS=""
while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOT="${2:?--root needs a folder}"; shift 2 ;;
        --uninstall) ACTION=uninstall; shift ;;
        --purge) ACTION=purge; shift ;;
        --no-deps) PIP_DEPS="--no-deps"; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

SRC=$(cd "$(dirname "$0")/.." && pwd)
NAME=honeymoon-table
USER_NAME=honeymoon
PREFIX="$ROOT/opt/$NAME"
VENV="$PREFIX/venv"
ETC="$ROOT/etc/$NAME"
UNIT="$ROOT/etc/systemd/system/$NAME.service"
RULES="$ROOT/etc/udev/rules.d/99-$NAME.rules"
POLKIT="$ROOT/etc/polkit-1/rules.d/60-$NAME.rules"
STATE="$ROOT/var/lib/$NAME"
GROUPS="gpio dialout video input render"

live() { [ -z "$ROOT" ]; }                      # installing onto this machine
booted() { live && [ -d /run/systemd/system ]; }  # ... and systemd runs it

say() { echo "install.sh: $*"; }

create_user() {
    live || return 0
    if ! id "$USER_NAME" >/dev/null 2>&1; then
        useradd --system --user-group --home-dir "/var/lib/$NAME" \
            --shell /usr/sbin/nologin "$USER_NAME"
        say "created user $USER_NAME"
    fi
    for group in $GROUPS; do
        # The unit's SupplementaryGroups must all exist (a plain Debian has no gpio).
        if ! getent group "$group" >/dev/null; then
            groupadd --system "$group"
            say "created group $group"
        fi
        usermod -a -G "$group" "$USER_NAME"
    done
}

install_app() {
    mkdir -p "$PREFIX"
    if [ ! -x "$VENV/bin/python" ]; then
        # System site packages: Debian's python3-lgpio drives the GPIO pins.
        python3 -m venv --system-site-packages "$VENV"
    fi
    extras=$(extras)
    # constraints.txt: the exact versions the suite ran with (the same as make's).
    "$VENV/bin/pip" install --quiet --upgrade $PIP_DEPS -c "$SRC/constraints.txt" \
        "$SRC[$extras]"
    # The README and the docs it links to (docs/pi.md: this install, step by step).
    cp "$SRC/README.md" "$PREFIX/README.md"
    mkdir -p "$PREFIX/docs"
    cp "$SRC"/docs/*.md "$PREFIX/docs/"
    say "app installed in $VENV (with $extras; no test or lint tools)"
}

extras() {
    # The double-dummy review always; OpenCV for the camera process only when the
    # config (kept, or the default about to be written) asks for a camera scanner.
    config="$ETC/config.toml"
    [ -f "$config" ] || config="$SRC/systemd/config.toml"
    if grep -Eq '^[[:space:]]*scanner[[:space:]]*=[[:space:]]*"camera' "$config"; then
        echo "analysis,camera"
    else
        echo "analysis"
    fi
}

install_files() {
    mkdir -p "$ETC" "$(dirname "$UNIT")" "$(dirname "$RULES")" "$STATE"
    if [ ! -f "$ETC/config.toml" ]; then
        install -m 0644 "$SRC/systemd/config.toml" "$ETC/config.toml"
        say "wrote the default config $ETC/config.toml"
    else
        say "kept the config $ETC/config.toml"
    fi
    install -m 0644 "$SRC/systemd/$NAME.service" "$UNIT"
    install -m 0644 "$SRC/systemd/99-$NAME.rules" "$RULES"
    install_polkit_rule
}

install_polkit_rule() {
    # The menu's Shut down: logind asks polkit, which reads this folder by itself.
    mkdir -p "$(dirname "$POLKIT")"
    install -m 0644 "$SRC/systemd/polkit-$NAME.rules" "$POLKIT"
    if live && [ ! -x /usr/lib/polkit-1/polkitd ] && ! command -v pkcheck >/dev/null; then
        say "polkit is not installed: the menu's Shut down will say it is not allowed" \
            "(sudo apt install polkitd)"
    fi
}

enable() {
    booted || return 0
    # No udevd (a container, a rescue boot): the rules apply from the next boot.
    if udevadm control --reload 2>/dev/null; then
        udevadm trigger --subsystem-match=tty
    else
        say "udev is not running: its rules apply from the next boot"
    fi
    systemctl daemon-reload
    systemctl enable "$NAME.service"
    say "enabled $NAME.service: it starts at boot (now: systemctl start $NAME)"
}

uninstall() {
    if booted; then
        systemctl disable --now "$NAME.service" 2>/dev/null || true
    fi
    rm -f "$UNIT" "$RULES" "$POLKIT"
    rm -rf "$PREFIX"
    if booted; then
        systemctl daemon-reload
        udevadm control --reload 2>/dev/null || true
    fi
    if [ "$ACTION" = purge ]; then
        rm -rf "$ETC" "$STATE"
        if live && id "$USER_NAME" >/dev/null 2>&1; then userdel "$USER_NAME"; fi
        say "removed everything, the journal and config too"
    else
        say "removed the app, unit and rules; kept $ETC and $STATE (the journal)"
    fi
}

case "$ACTION" in
    install)
        if live && [ "$(id -u)" -ne 0 ]; then
            echo "install.sh: run it as root (sudo make install)" >&2
            exit 1
        fi
        create_user
        install_app
        install_files
        enable
        ;;
    uninstall|purge) uninstall ;;
esac
