"""Tiny randomly initialised transformers models built from configs and saved like hub models
(no files from anywhere, no download): a BERT classifier / encoder / MLM, an MPNet encoder (the
architecture of the MPNet base), and a GPT-2 causal LM."""
from __future__ import annotations

from pathlib import Path

WORDS = ("a an the no man woman dog cat person animal is are not playing running sleeping guitar park "
         "in on with some every two boys girl aspirin ibuprofen seizure kidney disease reduces increases "
         "risk of patients treatment drug gene").split()
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def _bert_config(**extra):
    from transformers import BertConfig

    return BertConfig(vocab_size=len(SPECIALS) + len(WORDS), hidden_size=32, num_hidden_layers=2,
                      num_attention_heads=2, intermediate_size=64, max_position_embeddings=64, **extra)


def _bert_tokenizer(folder: Path) -> None:
    from transformers import BertTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    vocab = {word: i for i, word in enumerate(SPECIALS + WORDS)}
    BertTokenizerFast(vocab=vocab, do_lower_case=True).save_pretrained(folder)


def bert_classifier(folder: Path) -> Path:
    from transformers import BertForSequenceClassification

    _bert_tokenizer(folder)
    config = _bert_config(num_labels=3, id2label={0: "entailment", 1: "neutral", 2: "contradiction"},
                          label2id={"entailment": 0, "neutral": 1, "contradiction": 2})
    BertForSequenceClassification(config).save_pretrained(folder)
    return folder


def bert_mlm(folder: Path) -> Path:
    from transformers import BertForMaskedLM

    _bert_tokenizer(folder)
    BertForMaskedLM(_bert_config()).save_pretrained(folder)
    return folder


MPNET_SPECIALS = ["<s>", "<pad>", "</s>", "[UNK]", "<mask>"]       # ids as in all-mpnet-base-v2


def mpnet_encoder(folder: Path) -> Path:
    """An MPNet encoder with its tokenizer, saved as all-mpnet-base-v2's folder is (MPNetModel, no head)."""
    from transformers import MPNetConfig, MPNetModel, MPNetTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    vocab = {word: i for i, word in enumerate(MPNET_SPECIALS + WORDS)}
    MPNetTokenizer(vocab=vocab, do_lower_case=True).save_pretrained(folder)
    config = MPNetConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                         intermediate_size=64, max_position_embeddings=66, pad_token_id=1, bos_token_id=0,
                         eos_token_id=2)
    MPNetModel(config).save_pretrained(folder)
    return folder


def gpt2_lm(folder: Path) -> Path:
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    vocab = {w: i for i, w in enumerate(["<unk>", "<eos>"] + WORDS)}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    PreTrainedTokenizerFast(tokenizer_object=core, unk_token="<unk>", eos_token="<eos>").save_pretrained(folder)
    config = GPT2Config(vocab_size=len(vocab), n_positions=64, n_embd=32, n_layer=2, n_head=2)
    GPT2LMHeadModel(config).save_pretrained(folder)
    return folder


def t5_seq2seq(folder: Path) -> Path:
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast, T5Config, T5ForConditionalGeneration

    folder.mkdir(parents=True, exist_ok=True)
    vocab = {w: i for i, w in enumerate(["<pad>", "</s>", "<unk>"] + WORDS + ["insulin", "glucagon", "leptin",
                                                                              "lipolysis", "inhibits", "promotes"])}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    PreTrainedTokenizerFast(tokenizer_object=core, unk_token="<unk>", eos_token="</s>",
                            pad_token="<pad>").save_pretrained(folder)
    config = T5Config(vocab_size=len(vocab), d_model=32, d_kv=8, d_ff=64, num_layers=2, num_heads=2,
                      decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
    T5ForConditionalGeneration(config).save_pretrained(folder)
    return folder
