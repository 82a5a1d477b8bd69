#!/usr/bin/env bash
# Idempotent setup: virtual env in .venv, Python dependencies, Debian packages (when root).
# Re-running does only what is missing. Used by `make setup`, `make run` and `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3.11}
command -v "$PYTHON" >/dev/null 2>&1 || PYTHON=python3
# WordNet 3.0 for the prover's knowledge base (see monalog/knowledge/wordnet/); Chromium for the
# proof explorer's browser tests (driven headless by Playwright, tests/server/)
APT_PACKAGES=(${MONALOG_APT_PACKAGES:-wordnet-base wordnet-sense-index chromium})

if [ ${#APT_PACKAGES[@]} -gt 0 ]; then
  missing=()
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
      echo "setup: installing Debian packages: ${missing[*]}" >&2
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    else
      echo "setup: please install these Debian packages (needs root): sudo apt-get install ${missing[*]}" >&2
    fi
  fi
fi

stamp=.venv/.monalog-setup
want=$(cat pyproject.toml scripts/setup.sh | sha256sum | cut -c1-16)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x .venv/bin/monalog ]; then
  exit 0
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $PYTHON" >&2
  "$PYTHON" -m venv .venv
fi
echo "setup: installing Python dependencies into .venv" >&2
.venv/bin/python -m pip install -q --upgrade pip >&2
# torch first, pinned: here that is the CPU build on disk (an unpinned one pulls a multi-GB CUDA
# build). Set MONALOG_TORCH to choose another spec; an existing torch is kept.
.venv/bin/python -c "import torch" 2>/dev/null || .venv/bin/python -m pip install -q "${MONALOG_TORCH:-torch==2.13.0}" >&2
# the core and every extra (pyproject.toml): a core-only install is `pip install .`
.venv/bin/python -m pip install -q -e ".[test,neural,plots,perturb,bio,ray]" >&2
# Compile WordNet once into the SQLite index (~/.cache/monalog/wordnet-3.0.sqlite) and lay out the
# nltk-shaped copy the reference reader uses (MONALOG_WORDNET=nltk), if WordNet is there.
.venv/bin/python -c "from monalog.knowledge.wordnet import load, nltk_wordnet; load(); nltk_wordnet()" >&2 \
  || echo "setup: WordNet not available yet; the prover needs it (apt-get install wordnet-base wordnet-sense-index)" >&2
echo "$want" > "$stamp"
echo "setup: done" >&2
