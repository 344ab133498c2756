#!/usr/bin/env bash
# Checks an install made by Scripts/install.sh into PREFIX: hig runs from the PATH in another
# folder, the man page renders, and bash completion offers edition ids and topics (through
# the installed script, in a real bash). Prints one line per check, then `N passed, M failed`.
# Usage: Tests/clients/install_test.sh PREFIX
set -uo pipefail
prefix=$(realpath "$1")
passed=0
failed=0
check() {  # check NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then passed=$((passed + 1)); echo "ok    $1"
    else failed=$((failed + 1)); echo "FAIL  $1: expected [$2], got [$3]"; fi
}

elsewhere=$(mktemp -d)
cd "$elsewhere"
export PATH="$prefix/bin:$PATH"
check "hig is on the PATH" "$prefix/bin/hig" "$(command -v hig)"
check "hig runs from another folder, finding the installed editions" \
    "iphone-2008-11 iphone-2010-03 ios-2011-03 ios-2014-03 web-2022-23 web-2022 web-2023-09 web-2026-07" \
    "$(hig --db "$elsewhere/hig.sqlite" editions 2>/dev/null | grep -E '^[0-9a-z.-]+  ' | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
check "the man page renders" "hig — A knowledge base of Apple's Human Interface" \
    "$(MANWIDTH=200 man -l "$prefix/share/man/man1/hig.1" 2>/dev/null | grep -m1 -o "hig — A knowledge base of Apple's Human Interface")"
check "the man page documents hig mcp" "1" "$(grep -c '^\.It Em mcp$' "$prefix/share/man/man1/hig.1")"
for shell_script in share/zsh/site-functions/_hig share/fish/vendor_completions.d/hig.fish; do
    check "$shell_script is installed" "yes" "$([ -s "$prefix/$shell_script" ] && echo yes)"
done

complete_in_bash() {  # the replies bash completion gives for the words typed so far
    bash -c '
        source "$1/share/bash-completion/completions/hig"
        shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
        _hig hig "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " " | sed "s/ $//"' _ "$prefix" "$@"
}
check "bash completes the subcommands" "diff" "$(complete_in_bash hig di)"
editions="current ios-2011-03 ios-2014-03 iphone-2008-11 iphone-2010-03 web-2022 web-2022-23 web-2023-09 web-2026-07"
check "bash completes --edition with the database's editions and current" "$editions" \
    "$(complete_in_bash hig --db "$elsewhere/hig.sqlite" rules --edition "")"
check "bash completes diff's editions" "iphone-2008-11 iphone-2010-03" "$(complete_in_bash hig --db "$elsewhere/hig.sqlite" diff ip)"
check "bash completes --topic with topic slugs" "button-placement button-titles" "$(complete_in_bash hig search --topic button-)"
check "bash completes evolution's query with topics" "cancel-and-dismissal" "$(complete_in_bash hig evolution canc)"
check "completion without a database offers the bundled editions and builds nothing" "$editions|no file" \
    "$(complete_in_bash hig --db "$elsewhere/none.sqlite" export --edition "")|$([ -e "$elsewhere/none.sqlite" ] && echo file || echo no file)"

rm -rf "$elsewhere"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
