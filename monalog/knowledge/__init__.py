"""Knowledge for the prover: fixed facts, WordNet, pair-derived and user facts in one graph."""
