import pytest

from monalog.errors import InputError
from monalog.parsing.tokens import MAX_TOKENS, tokenize


@pytest.mark.parametrize("text, words, chunks", [
    ("A dog is running", ("A", "dog", "is", "running"), (0, 1, 2, 3)),
    ("A dog isn't running.", ("A", "dog", "is", "n't", "running", "."), (0, 1, 2, 2, 3, 3)),
    ("The man's t-shirt is red", ("The", "man", "'s", "t-shirt", "is", "red"), (0, 1, 1, 2, 3, 4)),
    ("  two   spaces\tand tab ", ("two", "spaces", "and", "tab"), (0, 1, 2, 3)),
    ("Café au lait", ("Café", "au", "lait"), (0, 1, 2)),
    ("Birds cannot swim", ("Birds", "can", "not", "swim"), (0, 1, 1, 2)),      # as Penn Treebank splits it
    ("A canon cannoted", ("A", "canon", "cannoted"), (0, 1, 2)),
])
def test_tokens_and_alignment(text, words, chunks):
    tok = tokenize(text)
    assert tok.words == words
    assert tok.chunk_of == chunks


def test_control_characters_become_spaces():
    assert tokenize("a\x00dog\u200bruns").words == ("a", "dog", "runs")


@pytest.mark.parametrize("bad", ["", "   ", "\n\t", "!!! ???", "x " * (MAX_TOKENS + 1), "y" * 5000, None])
def test_bad_input_raises_input_error(bad):
    with pytest.raises(InputError):
        tokenize(bad)
