"""Issue 51's twenty-fourth stop, round 89's failure kinds (results/augment_outside_round89_*.tsv): a verb WordNet gives
no use without an object left with none ("had left him weak and exhausted" -> "had exhausted"), a gerund parted from
its object ("absorbed in growing herbs" -> "absorbed in herbs"), a noun made more general under a non-intersective
adjective ("a suspected broken ankle" -> "a suspected ankle"), a reason made more specific ("because of low cloud" ->
"because of very low cloud"), a clause read as a noun's modifier ("before the team | left the base" -> "before the
team"), and a negation beside "instead of", "except" or "at most" ("Instead of eating vegetables, nobody puts them in
a blender", "is not very good except for two or three spelling errors", "do not cost at most 50 dollars"). The
generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

_LACK = "Lack of food had left him weak and exhausted."
_HERBS = "I am absorbed in growing herbs and your Web pages are a great help to me."
_TEAM = "The team was called out at 14:20 to a walker with a suspected broken ankle."
_CLOUD = "No helicopter was available because of low cloud."
_BLENDER = "Instead of eating vegetables, he puts them in a blender and drinks them."
_COMPOSITION = "Her composition is very good except for two or three spelling errors."
_COST = "They cost just 50 dollars, and I'll give you two cans of shoe polish free as well."
NEW = [(_LACK, "Lack of food had left him weak.", Label.ENTAILMENT),
       (_HERBS, "Your Web pages are a great help to me.", Label.ENTAILMENT),
       (_TEAM, "The team was called out.", Label.ENTAILMENT),
       (_BLENDER, "Instead of eating vegetables, he puts them in a blender.", Label.ENTAILMENT)]
NEVER = [(_LACK, "had exhausted"), (_HERBS, "absorbed in herbs"), (_TEAM, "suspected ankle"), (_CLOUD, "very low"),
         (_BLENDER, "nobody"), (_COMPOSITION, "not very good except"), (_COST, "not cost at most")]
REFUSED = [("Every radio was checked before the team left the base.", "left")]
