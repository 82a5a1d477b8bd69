"""What a core-only install (`pip install monalog`, no extras) can do: parse, polarize, prove,
evaluate and serve without torch, transformers, matplotlib or the other extras' modules, and a
command that needs an extra says which one to install, on one line."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from monalog.extras import EXTRAS, missing_extra

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
DISTRIBUTIONS = {"pyhpo": "hpo3", "drug_named_entity_recognition": "drug-named-entity-recognition"}
# and what the packaged MiniLM's distribution declares (monalog only reads its files): not needed either
HIDDEN = sorted({*EXTRAS, "sentence_transformers", "tokenizers", "huggingface_hub", "sklearn", "scipy"})

CORE_ONLY = """
import importlib.abc, json, sys

HIDDEN = set(sys.argv[1].split(","))
assert not HIDDEN & {m.split(".")[0] for m in sys.modules}, "already imported at start-up"


class Uninstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Uninstalled())
import monalog
from monalog.cli import main
from monalog.server.app import create_app

proof = monalog.prove("A man is running", "A person is running")
print(json.dumps({"api": proof.label.value}), flush=True)
print(json.dumps({"cli": main(["prove", "A man is running", "A person is running"])}), flush=True)
print(json.dumps({"eval": main(["eval", sys.argv[2], "--input-format", "jsonl"])}), flush=True)
print(json.dumps({"app": type(create_app()).__name__}), flush=True)
print(json.dumps({"hybrid": main(["classify", sys.argv[2], "--hybrid", sys.argv[3]])}), flush=True)
"""


def _requirement_names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requirements}


def _extra(name: str) -> set[str]:
    """The distributions an extra installs, through the extras it names (monalog[neural,plots])."""
    out = set()
    for requirement in PYPROJECT["optional-dependencies"][name]:
        if requirement.startswith("monalog["):
            out |= {d for e in requirement[len("monalog["):requirement.index("]")].split(",") for d in _extra(e)}
        else:
            out |= _requirement_names([requirement])
    return out


def test_a_core_install_proves_a_pair_without_the_extras(tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"premise": "A man is sleeping", "hypothesis": "A woman is dancing", "label": "NEUTRAL"}\n')
    done = subprocess.run([sys.executable, "-c", CORE_ONLY, ",".join(HIDDEN), str(pairs), str(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0] == '{"api": "ENTAILMENT"}' and lines[1] == "ENTAILMENT" and '{"cli": 0}' in lines
    assert '{"eval": 0}' in lines and '{"app": "FastAPI"}' in lines and lines[-1] == '{"hybrid": 2}'
    assert done.stderr.strip().splitlines()[-1] == ("monalog: error: torch is not installed (the core install "
                                                    "leaves it out): pip install 'monalog[neural]'")


def test_each_extra_module_is_installed_by_its_extra_and_not_by_the_core():
    core = _requirement_names(PYPROJECT["dependencies"])
    for module, extra in EXTRAS.items():
        distribution = DISTRIBUTIONS.get(module, module)
        assert distribution in _extra(extra), (module, extra)
        assert distribution not in core, module


def test_setup_installs_every_extra():
    installed = re.search(r'pip install -q -e "\.\[([^\]]+)\]"', (ROOT / "scripts" / "setup.sh").read_text())
    assert installed and set(installed.group(1).split(",")) == set(PYPROJECT["optional-dependencies"])


@pytest.mark.parametrize("name, message", [
    ("torch", "torch is not installed (the core install leaves it out): pip install 'monalog[neural]'"),
    ("ray", "ray is not installed (the core install leaves it out): pip install 'monalog[ray]'"),
    ("numpy", None), ("torch.cuda", None), (None, None)])
def test_a_missing_module_names_its_extra(name, message):
    found = missing_extra(ModuleNotFoundError(f"No module named {name!r}", name=name))
    assert (found and str(found)) == message
