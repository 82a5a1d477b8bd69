"""The edit rules of the directed search, one module each, in the order the generator proposes their
edits. The order is part of every answer (a breadth-first search meets sentences in it), so a new
rule goes where it should be tried: a module with `edits(ctx: EditContext) -> Edits` and one line
here (spaCy's pipeline is the model)."""
from __future__ import annotations

from monalog.inference.edits import (added_complements, added_conjuncts, added_determiners, added_disjuncts,
                                     adjective_swaps, adverb_moves, aligned_phrases, anymore, clothing_colours,
                                     compound_phrases, deletions, determiner_phrases, ground_prepositions, insertions,
                                     never_not, npi_any, numeral_bounds, place_names, place_phrases, pp_moves,
                                     pronoun_subjects, replacements, surface_modifiers, two_word_determiners,
                                     vacuous_ever)
from monalog.inference.edits.context import EditContext, Edits, Nodes, Rule

RULES: tuple[Rule, ...] = (
    replacements.edits,             # a word by one above it (↑) or below it (↓)
    determiner_phrases.edits,       # "a few" as one word
    two_word_determiners.edits,     # one word by "a few"
    numeral_bounds.edits,           # "exactly three" ≤ "at least three"; "three" ≡ "at least three"
    compound_phrases.edits,         # a phrase that stands for one word
    aligned_phrases.edits,          # a phrase by its aligned phrase (↑ only)
    place_phrases.edits,            # "in a field" ≤ "outdoors"
    place_names.edits,              # "in Berlin" ≤ "in Germany"
    ground_prepositions.edits,      # "on the grass" ≡ "in the grass"
    clothing_colours.edits,         # "in a blue leotard" ≤ "in blue"
    adverb_moves.edits,             # "quickly running" ≡ "running quickly"
    adjective_swaps.edits,          # "a big green ball" ≡ "a green big ball"
    pp_moves.edits,                 # "a kid in a pool is swimming" ≡ "a kid is swimming in a pool"
    deletions.edits,                # modifiers, objects, measures and conjuncts dropped (↑)
    insertions.edits,               # the target's modifiers added (↓)
    surface_modifiers.edits,        # the target's adjective before a noun, found by the words (↓)
    added_disjuncts.edits,          # "X" ≤ "X or Y" (↑)
    added_conjuncts.edits,          # "X and Y" ≤ "X" (↓)
    added_complements.edits,        # the target's objects, complements and "and" adjectives added (↓)
    added_determiners.edits,        # "mistakes" ≥ "many mistakes" (↓)
    npi_any.edits,                  # "a N" ≡ "any N" where a downward operator licenses it
    vacuous_ever.edits,             # "has ever caught" ≡ "has caught"
    never_not.edits,                # "never lied" ≤ "did not lie" (↑)
    anymore.edits,                  # "doesn't watch TV anymore" ≤ "doesn't watch TV"
    pronoun_subjects.edits,         # "she" ≤ "some person" (↑)
)

__all__ = ["RULES", "EditContext", "Edits", "Nodes", "Rule"]
