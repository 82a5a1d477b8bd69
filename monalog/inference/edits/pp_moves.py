"""A place phrase moved between the subject and the end of the verb phrase, where the target has it:
"Two kids in a pool are pushing a float" ≡ "Two kids are pushing a float in a pool". Only for a
subject with an existential or negative determiner (not "every"), whose noun the phrase ends or
follows, in a verb phrase without a downward operator ("never") and along its spine (not into "trying
to sleep")."""
from __future__ import annotations

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, leaves
from monalog.inference.droppable import operators
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import lemma_key, norm_lemma, replace_at, sentence_text, spine, verb_phrase, walk
from monalog.text.normalize import default_fragment

# determiners for which the two are equivalent (norm_lemma reads the/an/some as "a"): "every hiker on top
# of the mountain" restricts the "every"
_SITUATED = frozenset({"a", "no", "one", "two", "three", "four", "five", "several"})
_N, _NP = parse_category("N"), parse_category("NP")
_VP_PP, _N_PP = parse_category("((S\\NP)\\(S\\NP))/NP"), parse_category("(N\\N)/NP")
_VP_MOD, _N_MOD = parse_category("(S\\NP)\\(S\\NP)"), parse_category("N\\N")
_N_POST = parse_category("N\\N")


def edits(ctx: EditContext) -> Edits:
    target, tree = ctx.target, ctx.tree
    if target is None or not (isinstance(tree, Binary) and tree.rule is Rule.BA and tree.left.category == _NP
                              and verb_phrase(tree.right)):
        return
    subject, vp = tree.left, tree.right
    words = leaves(subject)
    if norm_lemma(words[0]) not in _SITUATED or any(operators(leaves(vp))):
        return
    note = "a place phrase moved between the subject and its verb phrase"
    for path, node in walk(subject):              # out of the subject, onto the verb phrase
        if isinstance(node, Binary) and node.rule is Rule.BA and node.right.category == _N_POST \
                and leaves(node.right)[-1] is words[-1] and (found := _place_phrase(node.right, _N_PP)):
            moved = Binary(_VP_MOD, Rule.FA, Leaf(_VP_PP, found[0].token), found[1], True)
            edited = Binary(tree.category, Rule.BA, replace_at(subject, path, node.left),
                            Binary(vp.category, Rule.BA, vp, moved, True), tree.head_is_left)
            if target.key[-len(lemma_key(moved)):] == lemma_key(moved):
                yield edited, Step(StepKind.REORDER, sentence_text(tree), sentence_text(edited),
                                   sentence_text(edited), note=note)
    if any(leaf.category == _N_POST or "\\" in str(leaf.category) for leaf in words):
        return                                     # the subject's last noun is not its head ("a man with a hat")
    noun = next(p for p, n in walk(subject) if n is words[-1])
    for path, node in spine((), vp):               # off the end of the verb phrase, onto the subject's noun
        if isinstance(node, Binary) and node.rule is Rule.BA and words[-1].category == _N \
                and (found := _place_phrase(node.right, _VP_PP)):
            moved = Binary(_N_MOD, Rule.FA, Leaf(_N_PP, found[0].token), found[1], True)
            new_subject = replace_at(subject, noun, Binary(words[-1].category, Rule.BA, words[-1], moved, True))
            edited = Binary(tree.category, Rule.BA, new_subject, replace_at(vp, path, node.left), tree.head_is_left)
            if target.key[:len(lemma_key(new_subject))] == lemma_key(new_subject):
                yield edited, Step(StepKind.REORDER, sentence_text(tree), sentence_text(edited),
                                   sentence_text(edited), note=note)


def _place_phrase(node: Tree, preposition_category) -> tuple[Leaf, Tree] | None:
    """(preposition, object) of a place phrase "in a pool" whose preposition has the category given and
    says where something is (normalization.tsv's @place_preposition): where the subject is and where it
    acts are alike, "a hiker on top of the mountain is dancing" / "a hiker is dancing on top of the
    mountain", in SICK's one situation."""
    if isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf) \
            and node.left.category == preposition_category \
            and default_fragment("place_preposition").fullmatch(node.left.token.lemma.lower()):
        return node.left, node.right
    return None
