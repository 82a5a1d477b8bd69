"""Round 23 of the generator's judged sample outside SICK's style (results/augment_outside_round23_*.tsv,
both readers): "The large vase" -> "The small vase" and "The new playground" -> "The old playground" (a
definite's adjective picks the referent: the swap names another thing), "vase" -> "jar" (a WordNet
hypernym no reader takes), "very few young toddlers", "Women and people", "gets much sun", "her animal";
one found beside it: "The new library will | open after ..." read with "will" a whole verb phrase gave
"The new library will."; and a new form, "Someone" for a given name. Round 24's: "a tooth" -> "a bone",
"a policeman" -> "a defender", "the driver" -> "the operator", "was waking", "did move an inch". Round
25's: "our oldest tortoise" -> "our tortoise", "on Street", "can open" / "can close", "a keeper" -> "a
defender", "hunt and prey." Each pair is never emitted rather than emitted wrong."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.misparse import misread
from monalog.errors import ParseError


@pytest.fixture(scope="module")
def augmenter(parser):
    return Augmenter(AugmentSettings(), parser=parser)


def _hypotheses(augmenter, premise):
    [pairs] = augmenter.generate_batch([premise])
    return [] if isinstance(pairs, ParseError) else [p.hypothesis for p in pairs]


@pytest.mark.parametrize("premise, unwanted", [
    ("The young queen sits beside her dog.", "old queen"),
    ("Her sleeping cat lies on the bed.", "waking cat"),
])
def test_no_adjective_swap_after_a_definite(augmenter, premise, unwanted):
    hypotheses = _hypotheses(augmenter, premise)
    assert hypotheses and not [h for h in hypotheses if unwanted in h]


@pytest.mark.parametrize("premise, unwanted", [
    ("Tom dropped a vase.", "jar"),
    ("I had a tooth pulled.", "bone"),                                            # round 24
    ("A Californian policeman pulled a car over and spoke to the driver.", "defender"),
    ("A Californian policeman pulled a car over and spoke to the driver.", "operator"),
    ("A big fluffy cat was sleeping on the table.", "waking"),                    # read as waking up
    ("Tom didn't move an inch from his house.", "did move an inch"),              # an NPI idiom's negation kept
    ("The boy is reading a letter.", "text"),                     # the scan of common nouns' and verbs' hypernyms
])
def test_no_word_a_reader_rejects(augmenter, premise, unwanted):
    assert not [h for h in _hypotheses(augmenter, premise) if unwanted in h]


def test_young_is_not_added_to_a_young_noun(augmenter):
    assert not [h for h in _hypotheses(augmenter, "Very few toddlers liked the soup.") if "young" in h]


def test_a_modal_read_as_a_whole_verb_phrase_is_a_misparse():
    from monalog.parsing.parser import get_parser

    bilstm = get_parser("monalog", "bilstm")        # `monalog augment`'s default tagger reads "will" so
    assert misread(bilstm.parse("The new library will open after the summer holiday.").tree) == "will"
    assert misread(bilstm.parse("She said she would.").tree) is None         # an ellipsis ends its clause


def test_no_conjunct_made_a_word_that_names_the_other_too(augmenter):
    hypotheses = _hypotheses(augmenter, "A cat and a dog are sleeping.")      # round 23: "Women and people"
    assert "An animal is sleeping." in hypotheses and not [h for h in hypotheses if "and an animal" in h]


def test_a_bare_much_is_never_left_without_its_negation(augmenter):
    [pairs] = augmenter.generate_batch(["This room doesn't get much sun during the day."])
    assert isinstance(pairs, list)              # read, and no pair written: "that much", "so much" stay (below)
    hypotheses = {p.hypothesis for p in pairs}
    assert "This room gets much sun during the day." not in hypotheses      # round 23: "much" needs the negation
    assert "This room does get much sun during the day." not in hypotheses  # round 66: "does have much time" too


def test_a_given_name_subject_becomes_someone(augmenter):
    assert "Someone seldom wears a hat." in _hypotheses(augmenter, "Tom seldom wears a hat.")
    assert not [h for h in _hypotheses(augmenter, "Tom loves his dog.") if h.startswith("Someone")]   # whose dog?


def test_no_hypernym_after_a_possessive(augmenter):
    assert not [h for h in _hypotheses(augmenter, "A boy is feeding his dog.") if "animal" in h]


def test_a_sentence_read_as_a_noun_phrase_is_a_misparse(tree_of):
    from monalog.ccg.io import read_auto

    tree = read_auto("(<T NP rp 0 2> (<T NP lex 0 1> (<T N ba 0 2> (<L N Children child NNS O XX N>) (<T N\\N lex 0 1> "
                     "(<L S[adj]\\NP free free VBD O XX S[adj]\\NP>) ) ) ) (<L . . . . O XX .>) )")
    assert misread(tree) == "free"
    assert misread(tree_of("The apple trees were pruned in late winter.")) is None      # an auxiliary as a modifier


def test_middle_is_no_antonym_to_swap(augmenter):
    assert not [h for h in _hypotheses(augmenter, "The apple trees were pruned in late winter.") if "middle" in h]


@pytest.mark.parametrize("premise, unwanted", [                     # round 25
    ("Our oldest tortoise is more than a hundred years old.", "Our tortoise"),     # a superlative picks the one
    ("The branch on High Street will close at the end of June.", "on Street"),    # a word of a name
    ("Every customer can open a savings account online.", "can close"),           # what one can do: both hold
    ("Every customer can open a savings account online.", "buyer"),
    ("A keeper cleans the elephant enclosure every morning.", "defender"),
    ("Some large birds hunt and prey upon small birds and animals.", "hunt and prey."),
    ("He believed that blacks could win their fight for equal rights.", "colors"),         # round 26
    ("He's a man who doesn't make mistakes that hurt someone else.", "worker else"),
    ("He's a man who doesn't make mistakes that hurt someone else.", "Nobody's a man"),
    ("He's a man who doesn't make mistakes that hurt someone else.", "Someone's a man"),
    ("The children's section was painted bright yellow last month.", "people's section"),
    ("I don't like change.", "turning"),                                                    # round 27
    ("The prices are higher than at most places in town.", "than places"),
    ("Nothing is to be seen but water.", "seawater"),             # "nothing but X": X is non-monotone
    ("She has been studying French for a few years.", "been French"),   # "been | studying French": a misparse
    ("Tom doesn't like to eat fish with many bones.", "jaws"),               # round 28
    ("It is no use talking with him.", "misuse"),
    ("My father doesn't lift a finger at home.", "thumb"),
    ("You don't stand a snowball's chance in hell.", "You stand"),
    ("The latest fatal incident, reported Monday morning, killed a boy.", "reported morning"),
    ("The latest fatal incident, reported Monday morning, killed a boy.", "No latest"),
    ("All Tom wanted was a nice hot bath.", "not"),
    ("Lifeguards do not look after belongings left on the benches.", "estates"),
    ("A local artist painted the mural above the counter.", "the painting"),
    ("I can't speak a word of German.", "synonym"),                                  # round 29
    ("I can't speak a word of German.", "term"),
    ("A truck was standing in the middle of the road.", "sitting"),
    ("Our train was standing at the platform for an hour.", "lying"),               # found trying odd premises
    ("He had to go without food for days.", "He had to go."),
    ("He had to go without food for days.", "had not to"),
    ("I had no choice but to go.", "decision"),
    ("I had no choice but to go.", "I had a "),
    ("Foot passengers can buy tickets on the boat.", "craft"),
    ("The evening screening starts at half past seven.", "at half."),                # round 30
    ("The evening screening starts at half past seven.", "start past"),
    ("In dry summers, farmers water their crops daily.", "In summers"),         # a generic's opening phrase
    ("The library closes early on public holidays.", "closes early."),           # round 31
    ("Farmers water their crops during dry summers.", "their crops."),
    ("We play football every saturday in spring.", "No people"),
    ("He didn't say a word.", "said a term"),                                          # round 32
    ("The museum shop sells prints of several famous portraits.", "does not sell prints of several"),
    ("Every one except Tom was wearing a tie.", "Not every one except"),
    ("I don't really want to pay that much for a new red car.", "do really"),
    ("Laptops must not be left unattended in the reading room.", "departed"),         # a verb with no passive
    ("Pets are welcome in the garden rooms only.", "welcome only"),                   # round 33: a focus "only"
    ("Pets are welcome in the garden rooms only.", "in the rooms only"),
    ("A girl from year six broke the school record.", "from six"),                  # a numeral's name
    ("She didn't want to get in trouble.", "receive"),                               # a light verb
    ("The youngest runners finished the race in under a minute.", "or an hour"),    # a measure's disjunct
    ("He had all the attributes of a leader.", "young leader"),                     # "of a leader": a kind
    ("He had all the attributes of a leader.", "hero"),
    ("She whispered less than three words.", "synonyms"),
    ("She whispered less than three words.", "terms"),
    ("Spectators lined the road for several miles.", "any miles"),                  # round 34: a unit
    ("Bill did not commit the crime.", "commited"),
    ("The last train departs at eleven thirty.", "The train"),                       # round 35: "last" picks one
    ("The reptile house is warm all year round.", "reptile dwelling"),              # a noun tagged an adjective
    ("The upper path is closed after heavy rain.", "is not closed."),               # round 36: a generic mass noun
    ("The upper path is closed after heavy rain.", "after rain"),
])
def test_rounds_25_to_36_pairs_are_not_emitted(augmenter, premise, unwanted):
    # some premises rightly give nothing at all (a doubtful parse, a fixed expression): no pair beats a wrong one
    assert not [h for h in _hypotheses(augmenter, premise) if unwanted in h]


def test_a_unit_of_measure_counts_an_amount():
    """Round 34's "for any miles" and round 33's "under a minute or an hour": units by WordNet, not a mug (its
    first sense a containerful) nor "any day"."""
    from monalog.augment.sentences import any_amount
    from monalog.knowledge.measures import unit_noun

    assert unit_noun("minute") and unit_noun("miles") and not unit_noun("mug") and not unit_noun("toy")
    assert any_amount("Spectators did not line the road for any miles.") and not any_amount("Call me any day.")


def test_a_bare_plural_made_more_general_is_not_negated(augmenter):
    """"Regional governors could not rely" => "Governors could not rely", but "Governors could rely" contradicts
    nothing: other governors may have (round 30); the premise's own subject is still negated."""
    found = _hypotheses(augmenter, "Regional governors could not rely on the king for help.")
    assert "Governors could not rely on the king for help." in found
    assert "Regional governors could rely on the king for help." in found
    assert "Governors could rely on the king for help." not in found


def test_contradictions_are_written_as_people_write_them(augmenter):
    found = _hypotheses(augmenter, "We play football every saturday in spring.")
    assert "Nobody plays football every saturday in spring." in found                  # not "No people play"
    found = _hypotheses(augmenter, "I don't really want to pay that much for a new red car.")
    assert "I really do want to pay that much for a new red car." in found            # not "I do really want"
    found = _hypotheses(augmenter, "People in the park are playing football.")
    assert found and not [h for h in found if h.startswith("Nobody in")]             # not "Nobody ins the park"


def test_wordnet_antonyms_only_in_a_scene_and_a_verbs_in_its_ing_form(augmenter):
    assert not [h for h in _hypotheses(augmenter, "He owns a private jet.") if "public" in h]    # the simple present
    assert not [h for h in _hypotheses(augmenter, "Your new card will arrive within five working days.")
                if "leave" in h]
    assert "A man is selling a car." in _hypotheses(augmenter, "A man is buying a car.")       # a scene, as SICK's


@pytest.mark.parametrize("word, expected", [
    ("oldest", True), ("biggest", True), ("earliest", True), ("best", True), ("greatest", True),
    ("forest", False), ("guest", False), ("modest", False), ("honest", False), ("interest", False),
])
def test_superlatives(word, expected):
    from monalog.knowledge.superlatives import superlative

    assert superlative(word) is expected


def test_a_quotation_and_a_numeral_before_no_give_no_pairs(augmenter):      # found trying odd premises
    assert _hypotheses(augmenter, '"Nobody", she said, "is coming."') == []
    assert not [h for h in _hypotheses(augmenter, "12 monkeys escaped from the zoo in 1999.") if "12 no" in h]
