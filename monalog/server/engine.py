"""What the server computes, without HTTP: provers (one per option set, all sharing the parser),
pipelines, the optional fallback, sentence validation with the server's limits. Every method takes
a batch and returns each item's JSON-ready result or its MonalogError in its place.

Not thread-safe by design: the app calls it from one thread per process (see monalog.server.app).
"""
from __future__ import annotations

import csv
import dataclasses
import io
import logging
import time
from importlib import resources
from typing import Sequence

from monalog.errors import InputError, MonalogError, ResourceError
from monalog.hybrid.classifier import HybridClassifier
from monalog.hybrid.fallback import Fallback
from monalog.inference.proof import Proof
from monalog.inference.prover import Prover, ProverSettings
from monalog.inference.search import SearchBudgetError, WorkBudgetError
from monalog.parallel import quiet_threads
from monalog.parsing.tokens import tokenize
from monalog.pipeline import Pipeline
from monalog.polarity.lexicon import Readings, default_lexicon
from monalog.polarity.polarizer import Polarizer
from monalog.server.config import Limits, ServerConfig
from monalog.server.results import decision_json, parse_json, polarize_json, prove_json
from monalog.server.schemas import ClassifyOptions, Pair, PolarizeOptions, ProveOptions

log = logging.getLogger(__name__)

Result = dict | MonalogError
NO_FALLBACK = ResourceError("no fallback model is configured: start the server with `monalog serve --model PATH` "
                            "(a `monalog train` folder or an NLI model) to use /api/classify", input="/api/classify")


def check_sentence(text: str, limits: Limits) -> None:
    """InputError, with the command line's messages, for a sentence the server will not take: over
    the limit in characters or tokens, empty, not text (the parser's own checks, with tighter limits)."""
    if len(text) > limits.characters:
        raise InputError(f"sentence has {len(text)} characters; the limit is {limits.characters}", input=text[:100])
    tokenize(text, max_tokens=limits.tokens)


def bundled_examples() -> list[dict[str, str]]:
    """The pairs of monalog/data/demo_pairs.tsv (what `monalog demo` proves)."""
    text = resources.files("monalog").joinpath("data/demo_pairs.tsv").read_text(encoding="utf-8")
    return [{"premise": row["premise"], "hypothesis": row["hypothesis"]}
            for row in csv.DictReader(io.StringIO(text), delimiter="\t")]


class Engine:
    def __init__(self, config: ServerConfig = ServerConfig()) -> None:
        self.config = config
        self.limits = config.limits
        self._pipelines: dict[Readings, Pipeline] = {}
        self._provers: dict[ProverSettings, Prover] = {}
        self.fallback: "Fallback | None" = None
        self.load_seconds: float | None = None
        self.explored = 0                    # sentences the last call's searches reached (a request's budget)

    def load(self) -> "Engine":
        """The parser, the polarizer, WordNet and the default prover (and the fallback, when configured)
        now, so that no request's time includes loading; raises ResourceError when a model is unusable."""
        if self.load_seconds is not None:            # loaded already (monalog serve loads before it serves)
            return self
        start = time.perf_counter()
        self._prover(ProveOptions()).load()
        if self.config.model:
            self.fallback = Fallback(self.config.model, device=self.config.device)
        # one BLAS (and torch) thread, as in every worker process: the processes are the parallelism, and
        # BLAS threads fighting over busy cores made the tagger 6 times slower (168 -> 26 ms a SICK pair)
        quiet_threads()
        self.load_seconds = time.perf_counter() - start
        log.info("models loaded in %.2f s", self.load_seconds)
        return self

    def health(self) -> dict:
        """What this engine has loaded, and how long that took."""
        fallback = None
        if self.fallback is not None:
            fallback = {"model": self.config.model, "device": str(self.fallback.device),
                        "threshold": self.config.threshold}
        return {"models": {"parser": "monalog supertagger + depccg A* decoder", "prover": bool(self._provers),
                           "wordnet": bool(self._provers), "fallback": fallback},
                "load_seconds": None if self.load_seconds is None else round(self.load_seconds, 3)}

    # -- shared models, one per option set ---------------------------------------------------------
    def _pipeline(self, readings: Readings) -> Pipeline:
        if readings not in self._pipelines:
            polarizer = Polarizer(default_lexicon().with_readings(readings)) if readings != Readings() else None
            self._pipelines[readings] = Pipeline(polarizer=polarizer)
        return self._pipelines[readings]

    def _prover(self, options: ProveOptions) -> Prover:
        settings = dataclasses.replace(options.settings(), max_work=self.limits.work)
        if settings not in self._provers:
            self._provers[settings] = Prover(settings, pipeline=self._pipeline(settings.readings))
        return self._provers[settings]

    def _checked(self, texts: Sequence[str]) -> list[InputError | None]:
        out: list[InputError | None] = []
        for text in texts:
            try:
                check_sentence(text, self.limits)
                out.append(None)
            except InputError as exc:
                out.append(exc)
        return out

    # -- the endpoints' work -------------------------------------------------------------------------
    def _proofs(self, pairs: Sequence[Pair], options: ProveOptions, as_json: bool,
                graph_nodes: int | None = None) -> list:
        """Each pair's proof (as the explorer's JSON when `as_json`, its graph cut to `graph_nodes`, by default
        the limit's) or its error; `self.explored` counts the sentences their searches reached."""
        prover = self._prover(options)
        self.explored = 0
        checks = self._checked([text for pair in pairs for text in (pair.premise, pair.hypothesis)])
        out: list = [checks[2 * i] or checks[2 * i + 1] for i in range(len(pairs))]
        todo = [i for i, error in enumerate(out) if error is None]
        analysed = prover.pipeline.run([t for i in todo for t in (pairs[i].premise, pairs[i].hypothesis)],
                                       options.normalize)
        for k, i in enumerate(todo):
            p, h = analysed[2 * k], analysed[2 * k + 1]
            proof = prover.prove_analysed(pairs[i].premise, pairs[i].hypothesis, p, h, options.depth)
            self.explored += proof.explored if isinstance(proof, (Proof, SearchBudgetError)) else 0
            if isinstance(proof, Proof) and as_json:
                assert not isinstance(p, MonalogError) and not isinstance(h, MonalogError)
                limit = self.limits.graph_nodes if graph_nodes is None else min(graph_nodes, self.limits.graph_nodes)
                out[i] = prove_json(proof, p, h, limit)
            else:
                out[i] = proof
        return out

    def prove(self, pairs: Sequence[Pair], options: ProveOptions, graph_nodes: int | None = None) -> list[Result]:
        return [_with_id(result, pair) for result, pair in zip(self._proofs(pairs, options, True, graph_nodes), pairs)]

    def classify(self, pairs: Sequence[Pair], options: ClassifyOptions) -> list[Result]:
        """The hybrid: the engine's ENTAILMENT/CONTRADICTION, else the fallback's answer. Input the
        server refuses is an error in place; a pair the engine cannot parse goes to the fallback."""
        if self.fallback is None:
            raise NO_FALLBACK
        proofs = self._proofs(pairs, options, False)
        # input the server refuses, and a pair over its work budget, are errors: never the fallback's label
        todo = [i for i, r in enumerate(proofs) if not isinstance(r, (InputError, WorkBudgetError))]
        threshold = options.threshold if options.threshold is not None else self.config.threshold
        classifier = HybridClassifier(self.fallback, options.settings(), threshold)
        decisions = classifier.classify([(pairs[i].premise, pairs[i].hypothesis) for i in todo],
                                        proofs=[proofs[i] for i in todo])
        out: list[Result] = list(proofs)
        for i, decision in zip(todo, decisions):
            out[i] = {"premise": pairs[i].premise, "hypothesis": pairs[i].hypothesis, **decision_json(decision)}
        return [_with_id(result, pair) for result, pair in zip(out, pairs)]

    def polarize(self, sentences: Sequence[str], options: PolarizeOptions) -> list[Result]:
        self.explored = 0
        checks = self._checked(sentences)
        todo = [i for i, error in enumerate(checks) if error is None]
        done = self._pipeline(options.readings()).run([sentences[i] for i in todo], options.normalize)
        out: list[Result] = list(checks)        # type: ignore[arg-type]
        for i, result in zip(todo, done):
            out[i] = result if isinstance(result, MonalogError) else polarize_json(result)
        return out

    def parse(self, sentences: Sequence[str]) -> list[Result]:
        self.explored = 0
        checks = self._checked(sentences)
        todo = [i for i, error in enumerate(checks) if error is None]
        done = self._pipeline(Readings()).parse([sentences[i] for i in todo])
        out: list[Result] = list(checks)        # type: ignore[arg-type]
        for i, result in zip(todo, done):
            out[i] = result if isinstance(result, MonalogError) else parse_json(result)
        return out


def _with_id(result: Result, pair: Pair) -> Result:
    if pair.id is None or isinstance(result, MonalogError):
        return result
    return {"id": pair.id, **result}
