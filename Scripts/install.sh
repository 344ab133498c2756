#!/usr/bin/env bash
# Installs hig under a prefix: the binary in PREFIX/bin, its man page in PREFIX/share/man/man1,
# and completion scripts for bash, zsh and fish (they complete edition ids and topics too).
#
#   Scripts/install.sh                      # release build into ~/.local
#   Scripts/install.sh --prefix /usr/local  # or anywhere on your PATH
#   Scripts/install.sh --configuration debug --prefix DIR   # what CI checks, quicker to build
#
# The binary carries its schema, word lists and taxonomy; the bundled editions are copied to
# PREFIX/share/hig/editions, where the installed hig finds them (as it finds Data/editions in a
# clone): a first query anywhere builds its database from them.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="$HOME/.local"
configuration=release
while (($#)); do
    case "$1" in
        --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
        --configuration) configuration=${2:?--configuration needs release or debug}; shift 2 ;;
        *) echo "install.sh: unknown argument $1 (use --prefix DIR, --configuration release|debug)" >&2; exit 1 ;;
    esac
done

# A release build links the Swift runtime and Foundation into the binary: a process then starts
# without loading and relocating them (Benchmarks/README.md, "The Swift runtime linked in").
static=()
if [ "$configuration" = release ]; then static=(--static-swift-stdlib); fi
swift build -c "$configuration" --product hig "${static[@]}"
bin=$(swift build -c "$configuration" --show-bin-path)

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d" "$prefix/share/hig"
install -m 755 "$bin/hig" "$prefix/bin/hig"
# The editions, replaced whole so that a file dropped from the manifest does not linger.
rm -rf "$prefix/share/hig/editions"
cp -R Data/editions "$prefix/share/hig/editions"

# The man page, made from hig's own help by swift-argument-parser's generate-manual plugin
# (no network: it builds the plugin's tool from the package's own checkout). The plugin builds
# hig again without the static runtime; a debug build, so as not to replace the release binary.
swift package plugin generate-manual --configuration debug >/dev/null
install -m 644 .build/plugins/GenerateManual/outputs/HIGQuery/hig.1 "$prefix/share/man/man1/hig.1"

"$prefix/bin/hig" --generate-completion-script bash > "$prefix/share/bash-completion/completions/hig"
"$prefix/bin/hig" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_hig"
"$prefix/bin/hig" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/hig.fish"

echo "installed hig $("$prefix/bin/hig" --version) into $prefix: bin/hig, share/man/man1/hig.1, completions for bash, zsh and fish"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
