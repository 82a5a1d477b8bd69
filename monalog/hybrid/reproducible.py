"""Reproducible training: seeded, deterministic kernels on CUDA as on CPU, and the facts a trained
model's result depends on besides its data and settings (device, library versions), recorded beside it."""
from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def deterministic(seed: int) -> Iterator[None]:
    """Seeded, deterministic kernels on CUDA as on CPU while training: the same seed gives the same
    model twice (cuBLAS needs its workspace setting before its first use; set if the user has not).
    The process's previous settings are restored afterwards."""
    import os

    import torch

    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    before = torch.are_deterministic_algorithms_enabled(), torch.backends.cudnn.benchmark
    random.seed(seed)
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True)
    torch.backends.cudnn.benchmark = False
    try:
        yield
    finally:
        torch.use_deterministic_algorithms(before[0])
        torch.backends.cudnn.benchmark = before[1]


def environment(device) -> dict:
    """What the result depends on besides data and settings: device and library versions."""
    import platform

    import torch
    import transformers

    out = {"python": platform.python_version(), "torch": torch.__version__, "transformers": transformers.__version__,
           "device": str(device), "deterministic": torch.are_deterministic_algorithms_enabled()}
    if device.type == "cuda":
        out.update(gpu=torch.cuda.get_device_name(device), cuda=torch.version.cuda,
                   cudnn=torch.backends.cudnn.version())
    else:
        out["cpu_threads"] = torch.get_num_threads()
    return out
