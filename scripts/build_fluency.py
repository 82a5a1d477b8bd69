"""Build the fluency filter's data (monalog/augment/fluency.py) from SICK.

Counts the bigrams of SICK's TRAIN sentences (sentence_A and sentence_B, each distinct sentence
once) into monalog/kb/fluency_bigrams.tsv, then scores SICK's TRIAL sentences that TRAIN does not
contain and writes the threshold (a low percentile of those scores) and their distribution to
monalog/kb/fluency.json.

    .venv/bin/python scripts/build_fluency.py [--sick ../shared/data/sick/SICK_corrected_train_trial.tsv]
"""
from __future__ import annotations

import argparse
import csv
import json
import logging
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from monalog.augment.fluency import BigramFluency, tokens  # noqa: E402

logger = logging.getLogger("build_fluency")

COMMAND = "python scripts/build_fluency.py --sick ../shared/data/sick/SICK_corrected_train_trial.tsv"
PERCENTILES = (1, 2, 5, 10, 50)
WHY_5TH = ("The 5th rather than the 2nd: at the 2nd the filter passes 'The male is playing no guitar' (-0.70) and "
           "'Two dogs are not running and carrying' (-0.67), while natural hypotheses such as 'A man is playing "
           "a trombone' (-0.03) or 'A man is playing' (0.0) score far above the 5th. ")


def sick_sentences(path: Path) -> tuple[list[str], list[str]]:
    """Distinct TRAIN sentences, and the distinct TRIAL sentences that are not also in TRAIN."""
    split: dict[str, set[str]] = {"TRAIN": set(), "TRIAL": set()}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if row["SemEval_set"] in split:
                split[row["SemEval_set"]].update((row["sentence_A"].strip(), row["sentence_B"].strip()))
    return sorted(split["TRAIN"]), sorted(split["TRIAL"] - split["TRAIN"])


def count_bigrams(sentences: list[str]) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for sentence in sentences:
        words = tokens(sentence)
        counts.update(zip(words, words[1:]))
    return counts


def percentile(values: list[float], p: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def write_bigrams(path: Path, counts: Counter[tuple[str, str]], n_sentences: int) -> None:
    header = (
        "# Bigram counts of SICK's TRAIN sentences for the fluency filter (monalog/augment/fluency.py).\n"
        f"# {n_sentences} distinct sentences (sentence_A and sentence_B of SemEval_set TRAIN), tokenized by\n"
        "# monalog.augment.fluency.tokens (lowercased, punctuation dropped, n't and 's split off), with\n"
        "# <s> and </s> at the ends. Unigram counts are these summed (by w1 or by w2), so none are listed.\n"
        f"# Built by: {COMMAND}\n"
        "w1\tw2\tcount\n"
    )
    rows = "".join(f"{w1}\t{w2}\t{n}\n" for (w1, w2), n in sorted(counts.items()))
    path.write_text(header + rows, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sick", type=Path, default=REPO / "../shared/data/sick/SICK_corrected_train_trial.tsv")
    parser.add_argument("--out", type=Path, default=REPO / "monalog/kb", help="folder for the two files")
    parser.add_argument("--percentile", type=float, default=5.0,
                        help="the threshold's percentile of TRIAL scores (default 5)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    train, trial = sick_sentences(args.sick)
    counts = count_bigrams(train)
    write_bigrams(args.out / "fluency_bigrams.tsv", counts, len(train))
    model = BigramFluency(counts)
    scores = [model.score(sentence) for sentence in trial]
    threshold = round(percentile(scores, args.percentile), 3)
    settings = {
        "_comment": (
            f"Default --min-fluency for augmentation (monalog/augment/fluency.py): the {args.percentile:g}th "
            f"percentile of the fluency scores of SICK's {len(trial)} distinct TRIAL sentences not in TRAIN "
            f"(held out from the counts in fluency_bigrams.tsv, {len(train)} TRAIN sentences), so about "
            f"{100 - args.percentile:g} % of real SICK sentences pass. "
            + (WHY_5TH if args.percentile == 5 else "") + f"Built by: {COMMAND}"
        ),
        "min_fluency": threshold,
        "percentile": args.percentile,
        "trial_percentiles": {str(p): round(percentile(scores, p), 3) for p in PERCENTILES},
        "trial_sentences": len(trial),
        "train_sentences": len(train),
    }
    (args.out / "fluency.json").write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
    logger.info("%d TRAIN sentences, %d bigrams; %d TRIAL sentences; threshold %.3f; percentiles %s",
                len(train), len(counts), len(trial), threshold, settings["trial_percentiles"])


if __name__ == "__main__":
    main()
