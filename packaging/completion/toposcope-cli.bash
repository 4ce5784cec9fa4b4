# bash completion for toposcope-cli. Options and subcommands are read from the program's own
# --help, so the completion always matches the installed version.

_toposcope_cli_words() {
  # $1: the program, $2: the subcommand (or empty). Prints the options, then the subcommands.
  "$1" ${2:+"$2"} --help 2>/dev/null | sed -n 's/^ \{2\}\(-[^ ]*\).*/\1/p' | tr ',' '\n' | grep -- '^-'
  [ -z "$2" ] && "$1" --help 2>/dev/null | sed -n '/^Subcommands:/,$ s/^ \{2\}\([a-z][a-z-]*\) .*/\1/p'
}

_toposcope_cli() {
  local cur prev program=${COMP_WORDS[0]} sub="" i
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      analyze | report | profiles | compare | check | mig) sub=${COMP_WORDS[i]}; break ;;
    esac
  done
  case $prev in
    --backend) mapfile -t COMPREPLY < <(compgen -W "auto cuda hip sim" -- "$cur"); return ;;
    --profile)
      mapfile -t COMPREPLY < <(compgen -W "$("$program" profiles 2>/dev/null | cut -f1)" -- "$cur")
      mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -X '!*.json' -- "$cur")
      return ;;
    --only)
      local groups="l1 l2 texture readonly constant shared memory scalar sharing bandwidth"
      local done_part=${cur%"${cur##*,}"}
      mapfile -t COMPREPLY < <(compgen -P "$done_part" -W "$groups" -- "${cur##*,}")
      compopt -o nospace 2>/dev/null
      return ;;
    --session) mapfile -t COMPREPLY < <(compgen -f -X '!*.tss' -- "$cur"); compopt -o plusdirs 2>/dev/null; return ;;
    --raw | --mt4g-raw | --fleet-out) mapfile -t COMPREPLY < <(compgen -d -- "$cur"); return ;;
    --json | --mt4g-json | --mt4g-csv | --mt4g-report | --fleet | --reference)
      mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
    --device) return ;;
  esac
  if [[ $cur == -* || -z $sub ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_toposcope_cli_words "$program" "$sub")" -- "$cur")
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
}

complete -F _toposcope_cli toposcope-cli
