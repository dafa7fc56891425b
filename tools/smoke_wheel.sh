#!/usr/bin/env bash
# Release smoke test (issue 30, item 1): build the sdist and the wheel as a release would, check them with
# twine, then install each into a clean virtual environment whose PATH has no node or npm, and run
# tools/smoke_wheel.py there (import, a game of each to the end with bots, each widget's bundle and display
# data, to_html). Run from anywhere; .ci/run calls it after the README's test command.
#
#   tools/smoke_wheel.sh [SOURCE_DIR]    (default: this repository)
#
# The build runs in SOURCE_DIR (hatch-jupyter-builder runs npm install and npm run build there, as any
# install from the repository does); everything else happens in a temporary folder, removed at the end
# (set SMOKE_KEEP=1 to keep it). pip downloads the dependencies (anywidget, numpy, ...) from PyPI.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
src="$(cd "${1:-$here/..}" && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d "${TMPDIR:-/tmp}/dragonwidgets-smoke.XXXXXX")"
[ "${SMOKE_KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

start=$SECONDS
stamp() { printf '[smoke %4ds] %s\n' "$((SECONDS - start))" "$*"; }
now() { date +%s.%N; }
between() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# The PATH of the clean environments: every folder that holds no node, npm or npx dropped.
no_node_path() {
    local dir kept=()
    IFS=: read -ra dirs <<<"$PATH"
    for dir in "${dirs[@]}"; do
        [ -n "$dir" ] || continue
        if [ -e "$dir/node" ] || [ -e "$dir/npm" ] || [ -e "$dir/npx" ]; then continue; fi
        kept+=("$dir")
    done
    (IFS=:; echo "${kept[*]}")
}
clean_path="$(no_node_path)"

stamp "build tools (build, twine) in $work/tools"
{ "$python" -m venv "$work/tools" && "$work/tools/bin/python" -m pip install build twine; } >"$work/tools.log" 2>&1 || {
    tail -n 20 "$work/tools.log"; stamp "FAILED: installing build and twine"; exit 1; }

stamp "python -m build (sdist, then the wheel from the sdist) in $src"
(cd "$src" && "$work/tools/bin/python" -m build --outdir "$work/dist" .) >"$work/build.log" 2>&1 || {
    tail -n 40 "$work/build.log"; stamp "FAILED: python -m build"; exit 1; }
wheel=("$work"/dist/*.whl)
sdist=("$work"/dist/*.tar.gz)
[ "${#wheel[@]}" = 1 ] && [ "${#sdist[@]}" = 1 ] || { stamp "FAILED: expected one wheel and one sdist"; exit 1; }
stamp "built $(basename "${sdist[0]}") ($(du -k "${sdist[0]}" | cut -f1) kB), $(basename "${wheel[0]}") ($(du -k "${wheel[0]}" | cut -f1) kB)"

wheel_bytes=$(stat -c %s "${wheel[0]}")
if [ "$wheel_bytes" -ge 2000000 ]; then stamp "FAILED: the wheel is $wheel_bytes bytes (goal: under 2 MB)"; exit 1; fi
"$python" - "${wheel[0]}" "${sdist[0]}" <<'PY' || { stamp "FAILED: a file is missing from a distribution"; exit 1; }
import sys, tarfile, zipfile
wheel = set(zipfile.ZipFile(sys.argv[1]).namelist())
sdist = {name.split("/", 1)[1] for name in tarfile.open(sys.argv[2]).getnames() if "/" in name}
needed = [f"dragonwidgets/static/{js}.js" for js in ("emerald", "drachenland", "chasse_au_dragon", "draghan", "game", "page")]
needed.append("dragonwidgets/py.typed")
missing = [f"the {kind} lacks {path}" for kind, names in (("wheel", wheel), ("sdist", sdist)) for path in needed if path not in names]
sys.exit("; ".join(missing) or None)
PY

"$work/tools/bin/python" -m twine --no-color check --strict "$work"/dist/*

# What a user runs first: a widget and its display data (the figure the goal "within 60 s" counts to).
first_widget='import dragonwidgets
w = dragonwidgets.EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], viewer="0")
assert w._repr_mimebundle_()[0]["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id'

# Install one distribution into a new environment on the node-free PATH and run the smoke test there.
smoke() {
    local kind="$1" dist="$2" env="$work/env-$1" t0 t1 t2 t3
    t0=$(now)
    "$python" -m venv "$env"
    t1=$(now)
    (cd "$work" && PATH="$env/bin:$clean_path" "$env/bin/python" -m pip install "$dist") >"$work/pip-$kind.log" 2>&1 || {
        tail -n 30 "$work/pip-$kind.log"; stamp "FAILED: pip install of the $kind without node"; exit 1; }
    t2=$(now)
    (cd "$work" && PATH="$env/bin:$clean_path" "$env/bin/python" -c "$first_widget") || {
        stamp "FAILED: a first widget from the $kind"; exit 1; }
    t3=$(now)
    stamp "$kind: new venv $(between "$t0" "$t1") s + pip install without node $(between "$t1" "$t2") s + first widget" \
        "$(between "$t2" "$t3") s = $(between "$t0" "$t3") s (load average $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo ?))"
    (cd "$work" && PATH="$env/bin:$clean_path" "$env/bin/python" "$here/smoke_wheel.py" "$work/pages-$kind") || {
        stamp "FAILED: the smoke test from the $kind"; exit 1; }
    stamp "$kind: smoke test passed"
}

PATH="$clean_path" command -v node >/dev/null && { stamp "FAILED: node still on the stripped PATH"; exit 1; }
stamp "PATH without node/npm: $clean_path"
smoke wheel "${wheel[0]}"
smoke sdist "${sdist[0]}"
stamp "OK: sdist and wheel build, pass twine check, install without node and pass the smoke test"
