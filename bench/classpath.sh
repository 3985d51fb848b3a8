# Sourced by bench/profile and bench/kernel. bench_classpath NAME ARGS... sets `classpath` to
# bench/target/benchmarks.jar (built when it is missing or older than the sources; STOWAGE_BENCH_CLASSPATH
# replaces it) followed by every `--jar JAR` of ARGS (a jar or a folder of a user's kernels: its KernelFamily
# joins the registry, as STOWAGE_CLASSPATH does for bin/stowage), and `args` to ARGS without them. --jar may
# come anywhere among the launcher's own options (--name VALUE, or --dry-run), before the benchmark or kernel.
bench_classpath() {
  local name="$1"
  shift
  local bench root
  bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  root="$(dirname "$bench")"
  classpath="${STOWAGE_BENCH_CLASSPATH:-}"
  if [[ -z "$classpath" ]]; then
    classpath="$bench/target/benchmarks.jar"
    if [[ ! -f "$classpath" ]] || [[ -n "$(find "$root"/core/simulator/src/main "$root"/core/simulator/pom.xml \
        "$bench/src/main" "$bench/pom.xml" "$root/pom.xml" -newer "$classpath" -type f -print -quit)" ]]; then
      (cd "$root" && ./mvnw -q -B -ntp -pl bench -am package -DskipTests >&2)
    fi
  fi
  args=()
  while [[ $# -gt 0 && "$1" == --* ]]; do
    if [[ "$1" == "--jar" ]]; then
      if [[ $# -lt 2 ]]; then
        echo "$name: --jar needs a jar or a folder" >&2
        exit 2
      fi
      local jar="$2"
      if [[ ! -e "$jar" ]]; then
        echo "$name: --jar $jar does not exist" >&2
        exit 2
      fi
      if [[ -f "$jar" && "$(head -c 2 "$jar")" != "PK" ]]; then
        echo "$name: --jar $jar is neither a jar nor a folder (not a zip file)" >&2
        exit 2
      fi
      classpath="$classpath:$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")"
      shift 2
    elif [[ "$1" == "--dry-run" || $# -lt 2 ]]; then
      args+=("$1")
      shift
    else
      args+=("$1" "$2")
      shift 2
    fi
  done
  args+=("$@")
}
