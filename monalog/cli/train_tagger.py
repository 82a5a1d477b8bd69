"""`monalog train-tagger`: train the supertagger on silver CCG derivations."""
from __future__ import annotations

import argparse
import json

from monalog.cli.common import count, device_name, input_path, log, probability
from monalog.fileio import check_output


def register(sub) -> None:
    p = sub.add_parser("train-tagger", help="train the supertagger on silver derivations")
    p.add_argument("--data", required=True, type=input_path,
                   help="derivations in brace or AUTO format, ID= lines between")
    p.add_argument("-o", "--output", required=True, help="where to write the model (.npz)")
    p.add_argument("--encoder", choices=("bilstm", "minilm"), default="bilstm",
                   help="bilstm: the shipped tagger.npz (30 epochs by default); minilm: MiniLM's first 2 layers "
                        "and a char CNN, the shipped tagger_minilm.npz (6 epochs by default, CPU)")
    p.add_argument("--epochs", type=count(1), help="passes over the data (default: 30 bilstm, 6 minilm)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--holdout", type=probability, default=0.1, help="fraction held out for evaluation")
    p.add_argument("--device", type=device_name, help="cuda or cpu (default: cuda when available)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from monalog.parsing.tagger import is_tagger_file
    from monalog.parsing.training import TrainSettings, train_from_file

    check_output(args.output, inputs=[args.data], previous=is_tagger_file)
    epochs = args.epochs or (6 if args.encoder == "minilm" else 30)

    def on_epoch(epoch: int, loss: float) -> None:
        log.info("epoch %d/%d loss %.4f", epoch, epochs, loss)

    meta = train_from_file(args.data, args.output, TrainSettings(epochs=epochs, seed=args.seed),
                           holdout=args.holdout, device=args.device, on_epoch=on_epoch, encoder=args.encoder)
    print(json.dumps(meta))
    return 0
