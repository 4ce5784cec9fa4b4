#!/usr/bin/env bash
# The bash completion of toposcope-cli (packaging/completion/toposcope-cli.bash) against the
# built program: options and subcommands come from its --help, values from its own lists.
#   bash_completion.sh COMPLETION_FILE TOPOSCOPE_CLI
set -euo pipefail
source "$1"
PATH="$(dirname "$2"):$PATH"
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _toposcope_cli
  echo "${COMPREPLY[*]}"
}
expect() {
  local want=$1; shift
  local got
  got=$(complete_words "$@")
  [ "$got" = "$want" ] || { echo "completing '$*': got '$got', want '$want'" >&2; exit 1; }
}
expect "auto cuda hip sim" toposcope-cli --backend ""
expect "--backend" toposcope-cli --backe
expect "$("$2" profiles | cut -f1 | grep '^mi' | tr '\n' ' ' | sed 's/ $//')" toposcope-cli --profile mi
expect "l1,shared l1,scalar l1,sharing" toposcope-cli --only l1,s
expect "--session" toposcope-cli report --ses
expect "--reference" toposcope-cli check --refe
all=$(complete_words toposcope-cli "")
for word in --json --quiet --session analyze report profiles compare check mig; do
  grep -qw -- "$word" <<<"$all" || { echo "'$word' is not offered: $all" >&2; exit 1; }
done
echo "completion: $(wc -w <<<"$all") words at the first position; values of --backend, --profile, --only"
