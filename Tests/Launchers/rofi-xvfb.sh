#!/bin/sh
# The real rofi, on a private X server (Xvfb), driven by xdotool: a typed row
# chosen with Return, and text that is no row sent with Shift+Return (rofi's
# custom entry), must each open the right app through `limelight rofi` — the
# app's Exec line touches a file — and record the use. `make launcher-check`
# runs it; it is not in `make test` because it needs an X server and rofi.
#
# Usage: Tests/Launchers/rofi-xvfb.sh path/to/limelight
set -eu
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d /tmp/limelight-rofi-XXXXXX)
xvfb_pid= rofi_pid=
cleanup() {
    [ -n "$rofi_pid" ] && kill "$rofi_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# The limelight rofi runs is the one under test, found first on PATH.
mkdir "$work/bin" && ln -s "$bin" "$work/bin/limelight"
export PATH="$work/bin:$PATH" LIMELIGHT_INDEX="$work/index"
printf '%s\n' \
  "{\"kind\":\"app\",\"app\":\"test.zebra\",\"name\":\"Zebra Marker\",\"exec\":\"touch $work/opened-zebra\"}" \
  "{\"kind\":\"app\",\"app\":\"test.yak\",\"name\":\"Yak Marker\",\"exec\":\"touch $work/opened-yak\"}" > "$work/apps.jsonl"
limelight index "$work/apps.jsonl" >/dev/null

# A display number nobody uses: Xvfb writes the one it took to fd 3 (-displayfd).
Xvfb -displayfd 3 -screen 0 800x600x24 3>"$work/display" >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$work/display")"

# Types `text` into a fresh rofi, presses `key`, and waits for `file`.
choose() { text=$1 key=$2 file=$3
    rofi -modi 'limelight:limelight rofi' -show limelight >"$work/rofi.log" 2>&1 &
    rofi_pid=$!
    for _ in $(seq 50); do xdotool search --name rofi >/dev/null 2>&1 && break; sleep 0.1; done
    sleep 0.3
    xdotool type --delay 40 "$text"; sleep 0.3; xdotool key "$key"
    for _ in $(seq 50); do [ -e "$file" ] && break; sleep 0.1; done
    kill "$rofi_pid" 2>/dev/null || true; wait "$rofi_pid" 2>/dev/null || true; rofi_pid=
    if [ ! -e "$file" ]; then echo "FAIL: '$text' + $key did not open $(basename "$file")"; cat "$work/rofi.log"; exit 1; fi
    echo "ok: '$text' + $key opened $(basename "$file")"
}
choose zebra Return "$work/opened-zebra"
[ ! -e "$work/opened-yak" ] || { echo "FAIL: choosing Zebra also opened Yak"; exit 1; }
choose yka shift+Return "$work/opened-yak"   # a typo: no row matches, Limelight's top hit opens
uses=$(limelight stats | sed -n 's/^By kind:.*interaction \([0-9]*\).*/\1/p')
[ "$uses" = 2 ] || { echo "FAIL: expected 2 recorded uses, stats says '${uses:-none}'"; exit 1; }
echo "ok: both uses recorded"
