"""The optional parts of an install (pyproject.toml's extras). The core install parses, polarizes,
proves, evaluates, classifies, augments and serves without them; each module below comes with the
extra named beside it, and a command that needs one says `pip install 'monalog[EXTRA]'`."""
from __future__ import annotations

from monalog.errors import ResourceError

# top-level module -> the extra that installs it
EXTRAS = {
    "torch": "neural", "transformers": "neural",            # train, train-tagger, the hybrid's fallback
    "matplotlib": "plots",                                   # perturb consistency --png
    "httpx": "perturb",                                      # the generators' chat backend
    "spacy": "bio", "pyhpo": "bio", "pronto": "bio", "drug_named_entity_recognition": "bio",
    "ray": "ray",                                            # --engine ray
}


def missing_extra(exc: ModuleNotFoundError) -> ResourceError | None:
    """What to install when `exc` says a module of an extra is not installed, else None."""
    module = exc.name or ""
    extra = EXTRAS.get(module)
    if extra is None:
        return None
    return ResourceError(f"{module} is not installed (the core install leaves it out): pip install 'monalog[{extra}]'",
                         input=module)
