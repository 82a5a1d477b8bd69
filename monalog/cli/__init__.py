"""The `monalog` command line: one module per command, each registering its own sub-parser.
Other packages add commands through the `monalog.commands` entry-point group (a function that
takes the sub-parsers object), as the generators' package does for `monalog perturb`.
Results go to stdout; progress, logs and errors to stderr."""
from __future__ import annotations

import argparse
import importlib
import logging
import sys
from typing import Sequence

from monalog.cli.common import one_line
from monalog.errors import MonalogError
from monalog.extras import missing_extra

COMMANDS = ("parse", "polarize", "prove", "eval", "classify", "train", "augment", "demo", "train_tagger", "serve")


def _plugins():
    from importlib.metadata import entry_points

    return sorted(entry_points(group="monalog.commands"), key=lambda ep: ep.name)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="monalog", description=__doc__.split("\n")[0])
    ap.add_argument("-v", "--verbose", action="store_true", help="log progress details to stderr")
    sub = ap.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"monalog.cli.{name}").register(sub)
    for plugin in _plugins():
        try:
            plugin.load()(sub)
        except ImportError as exc:                   # a broken or half-installed package: say so, go on
            print(f"monalog: warning: the {plugin.name} command is unavailable: {one_line(exc)}", file=sys.stderr)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        return args.func(args)
    except MonalogError as exc:
        print(f"monalog: error: {one_line(exc)}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:          # a command that needs an extra the install lacks
        needed = missing_extra(exc)
        if needed is None:
            raise
        print(f"monalog: error: {one_line(needed)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("monalog: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
