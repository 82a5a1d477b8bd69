"""The words the natural-logic positives' rules look up (`positives`): hedges, negations and
quantifiers that make a conclusion give nothing, adjectives and adverbs never dropped, the
prepositions whose phrase may go, and the tags and categories of a plain noun phrase. Kept apart
from the rules so that the lists can be read and extended in one place."""
from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Hedges, and reporting verbs that do not make their clause true ("suggest that X" ⊭ X): a
# conclusion with one gives nothing. Matched on lower-cased words and on lemmas.
HEDGES = _words("""
    suggest suggests suggested suggesting suggestive indicate indicates indicated indicating imply implies
    implied implying propose proposes proposed hypothesize hypothesizes hypothesized hypothesise hypothesised
    hypothesis speculate speculated postulate postulated predict predicts predicted believe believed think
    thought assume assumed presume presumed suspect suspected appear appears appeared seem seems seemed hint
    hints argue argues argued claim claims claimed support supports supported may might could would should
    likely unlikely possible possibly probable probably plausible plausibly potential potentially putative
    putatively presumably apparently seemingly perhaps maybe conceivably arguably reportedly allegedly
    supposedly tentative tentatively unclear uncertain unknown controversial hypothetical speculative
    whether if unless consistent compatible expected expect expects
""")

# Adverbs of quantity and frequency: they quantify over what a phrase restricts ("frequently develop
# retinopathy in old age" does not entail "frequently develop retinopathy"); a conclusion with one gives nothing.
QUANTIFYING = _words("""
    often frequently infrequently usually commonly uncommonly generally typically always sometimes occasionally
    rarely seldom never normally mostly mainly largely predominantly primarily invariably universally
    consistently regularly routinely sporadically
""")

# Negations beyond the polarity lexicon's downward operators.
NEGATIONS = _words("""
    not n't no never none nothing nobody neither nor without cannot unable fail fails failed lack lacks
    lacked lacking no_longer independent independently regardless irrespective unrelated unaffected
    insensitive unable absent absence
""")

# Stems of words about preventing or decreasing: "prevents severe disease" does not entail "prevents
# disease", so with one of these in the conclusion no adjective is dropped (adverbs and PPs may be).
NEGATIVE_STEMS = tuple("""
    inhibit reduc decreas prevent protect block suppress lower attenuat abolish impair antagon revers lack
    loss lose eliminat diminish abrogat counteract repress downregulat down-regulat delay mitigat alleviat
    amelior limit restrict avoid resist treat therap cure deplet disrupt hinder slow stop halt oppos
    neutraliz ablat rescu compensat correct normaliz improv deficien absen delet knock silenc interfer negat
    declin shorten weaken kill destroy degrad low less fewer
""".split())

# Adjectives never dropped: direction and degree ("increased risk" is not a risk claim), kinds and
# parts that make the noun ("defective autophagy" is not autophagy), non-subsective and
# definite-like ones ("putative", "main"), quantities.
DENY_ADJECTIVES = _words("""
    increased decreased elevated reduced enhanced impaired diminished defective deficient insufficient
    excessive excess high higher highest low lower lowest great greater greatest less lesser least more
    most fewer poor poorer better worse abnormal aberrant altered normal loss absent lacking null mutant
    inactive active partial incomplete complete total overall average mean median maximal maximum minimal
    minimum net relative absolute early late daily annual chronic acute short long small large big major
    minor main primary principal leading first second third last only sole single double multiple
    predominant dominant key critical central chief same other different similar specific particular
    former false fake putative potential possible probable likely alleged apparent predicted candidate
    suspected presumed hypothetical pseudo mock artificial simulated virtual so-called unproven
    theoretical expected proposed supposed counterfeit imaginary negative positive differential
    significant insignificant necessary sufficient required essential adequate inadequate severe mild
    moderate upregulated downregulated up-regulated down-regulated lethal fatal non-fatal free
    independent dependent resistant sensitive rare common frequent infrequent new old young
""")

# Adverbs never dropped: negation, restriction, frequency (a generic claim's quantifier), hedges,
# degree that weakens a verb ("partially rescues" ⊭ "rescues"), comparison and time.
DENY_ADVERBS = _words("""
    not n't never no only solely exclusively merely just almost nearly virtually barely hardly scarcely
    rarely seldom partially partly incompletely mainly mostly largely primarily predominantly often
    frequently usually commonly generally typically always sometimes occasionally normally invariably
    universally consistently possibly probably likely potentially presumably apparently seemingly
    allegedly reportedly putatively perhaps maybe theoretically hypothetically conceivably arguably
    differentially less least more most too so as else otherwise instead rather either neither nor
    longer anymore yet previously formerly once initially originally transiently temporarily briefly
    no_longer ever early late infrequently uncommonly sporadically regularly routinely constantly continuously
    repeatedly periodically intermittently chronically
""")

# Prepositions whose phrase is a modifier of place, time or means (never "of", "with", "to", "for",
# "than", "against", "between", "on", "from": they mostly take a verb's or a noun's argument).
PREPOSITIONS = _words("in at during after before within among across throughout via following under upon by")
NOUN_PREPOSITIONS = _words("in at during within among")      # a PP modifying a noun phrase
INNER_PREPOSITIONS = _words("of to in at from")               # inside the dropped PP ("in response to Y")
# nouns whose "in" phrase is their argument ("an increase in X" is not "an increase")
ARGUMENT_NOUNS = _words("""
    increase increases decrease decreases reduction reductions rise rises fall change changes difference
    differences role roles defect defects involvement decline elevation alteration alterations variation
    variations deficiency mutation mutations interest participation success improvement loss gain gains
    shift drop expansion accumulation
""")
# comparison and ranking: a phrase may restrict what is compared or ranked ("stronger in women", "the
# main cause in children"), so a conclusion with one gives nothing
COMPARISON = _words("""
    more less most least than compared comparison versus vs vs. relative relatively better worse best worst
    main major leading primary principal predominant dominant only sole first last majority minority chief
    superior inferior higher lower greater larger smaller longer shorter stronger weaker older younger
    earlier later faster slower fewer highest lowest greatest largest smallest strongest similar similarly
    same equal equally comparable comparably different differently
""")
# evaluative words: what they are said of may not be widened ("a crucial step in endometrial
# carcinogenesis" is not a crucial step in carcinogenesis), so nothing after one is dropped (the
# evaluative word itself may go: "an important role" ⊨ "a role")
EVALUATIVE = _words("""
    crucial important key critical essential major significant vital central necessary required sufficient
    reliable pivotal fundamental integral indispensable decisive determinant responsible trivial minor
    useful effective efficient accurate specific selective sensitive predictive diagnostic prognostic
    characteristic typical hallmark marker indicator predictor cause
""")
# a definite description picks its referent by its adjectives ("the left atrium" is not "the atrium")
DEFINITE = _words("the this that these those its their his her our your 's '")
NOT_COMPARATIVES = _words("""
    modest honest earnest interest tender clever proper eager sober bitter inner outer upper utter after
    over under other former latter master sister
""")
NOMINAL_TAGS = _words("DT JJ NN NNS NNP NNPS PRP$ POS")
NOMINAL_CATEGORIES = _words("N N/N NP/N NP (N/N)/(N/N) NP[nb]/N")
CONJUNCTIONS = _words("and or nor but versus vs vs. & / ; , plus")
FINITE_TAGS = _words("VBZ VBP VBD MD")
AUXILIARIES = _words("be have do will can must shall")
NUMBER_WORDS = _words("""
    one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred
    thousand million billion half twice double triple fold percent dozen several many few numerous
    various all both each every most some any much
""")
